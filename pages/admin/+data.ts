// https://vike.dev/data: the overview's products are read from the store on the server.
import type { PageContextServer } from 'vike/types'
import { toPublicProduct, type Product } from '../../domain/product.ts'

export type Data = { products: Product[] }

export function data(pageContext: PageContextServer): Data {
  const products = pageContext.store?.products ?? []
  return { products: products.map(toPublicProduct) }
}
