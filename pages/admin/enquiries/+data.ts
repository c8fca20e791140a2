import type { PageContextServer } from 'vike/types'
import type { WorkspaceTabs } from '../../../components/admin/WorkspaceLayout.tsx'
import { inboxNotice, parseInboxFilter, type InboxView } from '../../../domain/inbox.ts'
import { queryOf } from '../../../domain/page-query.ts'
import { workspaceTabs } from '../workspace-tabs.ts'

/**
 * The list for the filter in the address, with the sentence after an action (`?done=`);
 * its actions: server/routes/admin/enquiries.server.ts.
 */
export type Data = { inbox: InboxView; tabs: WorkspaceTabs }

export async function data(pageContext: PageContextServer): Promise<Data> {
  const { search, searchAll } = pageContext.urlParsed
  const inbox = await pageContext.services.inbox.list(parseInboxFilter(queryOf(searchAll)), inboxNotice(search.done))
  return { inbox, tabs: await workspaceTabs(pageContext) }
}
