import { Router } from 'express'
import type { Store } from '../../data/store.server.ts'
import { toShopProduct } from '../../domain/product.ts'
import { publishedProducts } from '../../domain/publishing.ts'

/**
 * GET /api/products/{id}: one product as the shop sells it now (its price and
 * availability), asked by the order dialog before the payment page opens.
 */
export function productStateRouter(store: Store): Router {
  const router = Router()
  router.get('/:id', (req, res) => {
    // Checked again on every use (a strong ETag makes it a 304 when unchanged): a kept copy would sell on old terms.
    res.setHeader('Cache-Control', 'no-cache')
    const product = publishedProducts(store.products).find((p) => p.id === req.params.id)
    if (!product) return void res.status(404).json({ error: 'There is no such product in the shop.' })
    res.json(toShopProduct(product))
  })
  return router
}
