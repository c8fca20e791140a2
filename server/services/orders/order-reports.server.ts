/** What the accountant and the Visits page read of the orders: a CSV, and paid orders and takings per day. */
import type { StoredOrder } from '../../../data/order.server.ts'
import { currencyPlaces, ORDER_STATE_LABELS, OVERSOLD, stateOf } from '../../../domain/shop-order.ts'
import { csvCell, sheetTime } from '../enquiry-csv.server.ts'
import { ukDay } from '../statistics/statistics.server.ts'
import { deliveryLines, productText } from './order-mail.server.ts'

const BOM = '\uFEFF'
/** An amount in the currency's units with its decimals ('185.00'), as a spreadsheet sums it. */
export const decimal = (amount: number | undefined, currency: string | undefined) =>
  amount === undefined || !currency ? '' : (amount / 10 ** currencyPlaces(currency)).toFixed(currencyPlaces(currency))

const COLUMNS: [string, (o: StoredOrder) => string][] = [
  ['Paid (UK time)', (o) => sheetTime(o.paidAt ?? o.createdAt)],
  ['State', (o) => ORDER_STATE_LABELS[stateOf(o)]],
  ['Product', productText],
  ['Amount', (o) => decimal(o.amountTotal, o.currency)],
  ['Currency', (o) => o.currency?.toUpperCase() ?? ''],
  ['Refunded', (o) => decimal(o.amountRefunded ?? 0, o.currency)],
  ['Name', (o) => o.customer?.name ?? ''],
  ['E-mail', (o) => o.customer?.email ?? ''],
  ['Phone', (o) => o.customer?.phone ?? ''],
  ['Deliver to', (o) => deliveryLines(o).join(', ')],
  ['Sent (UK time)', (o) => sheetTime(o.sent?.at ?? null)],
  ['Tracking', (o) => o.sent?.tracking ?? ''],
  ['Note', (o) => (o.oversold ? OVERSOLD : o.erasedAt ? `customer's details erased ${sheetTime(o.erasedAt)}` : '')],
  ['Order', (o) => o.id],
  ['Stripe payment', (o) => o.paymentIntent ?? ''],
]

/** The orders as CSV (UTF-8 with a BOM, CRLF, formula-safe cells), one chunk per row. */
export function* ordersCsv(orders: Iterable<StoredOrder>): Generator<string> {
  yield `${BOM}${COLUMNS.map(([title]) => csvCell(title)).join(',')}\r\n`
  for (const o of orders) yield `${COLUMNS.map(([, value]) => csvCell(value(o))).join(',')}\r\n`
}

/** One UK day's paid orders: how many, per product, and what was taken, per currency, net of refunds. */
export type DaySales = {
  day: string
  orders: number
  products: Record<string, number>
  takings: Record<string, number>
}

/**
 * Paid orders (not refunded in full) per UK day of their payment, oldest day first, from `from` to
 * `to` (YYYY-MM-DD, both included, when given). An order of no known product counts under ''.
 */
export function salesByDay(orders: Iterable<StoredOrder>, { from = '', to = '9999' } = {}): DaySales[] {
  const days = new Map<string, DaySales>()
  for (const o of orders) {
    if (o.payment !== 'paid' || o.refundedInFull) continue
    const time = Date.parse(o.paidAt ?? o.createdAt)
    if (Number.isNaN(time)) continue
    const day = ukDay(time)
    if (day < from || day > to) continue
    let sales = days.get(day)
    if (!sales) days.set(day, (sales = { day, orders: 0, products: {}, takings: {} }))
    sales.orders++
    const product = o.productId ?? ''
    sales.products[product] = (sales.products[product] ?? 0) + 1
    if (o.amountTotal !== undefined && o.currency) {
      const net = o.amountTotal - (o.amountRefunded ?? 0)
      sales.takings[o.currency] = (sales.takings[o.currency] ?? 0) + net
    }
  }
  return [...days.values()].sort((a, b) => a.day.localeCompare(b.day))
}
