import express, { Router } from 'express'
import * as v from 'valibot'
import { ContactSchema } from '../../domain/contact-schema.ts'
import { fieldErrors } from '../../domain/form-errors.ts'
import type { Feature, ServiceDeps } from '../services.server.ts'

// Placeholder until the enquiries issue: validates and saves, no e-mail yet.
export function contactRouter({ store }: ServiceDeps): Feature {
  const api = Router()
  api.post('/', express.json({ limit: '16kb' }), async (req, res, next) => {
    const parsed = v.safeParse(ContactSchema, req.body)
    if (!parsed.success) {
      res.status(400).json({ error: 'Please correct the highlighted fields.', issues: fieldErrors(parsed.issues) })
      return
    }
    try {
      const saved = await store.addMessage({ ...parsed.output, notification: { status: 'disabled', attempts: [] } })
      res.status(201).json({ id: saved.id })
    } catch (err) {
      next(err)
    }
  })
  return { api }
}
