import { render } from 'vike/abort'
import type { PageContextServer } from 'vike/types'
import type { OrdersListView } from '../../../domain/order-view.ts'

export type Data = { orders: OrdersListView }

export function data(pageContext: PageContextServer): Data {
  // Set only by the server's owner check and orders route; a request that reached the page another way is refused.
  const orders = pageContext.adminOrders
  if (!orders) throw render(404)
  return { orders }
}
