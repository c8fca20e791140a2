import type { PageContextServer } from 'vike/types'
import type { WorkspaceTabs } from '../../../components/admin/WorkspaceLayout.tsx'
import { orderNotice, type OrdersListView } from '../../../domain/order-view.ts'
import { workspaceTabs } from '../workspace-tabs.ts'

/** The list, with the sentence after an action (`?done=`); its actions: server/routes/admin/orders.server.ts. */
export type Data = { orders: OrdersListView; tabs: WorkspaceTabs }

export async function data(pageContext: PageContextServer): Promise<Data> {
  const { services, urlParsed } = pageContext
  const orders = await services.ownerOrders.list(orderNotice(urlParsed.search.done))
  return { orders, tabs: await workspaceTabs(pageContext) }
}
