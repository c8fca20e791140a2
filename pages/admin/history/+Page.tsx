import { FieldChanges } from '../../../components/admin/FieldChanges.tsx'
import { WorkspaceLayout } from '../../../components/admin/WorkspaceLayout.tsx'
import { ukTime } from '../../../domain/uk-time.ts'
import { useData } from '../../../renderer/useData.ts'
import { PhotosBeforeAfter } from './PhotosBeforeAfter.tsx'
import type { Data } from './+data.ts'

export default function Page() {
  const { changes, more, tabs } = useData<Data>()
  return (
    <WorkspaceLayout
      current="products"
      tabs={tabs}
      title="History of changes"
      intro={
        'Every change to the products and to their order, newest first. Bring ' +
        'back any product as it was before a change (a removed one too), or the ' +
        'order as it was.'
      }
    >
      <p className="tap-links">
        <a href="/admin/products">All products</a>
      </p>
      {changes.length === 0 ? <p>No changes yet.</p> : null}
      <ol className="history">
        {changes.map((c) => (
          <li key={c.id} className="history__entry">
            <h2>{`${c.product}: ${c.what}`}</h2>
            <p className="history__when">
              <time dateTime={c.at}>{ukTime(c.at)}</time> · <span className="history__who">{c.who}</span>
            </p>
            {c.photos ? <PhotosBeforeAfter photos={c.photos} /> : null}
            <FieldChanges changes={c.fields} />
            {c.order ? <OrderBeforeAfter order={c.order} /> : null}
            {c.restorable ? (
              <form method="post" action={`/admin/history/${encodeURIComponent(c.id)}/restore`}>
                <button type="submit" className="btn btn-outline">
                  {c.order
                    ? 'Put the products back in the order before this'
                    : `Restore ${c.product} as it was before this`}
                </button>
              </form>
            ) : null}
          </li>
        ))}
      </ol>
      {more > 0 ? <p>{more} older changes are kept in the history file beside the data file.</p> : null}
    </WorkspaceLayout>
  )
}

function OrderBeforeAfter({ order }: { order: { before: string[]; after: string[] } }) {
  return (
    <details className="history__order">
      <summary>The whole order, before and after</summary>
      {(['Before', 'After'] as const).map((when) => (
        <div key={when}>
          <h3>{when}</h3>
          <ol>
            {order[when === 'Before' ? 'before' : 'after'].map((name, i) => (
              <li key={i}>{name}</li>
            ))}
          </ol>
        </div>
      ))}
    </details>
  )
}
