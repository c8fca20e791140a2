import type { PageContextServer } from 'vike/types'
import { filterFromParam } from '../../../domain/business.ts'
import { productsIn } from '../../../domain/catalogue.ts'
import { productJsonLd } from '../../../domain/product-page.ts'
import type { Data } from './+data.ts'

export function catalogueJsonLd(pageContext: PageContextServer<Data>): object | undefined {
  const products = pageContext.data.products
  const listed = productsIn(products, filterFromParam(pageContext.urlParsed?.search?.category))
  const origin = pageContext.siteUrl ?? ''
  return {
    '@context': 'https://schema.org',
    '@type': 'ItemList',
    itemListElement: listed.map((p, i) => {
      const item = productJsonLd(p, origin, { formats: pageContext.services.photoFormats })
      return { '@type': 'ListItem', position: i + 1, url: item.url, item }
    }),
  }
}
