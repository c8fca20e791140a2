import { useEffect } from 'react'
import { loadOrderDialog, Ordering, type OpenOrder } from '../../../components/order/Ordering.tsx'
import { ProductCard } from '../../../components/ProductCard.tsx'
import { FILTERS, type CategoryFilter } from '../../../domain/business.ts'
import { countByFilter, filterHref, productsIn } from '../../../domain/catalogue.ts'
import type { Product } from '../../../domain/product.ts'
import { island } from '../../../components/island.tsx'
import { catalogueStore } from '../../../stores/catalogue-store.ts'
import { showFilterInHead } from './titles.ts'

/** `avifImages`: the main photographs that have AVIF twins. */
type Props = { products: Product[]; filter: CategoryFilter; avifImages: string[] }

function Catalogue({ products, filter, avifImages }: Props) {
  return (
    <catalogueStore.Provider init={filter}>
      <Ordering>{(open) => <CatalogueView products={products} avifImages={avifImages} onPurchase={open} />}</Ordering>
    </catalogueStore.Provider>
  )
}

/** Filters are links, so they work without JavaScript; with it they filter in place. */
function CatalogueView({
  products,
  avifImages,
  onPurchase,
}: {
  products: Product[]
  avifImages: string[]
  onPurchase: OpenOrder
}) {
  const filter = catalogueStore.useSelector((s) => s.filter)
  const choose = catalogueStore.useSelector((s) => s.choose)
  const followAddress = catalogueStore.useSelector((s) => s.followAddress)

  useEffect(() => {
    window.addEventListener('popstate', followAddress)
    return () => window.removeEventListener('popstate', followAddress)
  }, [followAddress])
  useEffect(() => showFilterInHead(filter), [filter])

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
                priority={i === 0}
                avif={avifImages.includes(p.mainImage)}
                onIntent={() => void loadOrderDialog()}
                onPurchase={onPurchase}
              />
            ))}
          </div>
        )}
      </div>
    </section>
  )
}

export const CatalogueIsland = island('catalogue', Catalogue)
