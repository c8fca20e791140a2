import type { PageContextServer } from 'vike/types'
import type { WorkspaceTabs } from '../../../../components/admin/WorkspaceLayout.tsx'
import { workspaceTabs } from '../../workspace-tabs.ts'

/** `restored` and `changed`: after a restore (post, then 303 here). */
type SnapshotInfo = Awaited<ReturnType<PageContextServer['services']['catalogue']['snapshots']['list']>>[number]

export type Data = {
  tabs: WorkspaceTabs
  snapshots: SnapshotInfo[]
  restored: { name: string; changed: number } | null
}

export async function data(pageContext: PageContextServer): Promise<Data> {
  const { catalogue } = pageContext.services
  const { restored, changed } = pageContext.urlParsed.search
  const snapshots = await catalogue.snapshots.list()
  const done =
    restored && snapshots.some((s) => s.name === restored) ? { name: restored, changed: Number(changed) || 0 } : null
  return { tabs: await workspaceTabs(pageContext), snapshots, restored: done }
}
