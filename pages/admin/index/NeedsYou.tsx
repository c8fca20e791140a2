import { oversoldOrders, ordersToSend } from '../../../domain/order-view.ts'
import type { HealthItem } from '../../../domain/shop-health.ts'

export type Needs = {
  newEnquiries: number
  /** Paid orders not yet sent, and those of them that paid for a piece already gone. */
  orders: { toSend: number; oversold: number }
  warnings: Pick<HealthItem, 'key' | 'title' | 'headline' | 'status'>[]
  drafts: { id: string; name: string }[]
  /** After undoing a run: how many main photographs went back, and how many were changed since and kept. */
  undone: { restored: number; kept: number } | null
}

/** Drafts named one by one up to this many; past it, one link to the products. */
const DRAFTS_NAMED = 3

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`

/** What needs the owner, each a link to the page that settles it; a short sentence when nothing does. */
export function NeedsYou({ needs }: { needs: Needs }) {
  const { newEnquiries, orders, warnings, drafts, undone } = needs
  const items: { key: string; href: string; text: string }[] = []
  if (orders.toSend > 0) items.push({ key: 'orders', href: '/admin/orders', text: ordersToSend(orders.toSend) })
  if (orders.oversold > 0) items.push({ key: 'oversold', href: '/admin/orders', text: oversoldOrders(orders.oversold) })
  if (newEnquiries > 0)
    items.push({
      key: 'enquiries',
      href: '/admin/enquiries?state=new',
      text: plural(newEnquiries, 'new enquiry', 'new enquiries'),
    })
  for (const w of warnings)
    items.push({ key: `health-${w.key}`, href: '/admin/health', text: `${w.title}: ${w.headline}` })
  if (drafts.length > DRAFTS_NAMED)
    items.push({ key: 'drafts', href: '/admin/products', text: `${drafts.length} drafts waiting to be published` })
  else
    for (const d of drafts)
      items.push({
        key: `draft-${d.id}`,
        href: `/admin/products/${encodeURIComponent(d.id)}`,
        text: `Draft waiting: ${d.name}`,
      })
  return (
    <section className="needs-you container" aria-labelledby="needs-you-heading">
      <h2 id="needs-you-heading">Needs you</h2>
      {undone ? (
        <p className="needs-you__done" role="status" tabIndex={-1} autoFocus>
          {`Undone: ${plural(undone.restored, 'main photograph is', 'main photographs are')} back as before the run.`}
          {undone.kept > 0
            ? ` ${plural(undone.kept, 'product was', 'products were')} changed since and kept as they are.`
            : ''}
        </p>
      ) : null}
      {items.length === 0 ? (
        <p className="needs-you__calm">Nothing needs you just now.</p>
      ) : (
        <ul className="needs-you__list">
          {items.map((i) => (
            <li key={i.key}>
              <a href={i.href}>{i.text}</a>
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}
