import { WorkspaceLayout } from '../../../../components/admin/WorkspaceLayout.tsx'
import { useData } from '../../../../renderer/useData.ts'
import { productCount, reasonOf } from '../snapshot-words.ts'
import type { Data } from './+data.ts'

export default function Page() {
  const { tabs, snapshots, restored } = useData<Data>()
  return (
    <WorkspaceLayout
      current="snapshots"
      tabs={tabs}
      title="Snapshots"
      intro={
        'The catalogue as it was, kept beside the data file. Restoring one puts ' +
        'the products back; enquiries never go back.'
      }
    >
      {restored ? (
        <p className="snapshots__done" role="status" tabIndex={-1} autoFocus>
          {`Restored: the products are back as on ` +
            `${snapshots.find((s) => s.name === restored.name)?.when} ` +
            `(${restored.changed === 1 ? '1 change' : `${restored.changed} changes`}). ` +
            `The catalogue as it was just before is kept as the newest snapshot.`}
        </p>
      ) : null}
      {snapshots.length === 0 ? (
        <p>No snapshots yet: the first is taken before the day&apos;s first change in the workspace.</p>
      ) : null}
      <ul className="snapshots">
        {snapshots.map((s) => (
          <li key={s.name} className="snapshots__item">
            <p className="snapshots__when">
              <time dateTime={s.takenAt}>{s.when}</time>
            </p>
            <p className="snapshots__why">
              {reasonOf(s.reason)} · {productCount(s.products)}
            </p>
            <form method="get" action={`/admin/snapshots/${encodeURIComponent(s.name)}`}>
              <button type="submit" className="btn btn-outline" aria-label={`Restore the snapshot of ${s.when}…`}>
                Restore…
              </button>
            </form>
          </li>
        ))}
      </ul>
    </WorkspaceLayout>
  )
}
