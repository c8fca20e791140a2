/**
 * What the shop reads in a Stripe event whose signature was checked: the checkout session of a Payment
 * Link (paid, paying or failed) or a refund of its charge. Anything else is answered and left alone.
 * Shapes: https://docs.stripe.com/api/events/object, /api/checkout/sessions/object, /api/charges/object.
 */
import * as v from 'valibot'
import type { OrderCustomer } from '../../../data/order.server.ts'
import type { OrderPayment } from '../../../domain/shop-order.ts'

const text = v.optional(v.nullable(v.string()))
const AddressSchema = v.optional(
  v.nullable(v.looseObject({ line1: text, line2: text, city: text, state: text, postal_code: text, country: text })),
)
const ShippingSchema = v.optional(v.nullable(v.looseObject({ name: text, address: AddressSchema })))

const SessionSchema = v.looseObject({
  id: v.pipe(v.string(), v.startsWith('cs_')),
  object: v.literal('checkout.session'),
  created: v.optional(v.number()),
  client_reference_id: text,
  amount_total: v.optional(v.nullable(v.number())),
  currency: text,
  payment_intent: v.optional(v.nullable(v.union([v.string(), v.looseObject({ id: v.string() })]))),
  payment_status: v.optional(v.string()),
  customer_details: v.optional(
    v.nullable(v.looseObject({ name: text, email: text, phone: text, address: AddressSchema })),
  ),
  /** Stripe's API before 2025-03-31 (basil); later ones have collected_information.shipping_details. */
  shipping_details: ShippingSchema,
  collected_information: v.optional(v.nullable(v.looseObject({ shipping_details: ShippingSchema }))),
})

const ChargeSchema = v.looseObject({
  id: v.string(),
  object: v.literal('charge'),
  payment_intent: v.optional(v.nullable(v.union([v.string(), v.looseObject({ id: v.string() })]))),
  amount_refunded: v.number(),
  refunded: v.boolean(),
  currency: text,
})

/** Enough of an event to know it is one: Stripe's own shape. */
const EventSchema = v.looseObject({
  id: v.pipe(v.string(), v.minLength(1)),
  object: v.literal('event'),
  type: v.pipe(v.string(), v.minLength(1)),
  created: v.number(),
  data: v.looseObject({ object: v.looseObject({}) }),
})

const SESSION_EVENTS: Record<string, OrderPayment | 'status'> = {
  'checkout.session.completed': 'status',
  'checkout.session.async_payment_succeeded': 'paid',
  'checkout.session.async_payment_failed': 'failed',
}

export type SessionFacts = {
  sessionId: string
  paymentIntent: string | null
  reference: string | null
  amountTotal: number | null
  currency: string | null
  createdAt: string | null
  customer: OrderCustomer
}

/** What one event tells the shop, with the event's id and time. */
export type EventFacts = { eventId: string; at: string } & (
  | { kind: 'session'; payment: OrderPayment; session: SessionFacts }
  | { kind: 'refund'; paymentIntent: string; amountRefunded: number; refundedInFull: boolean }
  | { kind: 'other'; type: string }
)

export type ReadEvent = { ok: true; facts: EventFacts } | { ok: false; sentence: string }

const NOT_AN_EVENT =
  'This body is not a Stripe event (an object with an id, "object": "event", a type and data); nothing was stored.'

const idOf = (value: string | { id: string } | null | undefined) =>
  value == null ? null : typeof value === 'string' ? value : value.id

const iso = (seconds: number | undefined) => (seconds === undefined ? null : new Date(seconds * 1000).toISOString())

type StripeAddress = v.InferOutput<typeof AddressSchema>
const address = (a: StripeAddress) =>
  a
    ? {
        line1: a.line1 ?? null,
        line2: a.line2 ?? null,
        city: a.city ?? null,
        state: a.state ?? null,
        postalCode: a.postal_code ?? null,
        country: a.country ?? null,
      }
    : null

function customerOf(session: v.InferOutput<typeof SessionSchema>): OrderCustomer {
  const details = session.customer_details
  const shipping = session.collected_information?.shipping_details ?? session.shipping_details
  return {
    name: details?.name ?? null,
    email: details?.email ?? null,
    phone: details?.phone ?? null,
    delivery: shipping ? { name: shipping.name ?? null, address: address(shipping.address) } : null,
  }
}

/** The event's facts, or the sentence a 400 answers with. `parsed` is the body as the signature check read it. */
export function readEvent(parsed: unknown): ReadEvent {
  const event = v.safeParse(EventSchema, parsed)
  if (!event.success) return { ok: false, sentence: NOT_AN_EVENT }
  const { id: eventId, type, created, data } = event.output
  const at = iso(created)!
  const payment = SESSION_EVENTS[type]
  if (payment) {
    const session = v.safeParse(SessionSchema, data.object)
    if (!session.success)
      return { ok: false, sentence: `This ${type} event holds no checkout session; nothing was stored.` }
    const s = session.output
    const paid = s.payment_status === 'paid' || s.payment_status === 'no_payment_required'
    return {
      ok: true,
      facts: {
        eventId,
        at,
        kind: 'session',
        payment: payment === 'status' ? (paid ? 'paid' : 'awaiting') : payment,
        session: {
          sessionId: s.id,
          paymentIntent: idOf(s.payment_intent),
          reference: s.client_reference_id ?? null,
          amountTotal: s.amount_total ?? null,
          currency: s.currency ?? null,
          createdAt: iso(s.created),
          customer: customerOf(s),
        },
      },
    }
  }
  if (type === 'charge.refunded') {
    const charge = v.safeParse(ChargeSchema, data.object)
    if (!charge.success)
      return { ok: false, sentence: 'This charge.refunded event holds no charge; nothing was stored.' }
    const paymentIntent = idOf(charge.output.payment_intent)
    // A charge made without a checkout (an invoice, the dashboard) is no order of the shop's.
    if (!paymentIntent) return { ok: true, facts: { eventId, at, kind: 'other', type } }
    return {
      ok: true,
      facts: {
        eventId,
        at,
        kind: 'refund',
        paymentIntent,
        amountRefunded: charge.output.amount_refunded,
        refundedInFull: charge.output.refunded,
      },
    }
  }
  return { ok: true, facts: { eventId, at, kind: 'other', type } }
}
