import type { CategoryFilter } from './business.ts'
import type { Product } from './product.ts'

/** How many products each filter shows. */
export function countByFilter(products: readonly Product[]): Record<CategoryFilter, number> {
  const counts: Record<CategoryFilter, number> = { all: products.length, belts: 0, footwear: 0, bags: 0 }
  for (const p of products) counts[p.category]++
  return counts
}

/** The products a filter shows, in the catalogue's order. */
export function productsIn<P extends Pick<Product, 'category'>>(products: readonly P[], filter: CategoryFilter): P[] {
  return filter === 'all' ? [...products] : products.filter((p) => p.category === filter)
}

/** The address of the catalogue showing `filter`. */
export function filterHref(filter: CategoryFilter): string {
  return filter === 'all' ? '/products' : `/products?category=${filter}`
}

/** The address of a product's own page. */
export function productPath(product: Pick<Product, 'id'>): string {
  return `/products/${encodeURIComponent(product.id)}`
}
