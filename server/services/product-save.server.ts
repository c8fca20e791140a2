import type { HistoryEntry } from '../../data/catalogue-history.server.ts'
import { productProblem } from '../../data/check.server.ts'
import { productPath } from '../../domain/catalogue.ts'
import {
  checkProduct,
  idFromName,
  uniqueId,
  valuesOf,
  type ProductErrors,
  type ProductField,
  type ProductValues,
} from '../../domain/product-form.ts'
import type { Product } from '../../domain/product.ts'
import { withValues } from './changed-product.server.ts'
import { addressFixed } from './renamed-product.server.ts'
import { lastSetter, mergeSave } from './save-merge.server.ts'

export type SaveOutcome =
  | { ok: true; id: string }
  | { ok: false; status: 400; errors: ProductErrors }
  /**
   * A field the owner changed was also changed elsewhere (another tab) since the form was made: the
   * version saved now and theirs (what they typed, the stored values elsewhere) go back to them.
   */
  | { ok: false; status: 409; saved: ProductValues; yours: ProductValues; fields: ProductField[] }
  | { ok: false; status: 404 }

/** Tells whether an address names a photograph the site serves (server/services/served-photo.server.ts). */
export type ServedPhoto = (src: string) => Promise<boolean>

const NOT_SERVED = 'This is not a photograph of the site: upload it below (Photographs), then make it the main one.'
const PHOTO_KEPT =
  'A product keeps its main photograph: to show another first, use “Make main” under Photographs below.'

type Context = {
  current: Product
  products: readonly Product[]
  history: readonly HistoryEntry[]
  servedPhoto: ServedPhoto
  /** Why the product's id cannot change now (new photographs being made for it), or null. */
  idBusy: (id: string) => string | null
}

/**
 * The product as a save makes it: only the fields the owner changed, merged with the stored ones, or
 * why it cannot be saved. A new id (a draft's web address) is checked as a new product's is.
 */
export async function plannedSave(
  ctx: Context,
  values: ProductValues,
  base: ProductValues | null,
): Promise<{ ok: true; next: Product } | Exclude<SaveOutcome, { ok: true }>> {
  const { current } = ctx
  const stored = valuesOf(current)
  const from = base ?? stored
  const id = newIdOf(ctx, values, from)
  const renaming = id !== current.id
  const checked = checkProduct({ ...values, id }, { isNew: renaming })
  if (!checked.success) return { ok: false, status: 400, errors: checked.errors }
  const refused = renaming ? idRefusal(ctx, id) : null
  if (refused) return { ok: false, status: 400, errors: { id: refused } }
  const merge = mergeSave({
    base: from,
    posted: checked.values,
    typed: values,
    stored,
    lastSetBy: lastSetter(ctx.history, current.id),
  })
  if (merge.conflicts.length > 0)
    return { ok: false, status: 409, saved: stored, yours: { ...merge.yours, id: values.id }, fields: merge.conflicts }
  const photo = merge.changed.mainImage === undefined ? null : await photoProblem(ctx, merge.changed.mainImage)
  if (photo) return { ok: false, status: 400, errors: { mainImage: photo } }
  const next = { ...withValues(current, merge.changed), id }
  const problem = productProblem(next)
  if (problem) return { ok: false, status: 400, errors: { name: `This product cannot be saved: ${problem}.` } }
  return { ok: true, next }
}

/** The id the form asks for: unchanged unless the owner changed it; left empty, one made from the name. */
function newIdOf({ current, products }: Context, values: ProductValues, from: ProductValues): string {
  const wanted = values.id.trim()
  if (wanted === from.id || wanted === current.id) return current.id
  if (wanted) return wanted
  const others = new Set(products.filter((p) => p !== current).map((p) => p.id))
  return uniqueId(idFromName(values.name), others)
}

function idRefusal({ current, products, history, idBusy }: Context, id: string): string | null {
  if (addressFixed(history, current))
    return `It has been on the shop, so its web address stays as it was: ${productPath(current)}.`
  if (products.some((p) => p !== current && p.id === id))
    return `Another product already has the id ${id}; choose another.`
  return idBusy(current.id)
}

async function photoProblem({ current, servedPhoto }: Context, src: string): Promise<string | null> {
  if (src === '') return current.mainImage ? PHOTO_KEPT : null
  return (await servedPhoto(src)) ? null : NOT_SERVED
}
