import type { Product } from './product.ts'

/** The one place that says what visitors see: every product but the owner's drafts. */
export const isPublished = (product: Pick<Product, 'status'>): boolean => product.status !== 'draft'

/** The products the shop shows, in its order. */
export function publishedProducts<P extends Pick<Product, 'status'>>(products: readonly P[]): P[] {
  return products.filter(isPublished)
}
