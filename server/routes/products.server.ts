import { createHash } from 'node:crypto'
import { Router } from 'express'
import type { Store } from '../../data/store.server.ts'
import { toPublicProduct } from '../../domain/product.ts'

/** GET /api/products: the catalogue, exactly the public product fields (docs/api-and-data.md). */
export function productsRouter(store: Store): Router {
  const router = Router()
  // The body only changes with the products: serialise it once per version, not per request.
  let cached: { version: number; body: Buffer; etag: string } | undefined
  router.get('/', (_req, res) => {
    if (cached?.version !== store.productsVersion) {
      const body = Buffer.from(JSON.stringify(store.products.map(toPublicProduct)))
      cached = { version: store.productsVersion, body, etag: `"${createHash('sha1').update(body).digest('base64url')}"` }
    }
    res.setHeader('Cache-Control', 'no-cache')
    res.setHeader('ETag', cached.etag)
    res.type('application/json').send(cached.body)
  })
  return router
}
