import * as v from 'valibot'
import { FOOTWEAR_SIZES, type Category } from './business.ts'

const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

const required = (message: string) => v.pipe(v.string(message), v.trim(), v.minLength(1, message))

const baseEntries = {
  firstName: required('First name is required'),
  lastName: required('Last name is required'),
  email: v.pipe(v.string('Email is required'), v.trim(), v.minLength(1, 'Email is required'), v.regex(EMAIL_SHAPE, 'Invalid email format')),
  phone: required('Phone number is required'),
  address: required('Delivery address is required'),
}

const sizeRequired = v.pipe(
  v.string('Please select a size'),
  v.trim(),
  v.check((s) => (FOOTWEAR_SIZES as readonly string[]).includes(s), 'Please select a size'),
)

/** The order form (SPEC §5): client only, never sent to our server. Size is asked for footwear alone. */
export function orderSchemaFor(category: Category) {
  return category === 'footwear'
    ? v.object({ ...baseEntries, size: sizeRequired })
    : v.object({ ...baseEntries, size: v.optional(v.literal(''), '') })
}

export type OrderForm = { firstName: string; lastName: string; email: string; phone: string; address: string; size: string }
export type OrderField = keyof OrderForm
export const EMPTY_ORDER: OrderForm = { firstName: '', lastName: '', email: '', phone: '', address: '', size: '' }

/** The order summary handed to the payment provider in the `note` parameter (SPEC §7). */
export function buildOrderNote(product: { name: string; price: string; category: Category }, order: OrderForm): string {
  const lines = [`Product: ${product.name} (${product.price})`]
  if (product.category === 'footwear') lines.push(`Size: ${order.size.trim()}`)
  lines.push(
    `Name: ${order.firstName.trim()} ${order.lastName.trim()}`,
    `Email: ${order.email.trim()}`,
    `Phone: ${order.phone.trim()}`,
    `Delivery address: ${order.address.trim()}`,
  )
  return lines.join('\n')
}

/** The payment link with `note` set through the URL API, so a link's own query survives. */
export function buildPaymentUrl(paymentLink: string, note: string): string {
  const url = new URL(paymentLink)
  url.searchParams.set('note', note)
  return url.toString()
}
