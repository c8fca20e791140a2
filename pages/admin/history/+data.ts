import type { PageContextServer } from 'vike/types'
import { fieldChanges, type FieldChange } from '../../../domain/product-changes.ts'
import { photosOf } from '../../../domain/product-page.ts'
import type { StoredProduct } from '../../../domain/product.ts'
import type { WorkspaceTabs } from '../../../components/admin/WorkspaceLayout.tsx'
import { workspaceTabs } from '../workspace-tabs.ts'

export type Change = {
  id: string
  at: string
  who: string
  what: string
  product: string
  /** Each field the change touched, named and shown as the product form does. */
  fields: FieldChange[]
  /** The photographs, main first, before and after, when the change touched them. */
  photos: { before: string[]; after: string[] } | null
  /** For a change of order: the products' names, first shown first, before and after. */
  order: { before: string[]; after: string[] } | null
  restorable: boolean
}

export type Data = { changes: Change[]; more: number; tabs: WorkspaceTabs }

type HistoryEntry = Awaited<ReturnType<PageContextServer['services']['catalogue']['history']['all']>>[number]

const SHOWN = 100
const WHAT: Record<string, string> = {
  edit: 'changed',
  add: 'added',
  duplicate: 'added as a copy',
  remove: 'removed',
  restore: 'restored',
  photos: 'photographs changed',
  'new-photos': 'new photographs chosen',
  'file-edit': 'changed in the data file',
  'snapshot-restore': 'restored from a snapshot',
  reorder: 'moved in the order',
  publish: 'published: on the shop now',
  unpublish: 'taken off the shop (kept as a draft)',
  generation: 'new main photograph from a generation run',
  'undo-generation': 'main photograph put back (a generation run undone)',
  stock: 'stock counted by an order',
}

/** A change that added or removed the product says so, whoever made it. */
const ADDED: Record<string, string> = {
  'file-edit': 'added in the data file',
  'snapshot-restore': 'brought back by restoring a snapshot',
}
const REMOVED: Record<string, string> = {
  'file-edit': 'removed from the data file',
  'snapshot-restore': 'removed by restoring a snapshot (it was not in it)',
}

const WHO: Record<HistoryEntry['who'], string> = {
  owner: 'You, in the workspace',
  'data file': 'An edit of the data file',
  command: 'A command in the shell (npm run snapshots)',
  restore: 'A snapshot restored in the workspace',
  generation: 'A generation run',
  order: 'An order',
}

function whoOf(e: HistoryEntry): string {
  // Restores from the shell were once recorded as the workspace's.
  if (e.action === 'snapshot-restore' && e.who === 'owner') return 'A restore of a snapshot'
  if (e.orderId) return `Order ${e.orderId}`
  return WHO[e.who] ?? e.who
}

function whatOf(e: HistoryEntry): string {
  if (e.action === 'undo-generation' && !e.before && !e.after)
    return 'a generation run undone: every photograph had been changed since, so nothing went back'
  if (e.before === null && e.after !== null) return ADDED[e.action] ?? WHAT[e.action] ?? e.action
  if (e.after === null && e.before !== null) return REMOVED[e.action] ?? WHAT[e.action] ?? e.action
  return WHAT[e.action] ?? e.action
}

function photosChange(e: HistoryEntry): Change['photos'] {
  const before = e.before ? photosOf(e.before as StoredProduct) : []
  const after = e.after ? photosOf(e.after as StoredProduct) : []
  if (!e.before || !e.after || JSON.stringify(before) === JSON.stringify(after)) return null
  return { before, after }
}

export async function data(pageContext: PageContextServer): Promise<Data> {
  const { catalogue, store } = pageContext.services
  const all = await catalogue.history.all()
  const names = new Map<string, string>()
  for (const e of all) for (const p of [e.before, e.after]) if (p) names.set(p.id, p.name)
  for (const p of store.products) names.set(p.id, p.name)
  const named = (ids: string[]) => ids.map((id) => names.get(id) ?? id)
  const changes = all
    .slice(-SHOWN)
    .reverse()
    .map((e) => ({
      id: e.id,
      at: e.at,
      who: whoOf(e),
      what: whatOf(e),
      product: (e.after ?? e.before)?.name ?? names.get(e.productId) ?? e.productId,
      fields: e.order
        ? [
            {
              field: 'place in the shop',
              before: String(e.order.before.indexOf(e.productId) + 1),
              after: String(e.order.after.indexOf(e.productId) + 1),
            },
          ].filter((f) => f.after !== '0')
        : // Photographs are shown as pictures, never as their addresses.
          fieldChanges(e.before, e.after),
      photos: photosChange(e),
      order: e.order ? { before: named(e.order.before), after: named(e.order.after) } : null,
      restorable: e.before !== null || e.order !== undefined,
    }))
  return { changes, more: Math.max(0, all.length - SHOWN), tabs: await workspaceTabs(pageContext) }
}
