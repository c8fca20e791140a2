import type { PageContextServer } from 'vike/types'
import type { WorkspaceTabs } from '../../../components/admin/WorkspaceLayout.tsx'
import { reportRange, type StatisticsReport } from '../../../domain/statistics-report.ts'
import { workspaceTabs } from '../workspace-tabs.ts'

/** `?days=7|30|365`: the figures for that range (its CSV: server/routes/admin/statistics.server.ts). */
export type Data = { report: StatisticsReport; tabs: WorkspaceTabs }

export async function data(pageContext: PageContextServer): Promise<Data> {
  const report = await pageContext.services.visits(reportRange(pageContext.urlParsed.search.days))
  return { report, tabs: await workspaceTabs(pageContext) }
}
