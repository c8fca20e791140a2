import { PRICE_PATTERN, type Product } from '../../domain/product.ts'
import { PUBLISH_NEEDS } from '../../domain/publishing.ts'

/** What a draft still needs before it goes on the shop, each in the owner's words; empty when nothing. */
export async function missingToPublish(p: Product, servedPhoto: (src: string) => Promise<boolean>): Promise<string[]> {
  const missing: string[] = []
  if (!p.name.trim()) missing.push(PUBLISH_NEEDS.name)
  if (!PRICE_PATTERN.test(p.price)) missing.push(PUBLISH_NEEDS.price)
  if (!/^https:\/\/[^/]+\.[^/]+/.test(p.paymentLink)) missing.push(PUBLISH_NEEDS.paymentLink)
  if (!p.mainImage || !(await servedPhoto(p.mainImage))) missing.push(PUBLISH_NEEDS.photo)
  return missing
}
