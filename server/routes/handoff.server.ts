import { Router, type Request } from 'express'
import type { Store } from '../../data/store.server.ts'
import { publishedProducts } from '../../domain/publishing.ts'
import { clientKey } from '../http/client-key.server.ts'
import { handoffAllowance } from '../services/statistics/handoff-limit.ts'
import { isVisitor } from '../http/page-views.server.ts'
import type { OwnerCheck } from '../owner/owner.server.ts'
import type { Statistics } from '../services/statistics/statistics.server.ts'

/**
 * Counts an order sent on to a product's payment page, unless a bot or the owner sent it, at most
 * HANDOFFS_PER_MINUTE a minute per visitor: the form post's and the dialog's one rule.
 */
export type CountHandoff = (req: Request, productId: string) => void

export function handoffCounter(statistics: Statistics, owner: OwnerCheck): CountHandoff {
  const allowed = handoffAllowance()
  return (req, productId) => {
    if (isVisitor(req, owner.signedIn) && allowed(clientKey(req.ip))) statistics.handoff(productId)
  }
}

/**
 * The shop's own page asked, with `fetch`: the browser says so (Fetch Metadata). An `<img>` or a link
 * on another site, a script without these headers, or a page opened at this address count nothing.
 */
function fromOwnPage(req: Request): boolean {
  const dest = req.get('sec-fetch-dest')
  return req.get('sec-fetch-site') === 'same-origin' && (dest === undefined || dest === 'empty')
}

/**
 * GET /api/handoff/{id}: the order dialog says it sent the visitor on to a product's payment page.
 * A GET naming the product alone, so nothing the visitor typed ever reaches the server. The answer is
 * the same whether it was counted or not.
 */
export function handoffRouter({ store, countHandoff }: { store: Store; countHandoff: CountHandoff }): Router {
  const router = Router()
  router.get('/:id', (req, res) => {
    res.setHeader('Cache-Control', 'no-store')
    const product = publishedProducts(store.products).find((p) => p.id === req.params.id)
    if (!product) return void res.status(404).json({ error: 'There is no such product in the shop.' })
    if (fromOwnPage(req)) countHandoff(req, product.id)
    res.status(204).end()
  })
  return router
}
