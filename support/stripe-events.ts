/**
 * Stripe's events as its documentation shows them (https://docs.stripe.com/api/events/object,
 * /api/checkout/sessions/object, /api/charges/object), signed by the `stripe` package's own test helper:
 * what the tests and the benchmark send to POST /api/payments/stripe.
 */
import { randomBytes } from 'node:crypto'
import StripeLibrary from 'stripe'

export const TEST_WEBHOOK_SECRET = 'whsec_test0123456789abcdefABCDEF'

let next = 0
/** An id of Stripe's shape: `cs_test_...`, `pi_...`, `evt_...`. */
export const stripeId = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}${(++next).toString(36)}`

export type Buyer = {
  name: string
  email: string
  phone: string
  line1: string
  city: string
  postalCode: string
}

export const A_BUYER: Buyer = {
  name: 'Harriet Ashdown',
  email: 'harriet.ashdown@example.com',
  phone: '+447700900456',
  line1: '12 Orchard Lane',
  city: 'Bath',
  postalCode: 'BA1 2AB',
}

type SessionOptions = {
  id?: string
  reference?: string | null
  amountTotal?: number
  currency?: string
  paymentStatus?: 'paid' | 'unpaid' | 'no_payment_required'
  paymentIntent?: string | null
  created?: number
  buyer?: Buyer
}

const address = (b: Buyer) => ({
  city: b.city,
  country: 'GB',
  line1: b.line1,
  line2: null,
  postal_code: b.postalCode,
  state: null,
})

/** A Payment Link's checkout session, as a `checkout.session.*` event carries it (API 2025-03-31 and later). */
export function checkoutSession(
  o: SessionOptions = {},
): Record<string, unknown> & { id: string; payment_intent: string | null } {
  const buyer = o.buyer ?? A_BUYER
  const created = o.created ?? Math.floor(Date.now() / 1000)
  return {
    id: o.id ?? stripeId('cs_test'),
    object: 'checkout.session',
    adaptive_pricing: { enabled: true },
    after_expiration: null,
    allow_promotion_codes: false,
    amount_subtotal: o.amountTotal ?? 18500,
    amount_total: o.amountTotal ?? 18500,
    automatic_tax: { enabled: false, liability: null, status: null },
    billing_address_collection: 'auto',
    cancel_url: null,
    client_reference_id: o.reference === undefined ? 'oxford-brogue__42' : o.reference,
    client_secret: null,
    collected_information: {
      business_name: null,
      individual_name: null,
      shipping_details: { address: address(buyer), name: buyer.name },
    },
    consent: null,
    consent_collection: null,
    created,
    currency: o.currency ?? 'gbp',
    currency_conversion: null,
    custom_fields: [],
    custom_text: { after_submit: null, shipping_address: null, submit: null, terms_of_service_acceptance: null },
    customer: null,
    customer_creation: 'if_required',
    customer_details: {
      address: address(buyer),
      email: buyer.email,
      name: buyer.name,
      phone: buyer.phone,
      tax_exempt: 'none',
      tax_ids: [],
    },
    customer_email: null,
    discounts: [],
    expires_at: created + 24 * 3600,
    invoice: null,
    invoice_creation: null,
    livemode: false,
    locale: 'auto',
    metadata: {},
    mode: 'payment',
    payment_intent: o.paymentIntent === undefined ? stripeId('pi') : o.paymentIntent,
    payment_link: 'plink_1QtestAshbourne',
    payment_method_collection: 'if_required',
    payment_method_configuration_details: null,
    payment_method_options: { card: { request_three_d_secure: 'automatic' } },
    payment_method_types: ['card'],
    payment_status: o.paymentStatus ?? 'paid',
    phone_number_collection: { enabled: true },
    recovered_from: null,
    saved_payment_method_options: null,
    setup_intent: null,
    shipping_address_collection: { allowed_countries: ['GB'] },
    shipping_cost: null,
    shipping_options: [],
    status: 'complete',
    submit_type: 'pay',
    subscription: null,
    success_url: 'https://www.example.co.uk/thank-you',
    total_details: { amount_discount: 0, amount_shipping: 0, amount_tax: 0 },
    ui_mode: 'hosted',
    url: null,
  }
}

/** The charge of a payment, as `charge.refunded` carries it once `amountRefunded` of it is refunded. */
export function refundedCharge(o: {
  paymentIntent: string
  amount?: number
  amountRefunded?: number
  currency?: string
}) {
  const amount = o.amount ?? 18500
  const refunded = o.amountRefunded ?? amount
  return {
    id: stripeId('ch'),
    object: 'charge',
    amount,
    amount_captured: amount,
    amount_refunded: refunded,
    application: null,
    balance_transaction: stripeId('txn'),
    billing_details: { address: null, email: null, name: null, phone: null },
    captured: true,
    created: Math.floor(Date.now() / 1000) - 60,
    currency: o.currency ?? 'gbp',
    customer: null,
    description: null,
    disputed: false,
    failure_code: null,
    failure_message: null,
    livemode: false,
    metadata: {},
    outcome: {
      network_status: 'approved_by_network',
      risk_level: 'normal',
      seller_message: 'Payment complete.',
      type: 'authorized',
    },
    paid: true,
    payment_intent: o.paymentIntent,
    payment_method: stripeId('pm'),
    receipt_email: null,
    refunded: refunded >= amount,
    status: 'succeeded',
  }
}

export type StripeEventType =
  | 'checkout.session.completed'
  | 'checkout.session.async_payment_succeeded'
  | 'checkout.session.async_payment_failed'
  | 'charge.refunded'
  | 'customer.created'

/** An event object around `object`, as Stripe posts it to an endpoint. */
export function stripeEvent(type: StripeEventType, object: object, o: { id?: string; created?: number } = {}) {
  return {
    id: o.id ?? stripeId('evt'),
    object: 'event',
    api_version: '2025-03-31.basil',
    created: o.created ?? Math.floor(Date.now() / 1000),
    data: { object },
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
  }
}

/** The body and its `Stripe-Signature`, made by the `stripe` package's own test helper. */
export function signed(
  event: object | string,
  { secret = TEST_WEBHOOK_SECRET, timestamp }: { secret?: string; timestamp?: number } = {},
): { body: string; signature: string } {
  const body = typeof event === 'string' ? event : JSON.stringify(event, null, 2)
  return { body, signature: StripeLibrary.webhooks.generateTestHeaderString({ payload: body, secret, timestamp }) }
}

/** Posts a signed event to a running shop; resolves to the answer's status and body. */
export async function postEvent(
  url: string,
  event: object | string,
  options: Parameters<typeof signed>[1] = {},
): Promise<{ status: number; body: Record<string, unknown> }> {
  const { body, signature } = signed(event, options)
  const res = await fetch(`${url}/api/payments/stripe`, {
    method: 'POST',
    headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': signature },
    body,
  })
  return { status: res.status, body: (await res.json()) as Record<string, unknown> }
}
