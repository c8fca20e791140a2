import { render } from 'vike/abort'
import type { PageContextServer } from 'vike/types'
import { galleryOf, type GalleryImage } from '../../../domain/product-page.ts'
import { toShopProduct, type Product } from '../../../domain/product.ts'
import type { OrderFormState } from '../../../domain/order.ts'

export type Data = {
  product: Product
  gallery: GalleryImage[]
  related: Product[]
  imagesGeneratedAt: string | null
  ordering: boolean
  /** A no-JavaScript order sent back with its messages (never cached: rendered for that visitor). */
  orderForm: OrderFormState | null
}

export function data(pageContext: PageContextServer): Data {
  const products = pageContext.store?.products ?? []
  const stored = products.find((p) => p.id === pageContext.routeParams.id)
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
