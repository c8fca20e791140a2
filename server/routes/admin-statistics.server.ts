import type { RequestHandler } from 'express'
import type { Store } from '../../data/store.server.ts'
import { reportRange } from '../../domain/statistics-report.ts'
import { requestPath, routePath } from '../http/request-target.server.ts'
import { addToOwnerPage, isOwnerRequest } from '../owner/owner.server.ts'
import { dailyCsv, statisticsReport } from '../services/statistics/report.server.ts'
import type { Statistics } from '../services/statistics/statistics.server.ts'

const PAGE = '/admin/statistics'

/**
 * `GET /admin/statistics?days=7|30|365`: the figures handed to the page for
 * this request alone; `GET /admin/statistics.csv?days=...`: the daily figures.
 */
export function adminStatisticsRoutes({ store, statistics }: { store: Store; statistics: Statistics }): RequestHandler {
  return async (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next()
    const path = routePath(requestPath(req.originalUrl))
    if ((path !== PAGE && path !== `${PAGE}.csv`) || !isOwnerRequest(res)) return next()
    try {
      const report = statisticsReport({
        data: statistics.totals(),
        range: reportRange(req.query.days),
        products: store.products,
        enquiries: await store.allEnquiries(),
        counting: statistics.enabled,
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
