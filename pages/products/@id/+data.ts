import { render } from 'vike/abort'
import { fewLeftText } from '../../../domain/availability.ts'
import type { PageContextServer } from 'vike/types'
import { galleryOf, type GalleryImage } from '../../../domain/product-page.ts'
import { isPaymentLink } from '../../../domain/payment-link.ts'
import { toShopProduct, type Product } from '../../../domain/product.ts'
import { publishedProducts } from '../../../domain/publishing.ts'
import type { OrderFormState } from '../../../domain/order.ts'

export type Data = {
  product: Product
  /** 'Only 1 left' when the owner shows it (worked out here: the page's script need not know how). */
  fewLeft: string | null
  gallery: GalleryImage[]
  related: Product[]
  /** The related products' main photographs that have AVIF twins. */
  relatedAvif: string[]
  imagesGeneratedAt: string | null
  ordering: boolean
  /** A no-JavaScript order sent back with its messages (never cached: rendered for that visitor). */
  orderForm: OrderFormState | null
}

export function data(pageContext: PageContextServer): Data {
  const products = publishedProducts(pageContext.store?.products ?? [])
  const stored = products.find((p) => p.id === pageContext.routeParams.id)
  if (!stored) throw render(404)
  const orderForm = pageContext.orderForm ?? null
  const related = products.filter((p) => p.category === stored.category && p.id !== stored.id).map(toShopProduct)
  return {
    product: toShopProduct(stored),
    fewLeft: fewLeftText(stored),
    gallery: galleryOf(stored, pageContext.photoFormats),
    related,
    relatedAvif: related.map((p) => p.mainImage).filter((src) => pageContext.photoFormats?.hasAvif(src)),
    imagesGeneratedAt: stored.imagesGeneratedAt ?? null,
    // Without a usable payment link the page says to get in touch instead (its purchase button).
    ordering: isPaymentLink(stored.paymentLink) && (orderForm !== null || pageContext.urlParsed.search.order === '1'),
    orderForm,
  }
}
