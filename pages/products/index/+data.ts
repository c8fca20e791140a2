import type { PageContextServer } from 'vike/types'
import { toShopProduct, type Product } from '../../../domain/product.ts'

export type Data = { products: Product[] }

export function data(pageContext: PageContextServer): Data {
  const products = pageContext.store?.products ?? []
  return { products: products.map(toShopProduct) }
}
