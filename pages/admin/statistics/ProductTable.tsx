import { useId } from 'react'
import { handoffShare, type ProductFigures } from '../../../domain/statistics-report.ts'

/** The products' columns, each with what it counts; a later figure (orders paid) is one more entry. */
const COLUMNS: { heading: string; explains: string; cell: (p: ProductFigures) => string }[] = [
  { heading: 'Views', explains: 'times its page was opened.', cell: (p) => p.views.toLocaleString('en-GB') },
  {
    heading: 'Orders sent to payment',
    explains: 'orders filled in on its page and sent on to the payment page (whether they paid is not known here).',
    cell: (p) => p.handoffs.toLocaleString('en-GB'),
  },
  {
    heading: 'Share',
    explains: 'orders sent to payment for every 100 views: 1 order in 20 views is 5.0%.',
    cell: (p) => handoffShare(p.handoffs, p.views),
  },
]

/** Products by views, with what each column means said under the table. */
export function ProductTable({ products }: { products: ProductFigures[] }) {
  const notesId = useId()
  return (
    <section className="visits-panel">
      <h2>Products</h2>
      {products.length === 0 ? (
        <p className="visits-panel__empty">No product page was viewed in these days.</p>
      ) : (
        <div className="visits-table__scroll">
          <table className="visits-table" aria-describedby={notesId}>
            <thead>
              <tr>
                <th scope="col">Product</th>
                {COLUMNS.map((c) => (
                  <th key={c.heading} scope="col">
                    {c.heading}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {products.map((p) => (
                <tr key={p.id}>
                  <th scope="row">{p.name}</th>
                  {COLUMNS.map((c) => (
                    <td key={c.heading}>{c.cell(p)}</td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <dl id={notesId} className="visits-notes">
        {COLUMNS.map((c) => (
          <div key={c.heading}>
            <dt>{c.heading}:</dt> <dd>{c.explains}</dd>
          </div>
        ))}
      </dl>
    </section>
  )
}
