import { reportRange } from '../../../domain/statistics-report.ts'
import { dailyCsv } from '../../services/statistics/report.server.ts'
import type { PageRoutes } from './index.server.ts'

/** `GET /admin/statistics.csv?days=7|30|365`: the Visits page's daily figures (pages/admin/statistics/). */
export const statisticsRoutes: PageRoutes = ({ actions }, { services: { visits } }) => {
  actions.get('/statistics.csv', async (req, res) => {
    const report = await visits(reportRange(req.query.days))
    res.setHeader('Content-Type', 'text/csv; charset=utf-8')
    res.setHeader(
      'Content-Disposition',
      `attachment; filename="visits-last-${report.range}-days-to-${report.days.at(-1)!.date}.csv"`,
    )
    res.send(dailyCsv(report))
  })
}
