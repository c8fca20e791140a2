import { PRICE_PATTERN, type Product } from '../../domain/product.ts'

/** What a draft still needs before it goes on the shop, each in the owner's words; empty when nothing. */
export async function missingToPublish(p: Product, servedPhoto: (src: string) => Promise<boolean>): Promise<string[]> {
  const missing: string[] = []
  if (!p.name.trim()) missing.push('a name')
  if (!PRICE_PATTERN.test(p.price)) missing.push('a price, such as £185.00')
  if (!/^https:\/\/[^/]+\.[^/]+/.test(p.paymentLink)) missing.push('a card payment page (https://...)')
  if (!p.mainImage || !(await servedPhoto(p.mainImage))) missing.push('a photograph: upload one below (Photographs)')
  return missing
}
