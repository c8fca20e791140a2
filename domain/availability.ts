import { POLICY } from './business.ts'

/** Whether a product can be bought now, made for the visitor, or not at all. Absent in the data file: in stock. */
export const AVAILABILITIES = ['in-stock', 'made-to-order', 'sold-out'] as const
export type Availability = (typeof AVAILABILITIES)[number]

export const AVAILABILITY_LABELS: Record<Availability, string> = {
  'in-stock': 'In stock',
  'made-to-order': 'Made to order',
  'sold-out': 'Sold out',
}

const SCHEMA_ORG: Record<Availability, string> = {
  'in-stock': 'https://schema.org/InStock',
  'made-to-order': 'https://schema.org/MadeToOrder',
  'sold-out': 'https://schema.org/SoldOut',
}

/** `stock`: pieces left, when the owner counts them (absent: not counted). */
type HasAvailability = { availability?: Availability; leadTime?: string; stock?: number }

/**
 * The one place that decides: the owner's mark, or sold out when the counted stock reaches 0
 * (paid orders take pieces off), exactly as if the owner had marked it.
 */
export function availabilityOf(product: HasAvailability): Availability {
  if (product.stock === 0) return 'sold-out'
  return product.availability ?? 'in-stock'
}

export function isSoldOut(product: HasAvailability): boolean {
  return availabilityOf(product) === 'sold-out'
}

/** schema.org's value for an Offer's `availability`. */
export function schemaAvailability(product: HasAvailability): string {
  return SCHEMA_ORG[availabilityOf(product)]
}

/** What a visitor reads beside the price: 'In stock', 'Made to order: ready in 3 weeks', 'Sold out'. */
export function availabilityText(product: HasAvailability): string {
  const availability = availabilityOf(product)
  if (availability === 'made-to-order' && product.leadTime) return `Made to order: ready in ${product.leadTime}`
  return AVAILABILITY_LABELS[availability]
}

/** A made-to-order product is ready when it is made: its lead time, never the stock dispatch promise. */
export function deliveryPromise(product: HasAvailability): string {
  return availabilityOf(product) === 'made-to-order' && product.leadTime
    ? availabilityText(product)
    : `Dispatched in ${POLICY.dispatchBusinessDays} business days`
}

/**
 * 'Only 1 left' / 'Only 2 left' when the owner asked for it (`showFewLeft`) and the
 * counted stock is that low; otherwise null.
 */
export function fewLeftText(product: HasAvailability & { showFewLeft?: boolean }): string | null {
  if (product.showFewLeft !== true || availabilityOf(product) === 'sold-out') return null
  return product.stock === 1 || product.stock === 2 ? `Only ${product.stock} left` : null
}

export const SOLD_OUT_MESSAGE = 'This product is sold out and cannot be ordered at the moment.'
