// https://vike.dev/data: the overview's products are read from the store on the server.
import type { PageContextServer } from 'vike/types'
import { toPublicProduct, type Product } from '../../domain/product.ts'

export type Data = {
  products: Product[]
  /** Whether image generation is set up (OPENAI_API_KEY), known before the page paints. */
  imageGenerationConfigured: boolean
}

export function data(pageContext: PageContextServer): Data {
  const products = pageContext.store?.products ?? []
  return { products: products.map(toPublicProduct), imageGenerationConfigured: pageContext.imageGenerationConfigured ?? false }
}
