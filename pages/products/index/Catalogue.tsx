import { lazy, Suspense, useEffect, useRef } from 'react'
import { ProductCard } from '../../../components/ProductCard.tsx'
import { FILTERS, type CategoryFilter } from '../../../domain/business.ts'
import { countByFilter, productsIn } from '../../../domain/catalogue.ts'
import type { Product } from '../../../domain/product.ts'
import { island } from '../../../renderer/island.tsx'
import { catalogueStore, filterHref } from '../../../stores/catalogue-store.ts'
import { orderStore } from '../../../stores/order-store.ts'
import { CATALOGUE_TITLES } from './titles.ts'

// The order dialog is only needed once someone buys: it loads on first intent, not with the page.
const loadOrderDialog = () => import('../../../components/order/OrderDialog.tsx')
const OrderDialog = lazy(loadOrderDialog)

type Props = { products: Product[]; filter: CategoryFilter }

function Catalogue({ products, filter }: Props) {
  return (
    <catalogueStore.Provider init={filter}>
      <orderStore.Provider init={undefined}>
        <CatalogueView products={products} />
      </orderStore.Provider>
    </catalogueStore.Provider>
  )
}

/**
 * The filter buttons with their counts, the cards, and the order dialog. The filters are links to
 * the filtered catalogue, so they work before and without JavaScript; with it they filter in place.
 */
function CatalogueView({ products }: { products: Product[] }) {
  const filter = catalogueStore.useSelector((s) => s.filter)
  const choose = catalogueStore.useSelector((s) => s.choose)
  const followAddress = catalogueStore.useSelector((s) => s.followAddress)
  const openOrder = orderStore.useSelector((s) => s.open)
  const ordering = orderStore.useSelector((s) => s.product !== null)
  const lastTrigger = useRef<HTMLButtonElement | null>(null)

  useEffect(() => {
    window.addEventListener('popstate', followAddress)
    return () => window.removeEventListener('popstate', followAddress)
  }, [followAddress])
  useEffect(() => {
    document.title = CATALOGUE_TITLES[filter]
  }, [filter])

  const counts = countByFilter(products)
  const shown = productsIn(products, filter)

  const onFilter = (e: React.MouseEvent<HTMLAnchorElement>, value: CategoryFilter) => {
    if (e.metaKey || e.ctrlKey || e.shiftKey || e.altKey || e.button !== 0) return // new tab and friends
    e.preventDefault()
    if (value !== filter) choose(value)
  }

  return (
    <section className="catalogue section" aria-labelledby="catalogue-heading">
      <div className="container">
        <h2 id="catalogue-heading" className="visually-hidden">
          Products
        </h2>
        <nav className="filter-bar" aria-label="Filter by category">
          <ul>
            {FILTERS.map((f) => (
              <li key={f.value}>
                <a
                  href={filterHref(f.value)}
                  className={`filter-bar__button${f.value === filter ? ' is-active' : ''}`}
                  aria-current={f.value === filter ? 'true' : undefined}
                  onClick={(e) => onFilter(e, f.value)}
                  data-filter={f.value}
                >
                  {f.label} <span className="filter-bar__count">{`(${counts[f.value]})`}</span>
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <p className="visually-hidden" role="status">
          {`${shown.length} ${shown.length === 1 ? 'product' : 'products'} shown`}
        </p>
        {shown.length === 0 ? (
          <p className="catalogue__empty">No products found in this category.</p>
        ) : (
          <div className="catalogue__grid">
            {shown.map((p, i) => (
              <ProductCard
                key={p.id}
                product={p}
                eager={i < 3}
                onIntent={() => void loadOrderDialog()}
                onPurchase={(product, trigger) => {
                  lastTrigger.current = trigger
                  openOrder(product)
                }}
              />
            ))}
          </div>
        )}
      </div>
      {ordering ? (
        <Suspense fallback={null}>
          <OrderDialog returnFocusTo={lastTrigger} />
        </Suspense>
      ) : null}
    </section>
  )
}

/** The catalogue as an island: hydrated by /products (its +client.ts). */
export const CatalogueIsland = island('catalogue', Catalogue)
