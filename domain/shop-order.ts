/**
 * An order as the owner reads it: what Stripe reported of a paid checkout, and what the shop did with it.
 * Shared by the server (which stores it) and the workspace's pages (which show it).
 */

/** How the payment stands, as Stripe's events say: paid, waiting for a slower method (Bacs, SEPA...), failed. */
export type OrderPayment = 'paid' | 'awaiting' | 'failed'

/** The one state an order is shown in, worked out by stateOf. */
export type OrderState = 'awaiting' | 'paid' | 'failed' | 'refunded' | 'refunded-part' | 'sent'

export const ORDER_STATE_LABELS: Record<OrderState, string> = {
  awaiting: 'Awaiting payment',
  paid: 'Paid',
  failed: 'Payment failed',
  refunded: 'Refunded',
  'refunded-part': 'Refunded in part',
  sent: 'Sent',
}

/** What the owner reads of an order whose reference names no product of the shop. */
export const PRODUCT_NOT_RECOGNISED = 'product not recognised'
/** What the owner reads of an order that paid for a piece the shop no longer had. */
export const OVERSOLD = 'oversold: refund or make another'

type HasState = {
  payment?: OrderPayment
  amountRefunded?: number
  refundedInFull?: boolean
  sent?: { at: string } | null
}

export function stateOf(order: HasState): OrderState {
  if (order.payment === 'failed') return 'failed'
  if (order.refundedInFull) return 'refunded'
  if (order.sent) return 'sent'
  if ((order.amountRefunded ?? 0) > 0) return 'refunded-part'
  return order.payment === 'paid' ? 'paid' : 'awaiting'
}

/** Paid, not refunded in full, not yet marked as sent: the owner has a parcel to make. */
export function isToSend(order: HasState): boolean {
  return order.payment === 'paid' && !order.refundedInFull && !order.sent
}

/** The product and size a `client_reference_id` names (`oxford-brogue__42`), or null when it names none. */
export function readReference(reference: string | null | undefined): { productId: string; size: string } | null {
  if (!reference || !/^[A-Za-z0-9_-]{1,200}$/.test(reference)) return null
  const [productId, size, ...rest] = reference.split('__')
  if (!productId || rest.length > 0 || size === '') return null
  return { productId, size: size ?? '' }
}

/** Currencies Stripe counts in whole units (no pence): https://docs.stripe.com/currencies#zero-decimal */
const ZERO_DECIMAL = new Set('bif clp djf gnf jpy kmf krw mga pyg rwf ugx vnd vuv xaf xof xpf'.split(' '))
/** ...and in thousandths. */
const THREE_DECIMAL = new Set('bhd jod kwd omr tnd'.split(' '))

/** How many decimals Stripe's amounts in this currency have (pence: 2). */
export function currencyPlaces(currency: string): number {
  const code = currency.toLowerCase()
  return ZERO_DECIMAL.has(code) ? 0 : THREE_DECIMAL.has(code) ? 3 : 2
}

/** An amount as Stripe reports it (in the currency's smallest unit) as people write it: '£185.00', '€40.50'. */
export function moneyText(amount: number, currency: string): string {
  const code = currency.toLowerCase()
  const places = currencyPlaces(code)
  const value = amount / 10 ** places
  try {
    return new Intl.NumberFormat('en-GB', { style: 'currency', currency: code.toUpperCase() }).format(value)
  } catch {
    return `${value.toFixed(places)} ${code.toUpperCase()}` // a code Intl does not know
  }
}
