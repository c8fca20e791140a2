import * as v from 'valibot'
import { FOOTWEAR_SIZES, type Category } from './business.ts'
import { fieldErrors } from './form-errors.ts'

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

/**
 * The order form: checked in the browser, and by the server for visitors without JavaScript (who post
 * it to be sent on to the payment page; it is never stored). Size is asked for footwear alone.
 */
export function orderSchemaFor(category: Category) {
  return category === 'footwear'
    ? v.object({ ...baseEntries, size: sizeRequired })
    : v.object({ ...baseEntries, size: v.optional(v.literal(''), '') })
}

export type OrderForm = { firstName: string; lastName: string; email: string; phone: string; address: string; size: string }
export type OrderField = keyof OrderForm
export const ORDER_FIELDS = ['firstName', 'lastName', 'email', 'phone', 'address', 'size'] as const satisfies readonly OrderField[]
export const EMPTY_ORDER: OrderForm = { firstName: '', lastName: '', email: '', phone: '', address: '', size: '' }

/** A no-JavaScript order that needs another go: the values as typed and the message beside each field. */
export type OrderFormState = { values: OrderForm; errors: Partial<Record<OrderField, string>> }

/** Picks the order's fields from any body (a plain form post, FormData entries): strings only. */
export function orderValuesFrom(body: unknown): OrderForm {
  const src = (body && typeof body === 'object' ? body : {}) as Record<string, unknown>
  return Object.fromEntries(ORDER_FIELDS.map((f) => [f, typeof src[f] === 'string' ? src[f] : ''])) as OrderForm
}

export type OrderCheck = { success: true } | { success: false; errors: Partial<Record<OrderField, string>> }

/** Checks an order for a product of `category`: fine, or the first message for each field that is wrong. */
export function checkOrder(category: Category, values: OrderForm): OrderCheck {
  const parsed = v.safeParse(orderSchemaFor(category), values)
  return parsed.success ? { success: true } : { success: false, errors: fieldErrors<OrderField>(parsed.issues) }
}

/** The order summary handed to the payment provider in the `note` parameter of its link. */
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
