import { Router } from 'express'
import type { Store } from '../../data/store.server.ts'
import { isPaymentLink } from '../../domain/payment-link.ts'
import { toPublicProduct } from '../../domain/product.ts'
import { publishedProducts } from '../../domain/publishing.ts'
import type { ResponseCache } from '../cache/response-cache.server.ts'

/** GET /api/products: the published catalogue, exactly the public product fields (docs/api-and-data.md). */
export function productsRouter(store: Store, responses: ResponseCache): Router {
  const router = Router()
  // The body only changes with the products: made once per version, kept compressed by the cache.
  router.get('/', (req, res) => {
    res.setHeader('Cache-Control', 'no-cache')
    res.type('application/json')
    // A product whose payment link the site will not use cannot be ordered: no client is handed that link.
    const orderable = () => publishedProducts(store.products).filter((p) => isPaymentLink(p.paymentLink))
    responses.sendShared(req, res, () => Buffer.from(JSON.stringify(orderable().map(toPublicProduct))))
  })
  return router
}
