import type { PageContextServer } from 'vike/types'
import { PRODUCT_FIELDS } from '../../../domain/product-form.ts'
import type { Product } from '../../../domain/product.ts'
import { ownerOnly } from '../owner-only.ts'

export type Change = {
  id: string
  at: string
  who: string
  what: string
  product: string
  fields: { field: string; before: string; after: string }[]
  /** For a change of order: the products' names, first shown first, before and after. */
  order: { before: string[]; after: string[] } | null
  restorable: boolean
}

export type Data = { changes: Change[]; more: number }

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
}

const shown = (p: Product | null, field: string) => {
  const value = p ? (p as Record<string, unknown>)[field] : undefined
  return value === undefined ? '' : typeof value === 'string' ? value : JSON.stringify(value)
}

export async function data(pageContext: PageContextServer): Promise<Data> {
  const { catalogue, store } = ownerOnly(pageContext)
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
      who: e.who === 'owner' ? 'You, in the workspace' : 'An edit of the data file',
      what: WHAT[e.action] ?? e.action,
      product: (e.after ?? e.before)?.name ?? names.get(e.productId) ?? e.productId,
      fields: e.order
        ? [{ field: 'place in the shop', before: String(e.order.before.indexOf(e.productId) + 1), after: String(e.order.after.indexOf(e.productId) + 1) }].filter((f) => f.after !== '0')
        : [...PRODUCT_FIELDS.filter((f) => f !== 'id'), 'images', 'status']
            .map((field) => ({ field, before: shown(e.before, field), after: shown(e.after, field) }))
            .filter((f) => f.before !== f.after),
      order: e.order ? { before: named(e.order.before), after: named(e.order.after) } : null,
      restorable: e.before !== null || e.order !== undefined,
    }))
  return { changes, more: Math.max(0, all.length - SHOWN) }
}
