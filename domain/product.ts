import * as v from 'valibot'
import { CATEGORIES } from './business.ts'

/** A catalogue product as stored in the data file and served by GET /api/products. */
export const ProductSchema = v.object({
  id: v.pipe(v.string(), v.minLength(1)),
  name: v.pipe(v.string(), v.minLength(1)),
  description: v.string(),
  price: v.pipe(v.string(), v.regex(/^£\d{1,3}(,\d{3})*\.\d{2}$/, 'price must be a display string such as £185.00')),
  sku: v.pipe(v.string(), v.minLength(1)),
  category: v.picklist(CATEGORIES),
  mainImage: v.pipe(v.string(), v.minLength(1)),
  paymentLink: v.pipe(v.string(), v.url()),
})
export type Product = v.InferOutput<typeof ProductSchema>

/** The public shape, as GET /api/products answers it: these eight fields, in this order, nothing internal. */
export function toPublicProduct(p: Product): Product {
  const { id, name, description, price, sku, category, mainImage, paymentLink } = p
  return { id, name, description, price, sku, category, mainImage, paymentLink }
}
