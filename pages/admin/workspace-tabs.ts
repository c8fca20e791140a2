import type { PageContextServer } from 'vike/types'
import type { WorkspaceTabs } from '../../components/admin/WorkspaceLayout.tsx'

/** What the workspace's tabs show beside their names: every workspace page's `+data` returns it for its layout. */
export async function workspaceTabs({ services }: PageContextServer): Promise<WorkspaceTabs> {
  return { newEnquiries: await services.inbox.newCount() }
}
