import { FieldChanges } from '../../../../components/admin/FieldChanges.tsx'
import { WorkspaceLayout } from '../../../../components/admin/WorkspaceLayout.tsx'
import { useData } from '../../../../renderer/useData.ts'
import { productCount, reasonOf } from '../snapshot-words.ts'
import type { Data } from './+data.ts'

function Names({ title, names }: { title: string; names: string[] }) {
  if (names.length === 0) return null
  return (
    <>
      <h2>{title}</h2>
      <ul className="snapshot-changes">
        {names.map((n, i) => (
          <li key={i}>{n}</li>
        ))}
      </ul>
    </>
  )
}

/** Each product the restore changes back, with each field as it is now and as it would be. */
function ChangedBack({ changed }: { changed: Data['changed'] }) {
  if (changed.length === 0) return null
  return (
    <>
      <h2>Changed back</h2>
      <ul className="snapshot-changes snapshot-changes--fields">
        {changed.map((p, i) => (
          <li key={i}>
            <h3>{p.name}</h3>
            <FieldChanges changes={p.fields} />
          </li>
        ))}
      </ul>
    </>
  )
}

/** What a restore changes, then the one form that does it. */
export default function Page() {
  const d = useData<Data>()
  const nothing = d.changed.length + d.added.length + d.removed.length === 0 && !d.reordered
  return (
    <WorkspaceLayout
      current="snapshots"
      tabs={d.tabs}
      title={`Restore the snapshot of ${d.when}?`}
      titleId="confirm-heading"
    >
      <p>
        {/* The heading may be cut short on a phone: the time that tells this snapshot apart is said here too. */}
        Taken {d.when} · {reasonOf(d.reason)} · {productCount(d.products)}. Restoring puts the products back as they
        were then (each change below goes from the value now, struck through, to the value it goes back to). Only the
        products change: enquiries are not touched and never go back. The catalogue as it is now is kept as a snapshot
        first, so this can be undone.
      </p>
      {nothing ? <p>The products are the same as in this snapshot: restoring changes nothing.</p> : null}
      <ChangedBack changed={d.changed} />
      <Names title="Brought back" names={d.added} />
      <Names title="Removed (not in the snapshot)" names={d.removed} />
      {d.reordered ? <p>The order of the products in the shop goes back too.</p> : null}
      <form
        className="snapshot-confirm"
        method="post"
        action={`/admin/snapshots/${encodeURIComponent(d.name)}/restore`}
      >
        <button type="submit" className="btn btn-primary">
          Restore the products
        </button>
        <a href="/admin/snapshots">Keep them as they are</a>
      </form>
    </WorkspaceLayout>
  )
}
