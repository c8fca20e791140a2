import { Router } from 'express'
import type { Store } from '../../data/store.server.ts'
import { toPublicProduct } from '../../domain/product.ts'

/** GET /api/products: the catalogue, exactly the CONTRACT's fields. */
export function productsRouter(store: Store): Router {
  const router = Router()
  router.get('/', (_req, res) => {
    res.setHeader('Cache-Control', 'no-cache')
    res.json(store.products.map(toPublicProduct))
  })
  return router
}
