import type { Logger } from 'pino'
import { ORDERS_SHOWN, type OrdersListView, type OrderView } from '../../../domain/order-view.ts'
import type { OrdersService } from './orders.server.ts'
import { orderRow, orderView } from './order-view.server.ts'

type Counts = OrdersListView['counts']

/** The orders as the workspace's pages read them: the list, one order, and the overview's counts. */
export type OwnerOrders = {
  /** Those to send first, then the newest, at most ORDERS_SHOWN; a file that cannot be read is said, not thrown. */
  list(notice: string | null): Promise<OrdersListView>
  /** One order by the id in its address (null: no such order). */
  one(id: string, shown: { notice: string | null; confirmErase: boolean }): Promise<OrderView | null>
  /** For "Needs you": none when the orders cannot be read (logged where they are opened). */
  counts(): Promise<Counts>
}

const NONE: Counts = { toSend: 0, oversold: 0 }

export function ownerOrders(orders: OrdersService, logger: Logger): OwnerOrders {
  return {
    async list(notice) {
      try {
        const [all, counts] = await Promise.all([orders.list(), orders.counts()])
        const now = new Date()
        return { rows: all.slice(0, ORDERS_SHOWN).map((o) => orderRow(o, now)), total: all.length, counts, notice }
      } catch (err) {
        // The owner reads why on the page rather than an error page; the server's log has the details.
        logger.error({ err }, `The orders cannot be listed: ${(err as Error).message}`)
        const code = (err as NodeJS.ErrnoException).code ?? 'an error'
        const problem =
          `The orders file cannot be read just now (${code}); no order is lost: ` +
          "Stripe sends each again until the site takes it. The server's log says more."
        return { rows: [], total: 0, counts: NONE, notice, problem }
      }
    },
    async one(id, shown) {
      const order = await orders.find(id)
      return order ? orderView(order, shown) : null
    },
    counts: () => orders.counts().catch(() => NONE),
  }
}
