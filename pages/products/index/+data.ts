import type { PageContextServer } from 'vike/types'
import { toShopProduct, type Product } from '../../../domain/product.ts'
import { publishedProducts } from '../../../domain/publishing.ts'

/** `avifImages`: the main photographs with AVIF twins, offered first in each card's <picture>. */
export type Data = { products: Product[]; avifImages: string[] }

export function data(pageContext: PageContextServer): Data {
  const { store, photoFormats: avif } = pageContext.services
  const products = publishedProducts(store.products)
  return {
    products: products.map(toShopProduct),
    avifImages: products.map((p) => p.mainImage).filter((src) => avif.hasAvif(src)),
  }
}
