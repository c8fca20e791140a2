import { WorkspaceLayout } from '../../../../components/admin/WorkspaceLayout.tsx'
import { FILTERS } from '../../../../domain/business.ts'
import { useData } from '../../../../renderer/useData.ts'
import type { Data } from './+data.ts'
import { ProductOrderIsland } from './ProductOrder.tsx'

export default function Page() {
  const { tabs, rows, total, query, category, removed, orderRestored, moved } = useData<Data>()
  const filtered = query !== '' || category !== 'all'
  return (
    <WorkspaceLayout current="products" tabs={tabs} title="Products">
      {removed ? (
        <div className="admin-notice" role="status" tabIndex={-1} autoFocus>
          <p>{removed.name} was removed from the shop.</p>
          <form method="post" action={`/admin/history/${encodeURIComponent(removed.entry)}/restore`}>
            <button type="submit" className="btn btn-outline">
              Undo: bring back {removed.name}
            </button>
          </form>
        </div>
      ) : null}
      {orderRestored ? (
        <div className="admin-notice" role="status" tabIndex={-1} autoFocus>
          <p>The order was put back: the shop shows the products in it now.</p>
        </div>
      ) : null}
      <div className="admin-products__tools">
        <a className="btn btn-primary" href="/admin/products/new">
          Add a product
        </a>
        <a className="tap-link" href="/admin/history">
          History of changes
        </a>
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
      <ProductOrderIsland rows={rows} total={total} moved={moved} />
      {/* After the list: on a phone the first product comes before the explanations. */}
      <p className="workspace__intro">
        Change a price, mark a product sold out, add a new one. Every change is on the site at once, and can be undone.
      </p>
    </WorkspaceLayout>
  )
}
