import type { RequestHandler } from 'express'
import type { Store } from '../../data/store.server.ts'
import { reportRange } from '../../domain/statistics-report.ts'
import { requestPath, routePath } from '../http/request-target.server.ts'
import { addToOwnerPage, isOwnerRequest } from '../owner/owner.server.ts'
import type { OrdersService } from '../services/orders/orders.server.ts'
import { dailyCsv, statisticsReport } from '../services/statistics/report.server.ts'
import { ukDay, type Statistics } from '../services/statistics/statistics.server.ts'

const PAGE = '/admin/statistics'
const DAY_MS = 24 * 60 * 60 * 1000

type Deps = {
  store: Store
  statistics: Statistics
  orders: OrdersService
  /** Whether Stripe's events reach the shop (STRIPE_WEBHOOK_SECRET): its paid orders are shown then. */
  takesOrders: boolean
}

/**
 * `GET /admin/statistics?days=7|30|365`: the figures handed to the page for
 * this request alone; `GET /admin/statistics.csv?days=...`: the daily figures.
 */
export function adminStatisticsRoutes({ store, statistics, orders, takesOrders }: Deps): RequestHandler {
  return async (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next()
    const path = routePath(requestPath(req.originalUrl))
    if ((path !== PAGE && path !== `${PAGE}.csv`) || !isOwnerRequest(res)) return next()
    try {
      const range = reportRange(req.query.days)
      const sales = await salesOf(orders, range, takesOrders)
      const report = statisticsReport({
        data: statistics.totals(),
        range,
        products: store.products,
        enquiries: await store.allEnquiries(),
        counting: statistics.enabled,
        ...(sales ? { sales } : {}),
      })
      if (path === PAGE) {
        addToOwnerPage(res, { statisticsReport: report })
        return next()
      }
      res.setHeader('Content-Type', 'text/csv; charset=utf-8')
      res.setHeader(
        'Content-Disposition',
        `attachment; filename="visits-last-${report.range}-days-to-${report.days.at(-1)!.date}.csv"`,
      )
      res.send(dailyCsv(report))
    } catch (err) {
      next(err)
    }
  }
}

/**
 * The range's paid orders: shown when the shop takes Stripe's events, or holds orders of the range from
 * when it did; an orders file that cannot be read leaves them out (it is logged where it is opened).
 */
async function salesOf(orders: OrdersService, range: number, takesOrders: boolean) {
  const from = ukDay(Date.now() - range * DAY_MS)
  const sales = await orders.salesByDay({ from }).catch(() => null)
  return sales && (takesOrders || sales.length > 0) ? sales : undefined
}
