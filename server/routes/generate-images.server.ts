import { Router } from 'express'
import type { Feature, ServiceDeps } from '../services.server.ts'

// Placeholder until the image-generation issue.
export function generateImagesRouter(_deps: ServiceDeps): Feature {
  const api = Router()
  api.post('/', (_req, res) => {
    res.status(503).json({ error: 'Image generation is not available yet.' })
  })
  return { api }
}
