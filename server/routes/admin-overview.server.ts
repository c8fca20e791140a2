import { Router, type NextFunction, type Request, type RequestHandler, type Response } from 'express'
import { UnknownSnapshotError } from '../../data/snapshots.server.ts'
import type { ShopHealth } from '../../domain/shop-health.ts'
import { requestPath, routePath } from '../http/request-target.server.ts'
import { addToOwnerPage, isOwnerRequest } from '../owner/owner.server.ts'
import type { CatalogueService } from '../services/catalogue.server.ts'
import type { OrdersService } from '../services/orders/orders.server.ts'

type Deps = { catalogue: CatalogueService; health: () => Promise<ShopHealth>; orders: OrdersService }

/**
 * The overview's list of what needs the owner (health and orders, for this request alone), undoing a generation
 * run, and restoring a snapshot after its confirmation page: forms that post, then 303 back.
 */
export function adminOverviewRoutes({ catalogue, health, orders }: Deps): Router {
  const routes = Router()
  const handle =
    (fn: (req: Request, res: Response, next: NextFunction) => Promise<void>): RequestHandler =>
    (req, res, next) =>
      void fn(req, res, next).catch(next)

  routes.get(
    '/admin',
    handle(async (req, res, next) => {
      if (routePath(requestPath(req.originalUrl)) !== '/admin' || !isOwnerRequest(res)) return next()
      // An orders file that cannot be read (logged where it is opened) leaves the rest of the overview as it is.
      const [shopHealth, orderCounts] = await Promise.all([health(), orders.counts().catch(() => undefined)])
      addToOwnerPage(res, { shopHealth, ...(orderCounts ? { orderCounts } : {}) })
      next()
    }),
  )

  routes.post(
    '/admin/runs/:run/undo',
    handle(async (req, res) => {
      const undone = await catalogue.undoRun(String(req.params.run))
      res.redirect(
        303,
        undone
          ? `/admin?undone=${undone.restored}${undone.changedSince.length ? `&kept=${undone.changedSince.length}` : ''}`
          : '/admin',
      )
    }),
  )

  routes.post(
    '/admin/snapshots/:name/restore',
    handle(async (req, res) => {
      const name = String(req.params.name)
      const restored = await catalogue.restoreSnapshot(name).catch((err: unknown) => {
        if (err instanceof UnknownSnapshotError) return null
        throw err
      })
      // A snapshot pruned since the list was opened (or never there): back to the list as it is now.
      if (!restored) return res.redirect(303, '/admin/snapshots')
      const { changed } = restored
      res.redirect(303, `/admin/snapshots?restored=${encodeURIComponent(name)}&changed=${changed}`)
    }),
  )
  return routes
}
