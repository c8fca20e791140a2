import { render } from 'vike/abort'
import type { PageContextServer } from 'vike/types'
import type { OrderView } from '../../../../domain/order-view.ts'

export type Data = { order: OrderView }

export function data(pageContext: PageContextServer): Data {
  // Null for an id of no order; unset when the request did not pass the owner check and orders route.
  const order = pageContext.adminOrder
  if (!order) throw render(404)
  return { order }
}
