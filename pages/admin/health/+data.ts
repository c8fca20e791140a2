import type { PageContextServer } from 'vike/types'
import type { WorkspaceTabs } from '../../../components/admin/WorkspaceLayout.tsx'
import type { ShopHealth } from '../../../domain/shop-health.ts'
import { workspaceTabs } from '../workspace-tabs.ts'

export type Data = { health: ShopHealth; tabs: WorkspaceTabs }

export async function data(pageContext: PageContextServer): Promise<Data> {
  return { health: await pageContext.services.health(), tabs: await workspaceTabs(pageContext) }
}
