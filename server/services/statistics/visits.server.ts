import type { Store } from '../../../data/store.server.ts'
import type { ReportRange, StatisticsReport } from '../../../domain/statistics-report.ts'
import type { OrdersService } from '../orders/orders.server.ts'
import { statisticsReport } from './report.server.ts'
import { ukDay, type Statistics } from './statistics.server.ts'

const DAY_MS = 24 * 60 * 60 * 1000

type Deps = {
  statistics: Statistics
  store: Store
  orders: OrdersService
  /** Whether Stripe's events reach the shop (STRIPE_WEBHOOK_SECRET): its paid orders are shown then. */
  takesOrders: boolean
}

/** The Visits page's figures for a range of days (and its CSV's), with the range's paid orders. */
export function visitsReport({ statistics, store, orders, takesOrders }: Deps) {
  return async (range: ReportRange): Promise<StatisticsReport> => {
    const sales = await salesOf(orders, range, takesOrders)
    return statisticsReport({
      data: statistics.totals(),
      range,
      products: store.products,
      enquiries: await store.allEnquiries(),
      counting: statistics.enabled,
      ...(sales ? { sales } : {}),
    })
  }
}

/**
 * The range's paid orders: shown when the shop takes Stripe's events, or holds orders of the range from
 * when it did; an orders file that cannot be read leaves them out (it is logged where it is opened).
 */
async function salesOf(orders: OrdersService, range: number, takesOrders: boolean) {
  const from = ukDay(Date.now() - range * DAY_MS)
  const sales = await orders.salesByDay({ from }).catch(() => null)
  return sales && (takesOrders || sales.length > 0) ? sales : undefined
}
