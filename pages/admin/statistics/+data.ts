import { render } from 'vike/abort'
import type { PageContextServer } from 'vike/types'
import type { StatisticsReport } from '../../../domain/statistics-report.ts'

export type Data = { report: StatisticsReport; newEnquiries: number }

export function data(pageContext: PageContextServer): Data {
  const report = pageContext.statisticsReport
  if (!report) throw render(404)
  return { report, newEnquiries: pageContext.newEnquiries ?? 0 }
}
