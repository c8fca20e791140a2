import { render } from 'vike/abort'
import type { PageContextServer } from 'vike/types'
import { fewLeftText } from '../../../domain/availability.ts'
import type { FormResults } from '../../../domain/form-results.ts'
import type { DeliveryTerms } from '../../../domain/merchant-listing.ts'
import { listingImage } from '../../../domain/product-image.ts'
import { galleryOf, type GalleryImage } from '../../../domain/product-page.ts'
import { isPaymentLink } from '../../../domain/payment-link.ts'
import { toShopProduct, type Product } from '../../../domain/product.ts'
import { publishedProducts } from '../../../domain/publishing.ts'

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
  orderForm: FormResults['order'] | null
  /** The photographs as listings take them (raster, the largest there is), main first, for its JSON-LD. */
  listingImages: string[]
  /** What delivery costs and how long it takes (DELIVERY_PRICE, DELIVERY_DAYS), for its JSON-LD. */
  terms: DeliveryTerms
}

export function data(pageContext: PageContextServer): Data {
  const { store, photoFormats, deliveryPrice, deliveryDays } = pageContext.services
  const products = publishedProducts(store.products)
  const stored = products.find((p) => p.id === pageContext.routeParams.id)
  if (!stored) throw render(404)
  const orderForm = pageContext.form?.order ?? null
  const related = products.filter((p) => p.category === stored.category && p.id !== stored.id).map(toShopProduct)
  const gallery = galleryOf(stored, photoFormats)
  return {
    product: toShopProduct(stored),
    fewLeft: fewLeftText(stored),
    gallery,
    related,
    relatedAvif: related.map((p) => p.mainImage).filter((src) => photoFormats.hasAvif(src)),
    imagesGeneratedAt: stored.imagesGeneratedAt ?? null,
    // Without a usable payment link the page says to get in touch instead (its purchase button).
    ordering: isPaymentLink(stored.paymentLink) && (orderForm !== null || pageContext.urlParsed.search.order === '1'),
    orderForm,
    listingImages: gallery.map((i) => listingImage(i.src, photoFormats)),
    terms: { deliveryPrice, deliveryDays },
  }
}
