// https://vike.dev/data: the catalogue is read from the store on the server and rendered into the HTML.
import type { PageContextServer } from 'vike/types'
import { toShopProduct, type Product } from '../../../domain/product.ts'

export type Data = { products: Product[] }

export function data(pageContext: PageContextServer): Data {
  const products = pageContext.store?.products ?? []
  return { products: products.map(toShopProduct) }
}
