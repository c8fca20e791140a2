/** Kept apart from the product schema so the workspace's preview can ask it without loading valibot. */

/** What an owner types for a price: '375', '375.5', '£375.50', '1,250', '£ 1250'. */
const TYPED_PRICE = /^£?\s*(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d{1,2}))?$/

/**
 * A typed price as the shop shows it ('375.5' -> '£375.50', '1250' -> '£1,250.00'), or null when
 * it is not a price. Worked on the digits as text, so no pence is lost to floating point.
 */
export function priceAsShown(typed: string): string | null {
  const match = TYPED_PRICE.exec(typed.trim())
  if (!match) return null
  const pounds = match[1]!.replace(/,/g, '').replace(/^0+(?=\d)/, '')
  const pence = (match[2] ?? '').padEnd(2, '0')
  return `£${pounds.replace(/\B(?=(\d{3})+$)/g, ',')}.${pence}`
}
