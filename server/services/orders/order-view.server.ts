/** An order as the workspace's Orders pages show it: the owner's words, UK times, Stripe's amounts. */
import type { StoredOrder } from '../../../data/order.server.ts'
import { COMPANY } from '../../../domain/business.ts'
import type { OrderRow, OrderView } from '../../../domain/order-view.ts'
import { showInvisible, uriComponent } from '../../../domain/plain-text.ts'
import { isToSend, moneyText, stateOf, type OrderState } from '../../../domain/shop-order.ts'
import { ukMoment } from '../../../domain/uk-time.ts'
import { headerSafe } from '../enquiry-mail.server.ts'
import { mailtoAddress } from '../inbox.server.ts'
import { amountText, deliveryLines, productText } from './order-mail.server.ts'

/** The state as the owner reads it in the list and on the order. */
const STATE_WORDS: Record<OrderState, string> = {
  paid: 'Paid – to send',
  awaiting: 'Awaiting payment',
  failed: 'Payment failed',
  'refunded-part': 'Refunded in part',
  refunded: 'Refunded',
  sent: 'Sent',
}

const capital = (text: string) => text.charAt(0).toUpperCase() + text.slice(1)
/** A value the customer typed into Stripe's checkout, on one line with its controls written out. */
const shown = (text: string | null | undefined) => showInvisible(text ?? '')

function stateWords(order: StoredOrder): string {
  const state = stateOf(order)
  // Refunded in part and not yet sent: there is still a parcel to make.
  return state === 'refunded-part' && isToSend(order) ? `${STATE_WORDS[state]} – to send` : STATE_WORDS[state]
}

export function orderRow(order: StoredOrder, now = new Date()): OrderRow {
  return {
    id: order.id,
    createdAt: order.createdAt,
    when: ukMoment(order.createdAt, now),
    product: shown(capital(productText(order))),
    amount: capital(amountText(order)),
    name: shown(order.customer?.name ?? order.customer?.delivery?.name),
    state: stateWords(order),
    toSend: isToSend(order),
    oversold: Boolean(order.oversold) && isToSend(order),
  }
}

/** What happened to the payment, in the order it happened. */
function paymentHistory(order: StoredOrder, now: Date): string[] {
  const lines: [string | undefined, string][] = [
    [order.paidAt, 'Paid'],
    [order.failedAt, 'The payment failed'],
    [
      order.refundedAt,
      order.refundedInFull
        ? 'Refunded in full'
        : `Refunded in part: ${order.currency ? moneyText(order.amountRefunded ?? 0, order.currency) : ''}`,
    ],
  ]
  return lines
    .filter((l): l is [string, string] => Boolean(l[0]))
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([at, what]) => `${what} ${ukMoment(at, now)}`)
}

/** An e-mail to the customer in the owner's own mail app, about this order. */
function mailHref(order: StoredOrder): string | null {
  const email = order.customer?.email ? headerSafe(order.customer.email) : ''
  if (!email) return null
  const subject = headerSafe(`Your order from ${COMPANY.brand}: ${productText(order)}`)
  const greeting = headerSafe(`Dear ${order.customer?.name ?? order.customer?.delivery?.name ?? 'customer'},`)
  return `mailto:${mailtoAddress(email)}?subject=${uriComponent(subject)}&body=${uriComponent(`${greeting}\r\n\r\n`)}`
}

export function orderView(
  order: StoredOrder,
  { notice, confirmErase, now = new Date() }: { notice: string | null; confirmErase: boolean; now?: Date },
): OrderView {
  return {
    ...orderRow(order, now),
    email: shown(order.customer?.email),
    phone: shown(order.customer?.phone),
    delivery: deliveryLines(order).map(shown),
    history: paymentHistory(order, now),
    sent: order.sent ? { when: ukMoment(order.sent.at, now), tracking: shown(order.sent.tracking) } : null,
    mailHref: mailHref(order),
    erased: order.erasedAt ? ukMoment(order.erasedAt, now) : null,
    payment: order.paymentIntent ?? order.sessionId ?? '',
    notice,
    confirmErase,
  }
}
