import type { Logger } from 'pino'
import { ORDERS_SHOWN, type OrdersListView, type OrderView } from '../../../domain/order-view.ts'
import type { OrdersService } from './orders.server.ts'
import { orderRow, orderView } from './order-view.server.ts'

type Counts = OrdersListView['counts']

/** Why the orders cannot be read just now, in the owner's words: said instead of an error page. */
export type OrdersUnreadable = { problem: string }

/**
 * The orders as the workspace reads them: the list, one order, the accountant's CSV and the overview's
 * counts. A file that cannot be read is said (and logged), not thrown.
 */
export type OwnerOrders = {
  /** Those to send first, then the newest, at most ORDERS_SHOWN. */
  list(notice: string | null): Promise<OrdersListView>
  /** One order by the id in its address (null: no such order). */
  one(id: string, shown: { notice: string | null; confirmErase: boolean }): Promise<OrderView | null | OrdersUnreadable>
  /** Every order as CSV, one chunk per row. */
  csv(): Promise<Iterable<string> | OrdersUnreadable>
  /** For "Needs you": none when the orders cannot be read (logged where they are opened). */
  counts(): Promise<Counts>
}

const NONE: Counts = { toSend: 0, oversold: 0 }

export function ownerOrders(orders: OrdersService, logger: Logger): OwnerOrders {
  // The owner reads why on the page; the server's log has the details.
  const unreadable = (err: unknown): OrdersUnreadable => {
    logger.error({ err }, `The orders cannot be read: ${(err as Error).message}`)
    return { problem: ordersUnreadable(err) }
  }
  return {
    async list(notice) {
      try {
        const [all, counts] = await Promise.all([orders.list(), orders.counts()])
        const now = new Date()
        return { rows: all.slice(0, ORDERS_SHOWN).map((o) => orderRow(o, now)), total: all.length, counts, notice }
      } catch (err) {
        return { rows: [], total: 0, counts: NONE, notice, ...unreadable(err) }
      }
    },
    async one(id, shown) {
      let order
      try {
        order = await orders.find(id)
      } catch (err) {
        return unreadable(err)
      }
      return order ? orderView(order, shown) : null
    },
    csv: () => orders.csv().catch(unreadable),
    counts: () => orders.counts().catch(() => NONE),
  }
}

/** The sentence for an orders file that cannot be read (a form's post says it too). */
export function ordersUnreadable(err: unknown): string {
  const code = (err as NodeJS.ErrnoException).code ?? 'an error'
  return (
    `The orders file cannot be read just now (${code}); no order is lost: ` +
    "Stripe sends each again until the site takes it. The server's log says more."
  )
}
