import { WorkspaceLayout } from '../../../../components/admin/WorkspaceLayout.tsx'
import { FILTERS } from '../../../../domain/business.ts'
import { useData } from '../../../../renderer/useData.ts'
import type { Data, Row } from './+data.ts'

export default function Page() {
  const { rows, total, query, category, removed } = useData<Data>()
  const filtered = query !== '' || category !== 'all'
  return (
    <WorkspaceLayout current="products" title="Products" intro="Change a price, mark a product sold out, add a new one. Every change is on the site at once, and can be undone.">
      {removed ? (
        <div className="admin-notice" role="status">
          <p>{removed.name} was removed from the shop.</p>
          <form method="post" action={`/admin/history/${encodeURIComponent(removed.entry)}/restore`}>
            <button type="submit" className="btn btn-outline">
              Undo: bring back {removed.name}
            </button>
          </form>
        </div>
      ) : null}
      <div className="admin-products__tools">
        <a className="btn btn-primary" href="/admin/products/new">
          Add a product
        </a>
        <a href="/admin/history">History of changes</a>
      </div>
      <form className="admin-products__search" method="get" action="/admin/products" role="search">
        <div className="field">
          <label htmlFor="products-q">Search by name or SKU</label>
          <input id="products-q" name="q" type="search" defaultValue={query} />
        </div>
        <div className="field">
          <label htmlFor="products-category">Category</label>
          <select id="products-category" name="category" defaultValue={category}>
            {FILTERS.map((f) => (
              <option key={f.value} value={f.value}>
                {f.label}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className="btn btn-outline">
          Show
        </button>
      </form>
      <p className="admin-products__count" role="status">
        {filtered ? `${rows.length} of ${total} products` : `${total} products, in the order the shop shows them`}
      </p>
      <ol className="admin-products">
        {rows.map((row) => (
          <ProductRow key={row.id} row={row} last={row.position === total - 1} />
        ))}
      </ol>
    </WorkspaceLayout>
  )
}

function ProductRow({ row, last }: { row: Row; last: boolean }) {
  const move = `/admin/products/${encodeURIComponent(row.id)}/move`
  return (
    <li className="admin-products__row" id={`row-${row.id}`}>
      <img className="admin-products__image" src={row.mainImage} alt="" width={64} height={64} loading="lazy" decoding="async" />
      <div className="admin-products__text">
        <a className="admin-products__name" href={`/admin/products/${encodeURIComponent(row.id)}`}>
          {row.name}
        </a>
        <p className="admin-products__meta">
          <span>{row.sku}</span>
          <span>{row.category}</span>
          <span className="admin-products__price">{row.price}</span>
          <span>{row.availability}</span>
        </p>
      </div>
      <form className="admin-products__move" method="post" action={move}>
        <button type="submit" name="to" value="up" className="btn btn-outline" disabled={row.position === 0}>
          <span aria-hidden="true">↑</span>
          <span className="visually-hidden">Move {row.name} up</span>
        </button>
        <button type="submit" name="to" value="down" className="btn btn-outline" disabled={last}>
          <span aria-hidden="true">↓</span>
          <span className="visually-hidden">Move {row.name} down</span>
        </button>
      </form>
    </li>
  )
}
