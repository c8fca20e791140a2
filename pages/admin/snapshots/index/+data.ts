import type { PageContextServer } from 'vike/types'
import { ownerOnly } from '../../owner-only.ts'

/** `restored` and `changed`: after a restore (post, then 303 here). */
type SnapshotInfo = Awaited<ReturnType<ReturnType<typeof ownerOnly>['catalogue']['snapshots']['list']>>[number]

export type Data = { snapshots: SnapshotInfo[]; restored: { name: string; changed: number } | null }

export async function data(pageContext: PageContextServer): Promise<Data> {
  const { catalogue } = ownerOnly(pageContext)
  const { restored, changed } = pageContext.urlParsed.search
  const snapshots = await catalogue.snapshots.list()
  const done =
    restored && snapshots.some((s) => s.name === restored) ? { name: restored, changed: Number(changed) || 0 } : null
  return { snapshots, restored: done }
}
