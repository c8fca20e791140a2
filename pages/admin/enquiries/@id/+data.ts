import { render } from 'vike/abort'
import type { PageContextServer } from 'vike/types'
import type { WorkspaceTabs } from '../../../../components/admin/WorkspaceLayout.tsx'
import { inboxNotice, parseInboxFilter, type EnquiryView } from '../../../../domain/inbox.ts'
import { queryOf } from '../../../../domain/page-query.ts'
import { workspaceTabs } from '../../workspace-tabs.ts'

/** One enquiry (opening it marked it read: server/routes/admin/enquiries.server.ts), with the list's filter kept. */
export type Data = { enquiry: EnquiryView; tabs: WorkspaceTabs }

export async function data(pageContext: PageContextServer): Promise<Data> {
  const { inbox } = pageContext.services
  const m = await inbox.find(pageContext.routeParams.id ?? '')
  if (!m) throw render(404)
  const { search, searchAll } = pageContext.urlParsed
  const enquiry = inbox.view(m, {
    filter: parseInboxFilter(queryOf(searchAll)),
    notice: inboxNotice(search.done),
    confirmDelete: search.confirm === 'delete',
    replyReady: search.done === 'replied',
  })
  // Counted after opening it has marked it read.
  return { enquiry, tabs: await workspaceTabs(pageContext) }
}
