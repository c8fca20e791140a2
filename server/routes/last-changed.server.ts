import type { HistoryEntry } from '../../data/catalogue-history.server.ts'
import { CATEGORIES, type Category } from '../../domain/business.ts'
import type { Product, StoredProduct } from '../../domain/product.ts'
import { isPublished } from '../../domain/publishing.ts'

/** The day (YYYY-MM-DD) each page of the catalogue last changed for visitors, read from the catalogue's history. */
export type LastChanged = {
  product(product: StoredProduct): string | undefined
  /** `/products` (all) or one category of it. */
  listing(category: Category | 'all'): string | undefined
}

const later = (a: string | undefined, b: string | undefined) => (a === undefined || (b !== undefined && b > a) ? b : a)
const shown = (p: Product | null): p is Product => p !== null && isPublished(p)

/**
 * A product's page changed with each change of it (and with a generation run's photographs); a list
 * changed when a product shown on it did, or the shop's order. Changes to drafts count for no list.
 */
export function lastChanged(entries: readonly HistoryEntry[]): LastChanged {
  const products = new Map<string, string>()
  const listings = new Map<Category | 'all', string>()
  const touch = (key: Category | 'all', day: string) => listings.set(key, later(listings.get(key), day)!)
  for (const entry of entries) {
    const day = entry.at.slice(0, 10)
    products.set(entry.productId, later(products.get(entry.productId), day)!)
    const sides = [entry.before, entry.after].filter(shown)
    if (entry.order || sides.length > 0) touch('all', day)
    for (const side of sides) touch(side.category, day)
    if (entry.order) for (const key of CATEGORIES) touch(key, day)
  }
  return {
    product: (p) => later(products.get(p.id), p.imagesGeneratedAt?.slice(0, 10)),
    listing: (category) => listings.get(category),
  }
}
