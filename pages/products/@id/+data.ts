// https://vike.dev/data: the product, its photographs and the rest of its collection, from the store.
import { render } from 'vike/abort'
import type { PageContextServer } from 'vike/types'
import { galleryOf, type GalleryImage } from '../../../domain/product-page.ts'
import { toShopProduct, type Product } from '../../../domain/product.ts'
import type { OrderFormState } from '../../../domain/order.ts'

export type Data = {
  product: Product
  gallery: GalleryImage[]
  /** The other products of the same category. */
  related: Product[]
  /** When its photographs were last made, for the sitemap and search engines. */
  imagesGeneratedAt: string | null
  /** Whether the order form is shown in the page (`?order=1`, or a no-JavaScript order sent back). */
  ordering: boolean
  /** A no-JavaScript order sent back with its messages (never cached: rendered for that visitor). */
  orderForm: OrderFormState | null
}

export function data(pageContext: PageContextServer): Data {
  const products = pageContext.store?.products ?? []
  const stored = products.find((p) => p.id === pageContext.routeParams.id)
  // An unknown or removed product: the 404 page, with HTTP 404.
  if (!stored) throw render(404)
  const orderForm = pageContext.orderForm ?? null
  return {
    product: toShopProduct(stored),
    gallery: galleryOf(stored),
    related: products.filter((p) => p.category === stored.category && p.id !== stored.id).map(toShopProduct),
    imagesGeneratedAt: stored.imagesGeneratedAt ?? null,
    ordering: orderForm !== null || pageContext.urlParsed.search.order === '1',
    orderForm,
  }
}
