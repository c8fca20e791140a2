import {
  inboxQuery,
  STATE_FILTER_LABELS,
  type DeliveryState,
  type InboxFilter,
  type InboxRow,
} from '../../../domain/inbox.ts'

const DELIVERY_BADGES: Partial<Record<DeliveryState, string>> = {
  failed: 'E-mail failed',
  waiting: 'E-mail waiting',
  off: 'Not e-mailed',
}

export function InboxList({ rows, filter }: { rows: InboxRow[]; filter: InboxFilter }) {
  if (rows.length === 0) return null
  const back = inboxQuery(filter)
  return (
    <ol className="inbox-list">
      {rows.map((r) => (
        <li key={r.id} className="inbox-item" data-state={r.state}>
          <a className="inbox-item__link" href={`/admin/enquiries/${encodeURIComponent(r.id)}${back}`}>
            <span className="inbox-item__top">
              <span className="inbox-item__name">{r.name}</span>
              <time className="inbox-item__time" dateTime={r.createdAt}>
                {r.received}
              </time>
            </span>
            <span className="inbox-item__meta">
              <span className="inbox-badge" data-state={r.state}>
                {STATE_FILTER_LABELS[r.state]}
              </span>
              {DELIVERY_BADGES[r.delivery] ? (
                <span className="inbox-badge" data-delivery={r.delivery}>
                  {DELIVERY_BADGES[r.delivery]}
                </span>
              ) : null}
              <span>{r.subject}</span>
              <span className="inbox-item__email">{r.email}</span>
            </span>
            <span className="inbox-item__line">{r.firstLine}</span>
          </a>
        </li>
      ))}
    </ol>
  )
}
