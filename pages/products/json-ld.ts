import type { PageContext } from 'vike/types'
import { COMPANY, filterFromParam } from '../../domain/business.ts'
import type { Data } from './+data.ts'

/** schema.org ItemList of the listed Products, each with an Offer in GBP, for search engines. */
export function catalogueJsonLd(pageContext: PageContext): object | undefined {
  const products = (pageContext.data as Data | undefined)?.products ?? []
  const filter = filterFromParam(pageContext.urlParsed?.search?.category)
  const listed = filter === 'all' ? products : products.filter((p) => p.category === filter)
  const origin = pageContext.siteUrl ?? ''
  return {
    '@context': 'https://schema.org',
    '@type': 'ItemList',
    itemListElement: listed.map((p, i) => ({
      '@type': 'ListItem',
      position: i + 1,
      item: {
        '@type': 'Product',
        name: p.name,
        description: p.description,
        sku: p.sku,
        category: p.category,
        image: p.mainImage.startsWith('http') ? p.mainImage : `${origin}${p.mainImage}`,
        brand: { '@type': 'Brand', name: COMPANY.brand },
        offers: {
          '@type': 'Offer',
          price: p.price.replace(/[£,]/g, ''),
          priceCurrency: 'GBP',
          availability: 'https://schema.org/InStock',
          url: p.paymentLink,
        },
      },
    })),
  }
}
