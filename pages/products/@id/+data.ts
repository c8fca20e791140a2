import { render } from 'vike/abort'
import type { PageContextServer } from 'vike/types'
import type { FormResults } from '../../../domain/form-results.ts'
import { galleryOf, type GalleryImage } from '../../../domain/product-page.ts'
import { isPaymentLink } from '../../../domain/payment-link.ts'
import { toShopProduct, type Product } from '../../../domain/product.ts'
import { publishedProducts } from '../../../domain/publishing.ts'

export type Data = {
  product: Product
  gallery: GalleryImage[]
  related: Product[]
  /** The related products' main photographs that have AVIF twins. */
  relatedAvif: string[]
  imagesGeneratedAt: string | null
  ordering: boolean
  /** A no-JavaScript order sent back with its messages (never cached: rendered for that visitor). */
  orderForm: FormResults['order'] | null
  /** What delivery costs ('4.95', DELIVERY_PRICE), for the listing's shipping details; null when not set. */
  deliveryPrice: string | null
}

export function data(pageContext: PageContextServer): Data {
  const { store, photoFormats, deliveryPrice } = pageContext.services
  const products = publishedProducts(store.products)
  const stored = products.find((p) => p.id === pageContext.routeParams.id)
  if (!stored) throw render(404)
  const orderForm = pageContext.form?.order ?? null
  const related = products.filter((p) => p.category === stored.category && p.id !== stored.id).map(toShopProduct)
  return {
    product: toShopProduct(stored),
    gallery: galleryOf(stored, photoFormats),
    related,
    relatedAvif: related.map((p) => p.mainImage).filter((src) => photoFormats.hasAvif(src)),
    imagesGeneratedAt: stored.imagesGeneratedAt ?? null,
    // Without a usable payment link the page says to get in touch instead (its purchase button).
    ordering: isPaymentLink(stored.paymentLink) && (orderForm !== null || pageContext.urlParsed.search.order === '1'),
    orderForm,
    deliveryPrice: deliveryPrice ?? null,
  }
}
