import type { Named } from '../../../domain/statistics-report.ts'

/** A short ranked list as a two-column table: a name and its count. */
export function FigureTable({
  caption,
  rows,
  nameHeading,
  countHeading = 'Views',
  empty,
}: {
  caption: string
  rows: Named[]
  nameHeading: string
  countHeading?: string
  empty: string
}) {
  return (
    <section className="visits-panel">
      <h2>{caption}</h2>
      {rows.length === 0 ? (
        <p className="visits-panel__empty">{empty}</p>
      ) : (
        <table className="visits-table">
          <thead>
            <tr>
              <th scope="col">{nameHeading}</th>
              <th scope="col">{countHeading}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.name}>
                <th scope="row">{r.name}</th>
                <td>{r.count}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  )
}
