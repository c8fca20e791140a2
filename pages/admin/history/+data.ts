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
}

const shown = (p: Product | null, field: string) => {
  const value = p ? (p as Record<string, unknown>)[field] : undefined
  return value === undefined ? '' : typeof value === 'string' ? value : JSON.stringify(value)
}

export async function data(pageContext: PageContextServer): Promise<Data> {
  const { catalogue } = ownerOnly(pageContext)
  const all = await catalogue.history.all()
  const changes = all
    .slice(-SHOWN)
    .reverse()
    .map((e) => ({
      id: e.id,
      at: e.at,
      who: e.who === 'owner' ? 'You, in the workspace' : 'An edit of the data file',
      what: WHAT[e.action] ?? e.action,
      product: (e.after ?? e.before)?.name ?? e.productId,
      fields: [...PRODUCT_FIELDS.filter((f) => f !== 'id'), 'images']
        .map((field) => ({ field, before: shown(e.before, field), after: shown(e.after, field) }))
        .filter((f) => f.before !== f.after),
      restorable: e.before !== null,
    }))
  return { changes, more: Math.max(0, all.length - SHOWN) }
}
