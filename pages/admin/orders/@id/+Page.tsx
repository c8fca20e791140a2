import type { ReactNode } from 'react'
import { WorkspaceLayout } from '../../../../components/admin/WorkspaceLayout.tsx'
import { useData } from '../../../../renderer/useData.ts'
import { Notice } from '../../enquiries/Notice.tsx'
import { OrderBadges } from '../OrderBadges.tsx'
import type { Data } from './+data.ts'
import { OrderActions } from './OrderActions.tsx'

/** Lines of one value, each on its own line. */
const lines = (texts: string[]) =>
  texts.map((line, i) => (
    <span key={i} className="order__line">
      {line}
    </span>
  ))

export default function Page() {
  const { order: o, tabs } = useData<Data>()
  const facts: [string, ReactNode][] = [
    ['Amount', o.amount],
    ['Ordered', <time dateTime={o.createdAt}>{o.when}</time>],
  ]
  if (o.history.length) facts.push(['Payment', lines(o.history)])
  if (o.sent) facts.push(['Sent', lines([o.sent.when, ...(o.sent.tracking ? [`Tracking: ${o.sent.tracking}`] : [])])])
  const customer: [string, ReactNode][] = o.erased
    ? [['Details', `Erased ${o.erased}`]]
    : [
        ['Name', o.name || '–'],
        ['E-mail', o.email || '–'],
        ['Phone', o.phone || '–'],
        ['Deliver to', o.delivery.length ? <address>{lines(o.delivery)}</address> : 'No address was collected'],
      ]
  const list = (rows: [string, ReactNode][]) => (
    <dl className="order__facts">
      {rows.map(([term, value], i) => (
        <div key={i}>
          <dt>{term}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  )
  return (
    <WorkspaceLayout current="orders" tabs={tabs} title={o.product} titleId="order-product">
      <article className="order" aria-labelledby="order-product">
        <p className="order__back">
          <a href="/admin/orders">← All orders</a>
        </p>
        <Notice text={o.notice} />
        <p className="order__state">
          <OrderBadges order={o} />
        </p>
        {list(facts)}
        <h2>Customer</h2>
        {list(customer)}
        <OrderActions order={o} />
        <p className="order__ids">
          Order {o.id}
          {o.payment ? ` · Stripe payment ${o.payment}` : ''}
        </p>
      </article>
    </WorkspaceLayout>
  )
}
