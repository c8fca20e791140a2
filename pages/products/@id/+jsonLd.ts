import type { PageContext } from 'vike/types'
import { breadcrumbJsonLd, productJsonLd } from '../../../domain/product-page.ts'
import type { Data } from './+data.ts'

/**
 * The product with its offer, and its place in the shop
 * (https://developers.google.com/search/docs/appearance/structured-data/product).
 */
export default (pc: PageContext<Data>) => {
  const { product, listingImages, terms } = pc.data
  const origin = pc.siteUrl ?? ''
  const listing = productJsonLd(product, origin, { images: listingImages, terms })
  return [{ '@context': 'https://schema.org', ...listing }, breadcrumbJsonLd(product, origin)]
}
