/**
 * How an order is built from Stripe's events, in whatever order they come: each event adds what it knows,
 * and the state is read from the facts (stateOf), so a refund before its payment, or an async payment's
 * success before its checkout's completion, ends where the same events in order would.
 */
import { randomUUID } from 'node:crypto'
import type { Notification } from '../../../data/enquiry.server.ts'
import type { StoredOrder } from '../../../data/order.server.ts'
import type { StoredProduct } from '../../../domain/product.ts'
import { readReference, type OrderPayment } from '../../../domain/shop-order.ts'
import type { EventFacts } from './stripe-event.server.ts'

export type OrderFacts = Extract<EventFacts, { kind: 'session' | 'refund' }>

/** A failed payment stays failed and a paid one paid, whichever event about it comes last. */
const RANK: Record<OrderPayment, number> = { awaiting: 1, paid: 2, failed: 3 }

function productOf(reference: string | null, products: readonly StoredProduct[]) {
  const named = readReference(reference)
  const product = named && products.find((p) => p.id === named.productId)
  return product ? { productId: product.id, productName: product.name, size: named.size } : { productId: null }
}

/** The order (found, or new) with what the event says; the event's id recorded so it is never applied twice. */
export function withFacts(
  found: StoredOrder | undefined,
  facts: OrderFacts,
  products: readonly StoredProduct[],
  newNotification: () => Notification,
): StoredOrder {
  const base: StoredOrder = found ?? { id: randomUUID(), createdAt: facts.at, events: [] }
  const next: { -readonly [K in keyof StoredOrder]: StoredOrder[K] } = {
    ...base,
    events: [...base.events, facts.eventId],
  }
  if (facts.kind === 'session') {
    const { session } = facts
    if (!base.sessionId) {
      // The first word of the checkout: what was bought, for how much, by whom.
      Object.assign(next, {
        sessionId: session.sessionId,
        createdAt: session.createdAt ?? base.createdAt,
        reference: session.reference,
        ...productOf(session.reference, products),
      })
    }
    if (!next.paymentIntent && session.paymentIntent) next.paymentIntent = session.paymentIntent
    if (next.amountTotal === undefined && session.amountTotal !== null) next.amountTotal = session.amountTotal
    if (next.currency === undefined && session.currency !== null) next.currency = session.currency
    if (next.customer === undefined && !base.erasedAt) next.customer = session.customer
    const payment = base.payment && RANK[base.payment] >= RANK[facts.payment] ? base.payment : facts.payment
    if (payment !== base.payment) {
      next.payment = payment
      if (payment === 'paid') next.paidAt = facts.at
      if (payment === 'failed') next.failedAt = facts.at
    }
    if (payment === 'paid' && !base.notification && !base.erasedAt) next.notification = newNotification()
  } else {
    if (!next.paymentIntent) next.paymentIntent = facts.paymentIntent
    // A charge's amount_refunded is its total so far: a late event of an earlier refund takes nothing back.
    if (facts.amountRefunded > (base.amountRefunded ?? 0)) {
      next.amountRefunded = facts.amountRefunded
      next.refundedAt = facts.at
    }
    if (facts.refundedInFull && !base.refundedInFull) {
      next.refundedInFull = true
      next.refundedAt = facts.at
    }
  }
  return next
}

/** Whether the order should hold one piece of its product's counted stock. */
function wantsPiece(order: StoredOrder): boolean {
  return (
    Boolean(order.productId && order.sessionId) &&
    (order.payment === 'paid' || order.payment === 'awaiting') &&
    !order.refundedInFull &&
    !order.oversold
  )
}

/**
 * The order with the change of stock it now asks for: a piece taken when it is paid (or paying), put
 * back when its payment fails or it is refunded in full; marked oversold when it wants the last piece
 * another order took. Uncounted products (no `stock`) are left alone.
 */
export function withStockIntent(order: StoredOrder, products: readonly StoredProduct[]): StoredOrder {
  const held = order.stock?.held ?? false
  const wants = wantsPiece(order)
  if (wants === held || order.stock?.move) return order // a move under way is finished first
  const stock = products.find((p) => p.id === order.productId)?.stock
  if (stock === undefined) return wants ? order : { ...order, stock: { held: false } }
  if (wants && stock <= 0) return { ...order, oversold: true }
  const move = { productId: order.productId!, from: stock, to: wants ? stock - 1 : stock + 1 }
  return { ...order, stock: { held, move } }
}
