import type { HistoryEntry } from '../../data/catalogue-history.server.ts'
import type { Product } from '../../domain/product.ts'
import { isPublished } from '../../domain/publishing.ts'

// A draft's id (its web address) may change until it is first published; the history names a product by
// its id, so what it says of an earlier id is followed to the product's present one.

type Change = Omit<HistoryEntry, 'id' | 'at'>

/** Whether the product's web address is fixed: it is on the shop, or has been (a link to it may be out there). */
export function addressFixed(entries: readonly HistoryEntry[], product: Product): boolean {
  if (isPublished(product)) return true
  return entries.some(
    (e) =>
      e.productId === product.id &&
      [e.before, e.after].some((p) => p !== null && p.id === product.id && isPublished(p)),
  )
}

/** The id a product has now, following each change of its id the history recorded after entry `at`. */
export function idNow(entries: readonly HistoryEntry[], at: number, id: string): string {
  let now = id
  for (const e of entries.slice(at + 1)) if (e.before?.id === now && e.after && e.after.id !== now) now = e.after.id
  return now
}

/** A change of id recorded as one change of the product, not as a removal and an addition. */
export function asRename(changes: Change[], from: string, to: string): Change[] {
  const gone = changes.find((c) => c.productId === from && c.after === null)
  const made = changes.find((c) => c.productId === to && c.before === null)
  if (!gone || !made) return changes
  const rest = changes.filter((c) => c !== gone && c !== made)
  return [...rest, { ...made, before: gone.before }]
}

/**
 * Where restoring a history entry's `before` puts it: over the product it became (followed through any
 * change of its id since), taking back its id when the address may still change and that id is free.
 */
export function restoreTarget(
  entries: readonly HistoryEntry[],
  at: number,
  products: readonly Product[],
): { over: string | null; version: Product } | null {
  const entry = entries[at]
  const version = entry?.before
  if (!entry || !version) return null
  const now = idNow(entries, at, entry.after?.id ?? version.id)
  const present = products.find((p) => p.id === now)
  if (!present || now === version.id) {
    return { over: products.some((p) => p.id === version.id) ? version.id : null, version }
  }
  const keepsId = addressFixed(entries, present) || products.some((p) => p.id === version.id)
  return { over: now, version: keepsId ? { ...version, id: now } : version }
}
