import type { OrderRow } from '../../../domain/order-view.ts'
import { OVERSOLD } from '../../../domain/shop-order.ts'

/** The order's state in the owner's words, and "oversold" beside it when the piece was gone. */
export function OrderBadges({ order }: { order: OrderRow }) {
  return (
    <>
      <span className="order-badge" data-to-send={order.toSend || undefined}>
        {order.state}
      </span>
      {order.oversold ? (
        <span className="order-badge" data-oversold>
          {OVERSOLD.charAt(0).toUpperCase() + OVERSOLD.slice(1)}
        </span>
      ) : null}
    </>
  )
}
