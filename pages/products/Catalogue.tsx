import { lazy, Suspense, useEffect, useRef } from 'react'
import { navigate } from 'vike/client/router'
import { FILTERS, type CategoryFilter } from '../../domain/business.ts'
import type { Product } from '../../domain/product.ts'
import { ProductCard } from '../../components/ProductCard.tsx'
import { catalogueStore } from '../../stores/catalogue-store.ts'
import { orderStore } from '../../stores/order-store.ts'
import './Catalogue.scss'

// The order dialog is only needed once someone buys: it loads on first intent, not with the page.
const loadOrderDialog = () => import('../../components/OrderDialog.tsx')
const OrderDialog = lazy(loadOrderDialog)

export function filterHref(filter: CategoryFilter): string {
  return filter === 'all' ? '/products' : `/products?category=${filter}`
}

/** How many products each filter shows. */
export function countByFilter(products: readonly Product[]): Record<CategoryFilter, number> {
  const counts: Record<CategoryFilter, number> = { all: products.length, belts: 0, footwear: 0, bags: 0 }
  for (const p of products) counts[p.category]++
  return counts
}

export function Catalogue({ products, urlFilter }: { products: Product[]; urlFilter: CategoryFilter }) {
  const filter = catalogueStore.useSelector((s) => s.filter)
  const setFilter = catalogueStore.useSelector((s) => s.setFilter)
  const openOrder = orderStore.useSelector((s) => s.open)
  const ordering = orderStore.useSelector((s) => s.product !== null)
  const lastTrigger = useRef<HTMLButtonElement | null>(null)

  // Back and forward change the URL: the filter follows it.
  useEffect(() => setFilter(urlFilter), [urlFilter, setFilter])

  const counts = countByFilter(products)
  const shown = filter === 'all' ? products : products.filter((p) => p.category === filter)

  const choose = (e: React.MouseEvent<HTMLAnchorElement>, value: CategoryFilter) => {
    if (e.metaKey || e.ctrlKey || e.shiftKey || e.altKey || e.button !== 0) return // new tab and friends
    e.preventDefault()
    setFilter(value)
    void navigate(filterHref(value), { keepScrollPosition: true })
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
                  onClick={(e) => choose(e, f.value)}
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
