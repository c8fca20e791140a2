import * as v from 'valibot'
import type { Stored } from '../domain/stored.ts'
import { NotificationSchema } from './enquiry.server.ts'

/** An address as Stripe collected it; any part may be missing. */
const AddressSchema = v.object({
  line1: v.nullable(v.string()),
  line2: v.nullable(v.string()),
  city: v.nullable(v.string()),
  state: v.nullable(v.string()),
  postalCode: v.nullable(v.string()),
  country: v.nullable(v.string()),
})

/** The customer as Stripe's checkout collected them: erased (null) 7 years after the order, or sooner when asked. */
const CustomerSchema = v.object({
  name: v.nullable(v.string()),
  email: v.nullable(v.string()),
  phone: v.nullable(v.string()),
  /** Where to send it: the name and address the checkout asked for (null when the link collects none). */
  delivery: v.nullable(v.object({ name: v.nullable(v.string()), address: v.nullable(AddressSchema) })),
})

/**
 * A change of the product's stock this order asked for and that is not yet known to be in the data file:
 * done again after a crash when the stock still reads `from` (docs/decisions.md, orders).
 */
const StockMoveSchema = v.object({ productId: v.string(), from: v.number(), to: v.number() })

/**
 * One paid (or paying) checkout. Built from Stripe's events in whatever order they come: each adds what
 * it knows, so a refund that arrives before its payment makes an order the payment then completes.
 */
export const StoredOrderSchema = v.looseObject({
  id: v.string(),
  /** When the customer paid (Stripe's checkout session), or when the first event about it came. */
  createdAt: v.string(),
  /** Stripe's ids: the checkout session (`cs_...`) and its payment (`pi_...`), which refunds name. */
  sessionId: v.optional(v.string()),
  paymentIntent: v.optional(v.string()),
  /** `client_reference_id` as it came back, and the product it names (null: none of the shop's). */
  reference: v.optional(v.nullable(v.string())),
  productId: v.optional(v.nullable(v.string())),
  productName: v.optional(v.string()),
  size: v.optional(v.string()),
  /** As Stripe reports them (`amount_total`, in pence for pounds; `currency`), never the shop's own price. */
  amountTotal: v.optional(v.number()),
  currency: v.optional(v.string()),
  customer: v.optional(v.nullable(CustomerSchema)),
  payment: v.optional(v.picklist(['paid', 'awaiting', 'failed'])),
  paidAt: v.optional(v.string()),
  failedAt: v.optional(v.string()),
  amountRefunded: v.optional(v.number()),
  refundedInFull: v.optional(v.boolean()),
  refundedAt: v.optional(v.string()),
  /** The owner's mark, with an optional tracking note. */
  sent: v.optional(v.object({ at: v.string(), tracking: v.optional(v.string()) })),
  /** It paid for the last piece after another order had: the owner refunds or makes another. */
  oversold: v.optional(v.boolean()),
  /** Whether one piece of the product's stock is held by this order, and a change of it under way. */
  stock: v.optional(v.object({ held: v.boolean(), move: v.optional(StockMoveSchema) })),
  /** Stripe's event ids already applied: the same event again changes nothing. */
  events: v.array(v.string()),
  /** The owner's e-mail about a paid order, sent through the outbox as an enquiry's is. */
  notification: v.optional(NotificationSchema),
  /** When the customer's details were erased (7 years on, or when asked). */
  erasedAt: v.optional(v.string()),
})
export type StoredOrder = Stored<v.InferOutput<typeof StoredOrderSchema>>
export type OrderCustomer = NonNullable<StoredOrder['customer']>
