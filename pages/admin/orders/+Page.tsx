import { WorkspaceLayout } from '../../../components/admin/WorkspaceLayout.tsx'
import { ordersToSend, oversoldOrders } from '../../../domain/order-view.ts'
import { useData } from '../../../renderer/useData.ts'
import { Notice } from '../enquiries/Notice.tsx'
import type { Data } from './+data.ts'
import { OrderBadges } from './OrderBadges.tsx'

export default function Page() {
  const { orders, tabs } = useData<Data>()
  const { rows, counts } = orders
  return (
    <WorkspaceLayout current="orders" tabs={tabs} title="Orders">
      <div className="orders">
        {orders.problem ? null : (
          <p className="orders__counts">
            {ordersToSend(counts.toSend)}
            {counts.oversold > 0 ? ` · ${oversoldOrders(counts.oversold)}` : ''}
          </p>
        )}
        <Notice text={orders.notice} />
        {orders.problem ? (
          <p className="orders__problem" role="alert">
            {orders.problem}
          </p>
        ) : rows.length === 0 ? (
          <p className="orders__empty">
            No order yet. Orders paid through the shop&apos;s Stripe payment links show here as Stripe reports them.
          </p>
        ) : (
          <>
            <p className="orders__summary">
              {orders.total > rows.length
                ? `Showing ${rows.length} of ${orders.total.toLocaleString('en-GB')}: ` +
                  'those to send first, then the newest first. Every order is in the CSV below.'
                : 'Those to send first, then the newest first.'}
            </p>
            <ol className="orders-list">
              {rows.map((o) => (
                <li key={o.id} className="orders-item" data-to-send={o.toSend || undefined}>
                  <a className="orders-item__link" href={`/admin/orders/${encodeURIComponent(o.id)}`}>
                    <span className="orders-item__top">
                      <span className="orders-item__product">{o.product}</span>
                      <span className="orders-item__amount">{o.amount}</span>
                    </span>
                    <span className="orders-item__meta">
                      <OrderBadges order={o} />
                      <time dateTime={o.createdAt}>{o.when}</time>
                      {o.name ? <span className="orders-item__name">{o.name}</span> : null}
                    </span>
                  </a>
                </li>
              ))}
            </ol>
          </>
        )}
        <p className="orders__export">
          For the accountant:{' '}
          <a className="tap-link" href="/admin/orders.csv">
            every order as CSV
          </a>{' '}
          (opens in Excel or LibreOffice).
        </p>
      </div>
    </WorkspaceLayout>
  )
}
