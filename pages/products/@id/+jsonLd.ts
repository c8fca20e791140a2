import type { PageContext } from 'vike/types'
import { breadcrumbJsonLd, productJsonLd } from '../../../domain/product-page.ts'
import type { Data } from './+data.ts'

/**
 * The product with its offer, and its place in the shop
 * (https://developers.google.com/search/docs/appearance/structured-data/product).
 */
export default (pc: PageContext<Data>) => {
  const { product } = pc.data
  const origin = pc.siteUrl ?? ''
  return [
    {
      '@context': 'https://schema.org',
      ...productJsonLd(product, origin, { deliveryPrice: pc.data.deliveryPrice ?? undefined }),
    },
    breadcrumbJsonLd(product, origin),
  ]
}
