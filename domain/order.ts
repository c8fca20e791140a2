import * as v from 'valibot'
import { availabilityOf, availabilityText, type Availability } from './availability.ts'
import { FOOTWEAR_SIZES, type Category } from './business.ts'
import { emailAddress } from './email.ts'
import { fieldErrors } from './form-errors.ts'
import { oneLine } from './plain-text.ts'

const required = (message: string) => v.pipe(v.string(message), v.trim(), v.nonEmpty(message))

const entries = {
  firstName: required('First name is required'),
  lastName: required('Last name is required'),
  email: emailAddress({ required: 'Email is required', invalid: 'Invalid email format' }),
  phone: required('Phone number is required'),
  address: required('Delivery address is required'),
}

/** Footwear: a size from the list is asked for too. */
const FootwearOrderSchema = v.object({
  ...entries,
  size: v.pipe(
    v.string('Please select a size'),
    v.trim(),
    v.check((s) => (FOOTWEAR_SIZES as readonly string[]).includes(s), 'Please select a size'),
  ),
})

/** Bags and belts come in one size: the field is absent or empty. */
const OneSizeOrderSchema = v.object({ ...entries, size: v.optional(v.literal(''), '') })

/** Checked by the server too, for visitors without JavaScript; never stored. Size is asked for footwear alone. */
export function orderSchemaFor(category: Category) {
  return category === 'footwear' ? FootwearOrderSchema : OneSizeOrderSchema
}

/** What the order form holds, as typed: each field a string (the size empty where none is asked). */
export type OrderForm = v.InferInput<typeof FootwearOrderSchema>
export type OrderField = keyof OrderForm
/** The order's fields in the form's order. */
export const ORDER_FIELDS = Object.keys(FootwearOrderSchema.entries) as readonly OrderField[]

/**
 * A no-JavaScript order that needs another go: the values as typed, the
 * message beside each field, and what changed since the page was shown.
 */
export type OrderFormState = { values: OrderForm; errors: Partial<Record<OrderField, string>>; notice?: string }

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
export function buildOrderNote(
  product: { name: string; price: string; category: Category; availability?: Availability; leadTime?: string },
  order: OrderForm,
): string {
  const lines = [`Product: ${product.name} (${product.price})`]
  // The maker sees the lead time the visitor agreed to.
  if (availabilityOf(product) === 'made-to-order' && product.leadTime) lines.push(availabilityText(product))
  if (product.category === 'footwear') lines.push(`Size: ${order.size.trim()}`)
  // One line each, so no value can write a line of its own ("Size: 45"); the address, last, keeps its lines.
  lines.push(
    `Name: ${oneLine(order.firstName)} ${oneLine(order.lastName)}`,
    `Email: ${oneLine(order.email)}`,
    `Phone: ${oneLine(order.phone)}`,
    `Delivery address: ${order.address.trim()}`,
  )
  return lines.join('\n')
}

/**
 * What Stripe's event names the order by: the product's id, and for footwear `__` and the size
 * (`oxford-brogue__42`). Stripe takes letters, digits, `-` and `_`, at most 200 characters; nothing
 * personal goes in it. A reference that cannot be made so is left out.
 */
export function clientReference(product: { id: string; category: Category }, size: string): string | null {
  const reference = product.category === 'footwear' ? `${product.id}__${size.trim()}` : product.id
  return /^[\w-]{1,200}$/.test(reference) ? reference : null
}

/**
 * The payment link with `note` set through the URL API, so a link's own query survives; a link on
 * Stripe's Payment Links also gets `client_reference_id` (links on other hosts are left as they were).
 */
export function buildPaymentUrl(paymentLink: string, note: string, reference: string | null = null): string {
  const url = new URL(paymentLink)
  url.searchParams.set('note', note)
  // Stripe's Payment Links: the one host that hands it back in its payment events (URL writes hosts in lower case).
  if (reference && url.hostname === 'buy.stripe.com') url.searchParams.set('client_reference_id', reference)
  return url.toString()
}
