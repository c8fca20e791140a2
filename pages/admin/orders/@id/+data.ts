import { render } from 'vike/abort'
import type { PageContextServer } from 'vike/types'
import type { WorkspaceTabs } from '../../../../components/admin/WorkspaceLayout.tsx'
import { orderNotice, type OrderView } from '../../../../domain/order-view.ts'
import { workspaceTabs } from '../../workspace-tabs.ts'

/** One order, whole (`?confirm=erase` asks before erasing the customer's details). */
export type Data = { order: OrderView; tabs: WorkspaceTabs }

export async function data(pageContext: PageContextServer): Promise<Data> {
  const { services, urlParsed, routeParams } = pageContext
  const order = await services.ownerOrders.one(routeParams.id!, {
    notice: orderNotice(urlParsed.search.done),
    confirmErase: urlParsed.search.confirm === 'erase',
  })
  if (!order) throw render(404)
  if ('problem' in order) throw render(503, order.problem)
  return { order, tabs: await workspaceTabs(pageContext) }
}
