import type { PageContext } from 'vike/types'
import { breadcrumbJsonLd, productJsonLd } from '../../../domain/product-page.ts'
import type { Data } from './+data.ts'

/**
 * The product with its offer, and its place in the shop
 * (https://developers.google.com/search/docs/appearance/structured-data/product).
 */
export default (pc: PageContext<Data>) => {
  const { product, gallery } = pc.data
  const origin = pc.siteUrl ?? ''
  const listing = productJsonLd(product, origin, {
    images: gallery.map((i) => i.src),
    formats: pc.photoFormats,
    terms: { deliveryPrice: pc.deliveryPrice, deliveryDays: pc.deliveryDays },
  })
  return [{ '@context': 'https://schema.org', ...listing }, breadcrumbJsonLd(product, origin)]
}
