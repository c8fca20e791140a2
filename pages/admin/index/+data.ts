import { render } from 'vike/abort'
import type { PageContextServer } from 'vike/types'
import type { AdminPageState } from '../../../domain/image-generation.ts'
import { toPublicProduct, type Product } from '../../../domain/product.ts'
import { publishedProducts } from '../../../domain/publishing.ts'

export type Data = {
  products: Product[]
  admin: AdminPageState
}

export function data(pageContext: PageContextServer): Data {
  // The server's owner check vouches for every request it lets through to this page. A request that
  // reached the page any other way (an address spelled so the check missed it) is refused.
  const admin = pageContext.imageAdmin
  if (!admin) throw render(404)
  // The shop's products, as GET /api/products refetches them after a run; drafts are on the products page.
  const products = publishedProducts(pageContext.store?.products ?? [])
  return { products: products.map(toPublicProduct), admin }
}
