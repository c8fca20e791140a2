import { useId } from 'react'
import { handoffShare, type ProductFigures } from '../../../domain/statistics-report.ts'

type Column = { heading: string; explains: string; cell: (p: ProductFigures) => string }

/** The products' columns, each with what it counts. */
const COLUMNS: Column[] = [
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

/** When the shop hears of paid orders (Stripe's events), what they were and what share of views they are. */
const SALES_COLUMNS: Column[] = [
  {
    heading: 'Orders paid',
    explains: 'orders paid for on the payment page, as Stripe told the shop (those refunded in full left out).',
    cell: (p) => p.paid.toLocaleString('en-GB'),
  },
  {
    heading: 'Paid share',
    explains: 'orders paid for every 100 views: 1 paid order in 50 views is 2.0%.',
    cell: (p) => handoffShare(p.paid, p.views),
  },
]

/** Products by views, with what each column means said under the table. */
export function ProductTable({ products, sales }: { products: ProductFigures[]; sales: boolean }) {
  const notesId = useId()
  const columns = sales ? [...COLUMNS, ...SALES_COLUMNS] : COLUMNS
  return (
    <section className="visits-panel">
      <h2>Products</h2>
      {products.length === 0 ? (
        <p className="visits-panel__empty">No product page was viewed in these days.</p>
      ) : (
        // With the sales columns it scrolls sideways on a phone: a keyboard reaches it too.
        <div
          className="visits-table__scroll"
          {...(sales ? { tabIndex: 0, role: 'region', 'aria-label': 'Products, scrolls sideways' } : {})}
        >
          <table className={`visits-table${sales ? ' visits-table--sales' : ''}`} aria-describedby={notesId}>
            <thead>
              <tr>
                <th scope="col">Product</th>
                {columns.map((c) => (
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
                  {columns.map((c) => (
                    <td key={c.heading}>{c.cell(p)}</td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <dl id={notesId} className="visits-notes">
        {columns.map((c) => (
          <div key={c.heading}>
            <dt>{c.heading}:</dt> <dd>{c.explains}</dd>
          </div>
        ))}
      </dl>
    </section>
  )
}
