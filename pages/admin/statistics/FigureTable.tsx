import { useId } from 'react'
import type { Named } from '../../../domain/statistics-report.ts'

/** A short ranked list as a two-column table: a name and its count, what they mean said under it. */
export function FigureTable({
  caption,
  rows,
  nameHeading,
  countHeading = 'Views',
  empty,
  note,
}: {
  caption: string
  rows: Named[]
  nameHeading: string
  countHeading?: string
  empty: string
  /** What the list counts, in a sentence or two. */
  note: string
}) {
  const noteId = useId()
  const others = rows.some((r) => r.others)
  return (
    <section className="visits-panel">
      <h2>{caption}</h2>
      {rows.length === 0 ? (
        <p className="visits-panel__empty">{empty}</p>
      ) : (
        <table className="visits-table" aria-describedby={noteId}>
          <thead>
            <tr>
              <th scope="col">{nameHeading}</th>
              <th scope="col">{countHeading}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r, i) => (
              <tr key={`${i} ${r.name}`} className={r.others ? 'visits-table__others' : undefined}>
                <th scope="row">{r.name}</th>
                <td>{r.count.toLocaleString('en-GB')}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <p id={noteId} className="visits-panel__note">
        {note}
        {others ? ' All others: the rest, added up.' : ''}
      </p>
    </section>
  )
}
