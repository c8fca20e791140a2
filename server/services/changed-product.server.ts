import { isDeepStrictEqual } from 'node:util'
import { photosOf } from '../../domain/product-page.ts'
import type { Product, StoredProduct } from '../../domain/product.ts'
import type { ProductField, ProductValues } from '../../domain/product-form.ts'

// A product changed as the owner asked, built anew: stored products are never changed in place.

/** What the owner does to one of a product's photographs. */
export type PhotoAction = 'main' | 'earlier' | 'later' | 'remove'
export const PHOTO_ACTIONS: readonly PhotoAction[] = ['main', 'earlier', 'later', 'remove']

/** The photograph's place (0: main) in the list acted on; 'stale' when the form was made from another list. */
export type PhotoOutcome = { at: number } | 'stale' | 'missing'

/** A removed photograph's files stay, as the history may still show it. */
export function withPhotos(product: StoredProduct, src: string, action: PhotoAction | 'add'): StoredProduct {
  const list = action === 'add' ? [...photosOf(product), src] : photosOf(product)
  const at = list.indexOf(src)
  if (at < 0) return product
  if (action === 'remove') {
    if (list.length === 1) return product // a product keeps one photograph
    list.splice(at, 1)
  } else if (action === 'main') {
    list.splice(at, 1)
    list.unshift(src)
  } else if (action === 'earlier' || action === 'later') {
    const to = action === 'earlier' ? at - 1 : at + 1
    if (to < 0 || to >= list.length) return product
    ;[list[at], list[to]] = [list[to]!, list[at]!]
  }
  return withPhotoList(product, list)
}

/** The fields a generation run writes, as `was` had them (absent ones removed). */
export function withRunFields(product: StoredProduct, was: StoredProduct): Product {
  const next: Record<string, unknown> = { ...product, mainImage: was.mainImage }
  for (const field of ['images', 'imagesGeneratedAt', 'imageModel'] as const) {
    if (was[field] === undefined) delete next[field]
    else next[field] = was[field]
  }
  return next as Product
}

export const withPhotoList = (product: StoredProduct, list: readonly string[]): StoredProduct => ({
  ...product,
  mainImage: list[0]!,
  photos: list.slice(1).map((s) => ({ src: s })),
})

/** The product's values with `values` written over them; fields the form does not know (photographs) are kept. */
export function withValues(product: Product, values: Partial<ProductValues>): Product {
  const next: Record<string, unknown> = { ...product }
  for (const [field, value] of Object.entries(values) as [ProductField, string | undefined][]) {
    if (field === 'id' || value === undefined) continue
    if (field === 'availability' && value === 'in-stock' && product.availability === undefined) continue
    next[field] = value
    // The form's text, as the data file keeps it: a number, a true; empty is absent.
    if (field === 'stock') next.stock = value === '' ? undefined : Number(value)
    if (field === 'showFewLeft') next.showFewLeft = value === 'on' || undefined
    if (next[field] === undefined) delete next[field]
  }
  if (next.availability !== 'made-to-order' || next.leadTime === '') delete next.leadTime
  return next as Product
}

/**
 * `next`, made from `from`, as a change of `now` (the product as it stands when the write goes in):
 * the fields `next` changed, and `now`'s own elsewhere. An owner's hand edit of the data file taken
 * in between the two (the writer reads the file before each write) keeps every field of its own.
 */
export function rebased<P extends StoredProduct>(from: P, next: P, now: P): P {
  if (now === from) return next
  const out: Record<string, unknown> = { ...now }
  const before = from as Record<string, unknown>
  const after = next as Record<string, unknown>
  for (const key of new Set([...Object.keys(before), ...Object.keys(after)])) {
    if (isDeepStrictEqual(before[key], after[key])) continue
    if (after[key] === undefined) delete out[key]
    else out[key] = after[key]
  }
  return out as P
}

/** The write that puts `next` (made from `from`) in place of product `id`, rebased on the list it goes into. */
export const replacing =
  <P extends StoredProduct>(id: string, from: P, next: P) =>
  (products: readonly P[]): P[] =>
    products.map((p) => (p.id === id ? rebased(from, next, p) : p))
