import { thumbnailOf } from '../../../components/admin/thumbnail.ts'
import { productPath } from '../../../domain/catalogue.ts'
import { CATEGORY_LABELS } from '../../../domain/business.ts'
import { adminStore } from '../../../stores/admin-store.ts'
import { ADMIN_OVERVIEW_COUNT } from './overview-count.ts'

/** The first products of the catalogue with their current main image (the first 6, then '... and N more products'). */
export function ProductOverview() {
  const products = adminStore.useSelector((s) => s.products)
  const shown = products.slice(0, ADMIN_OVERVIEW_COUNT)
  const more = products.length - shown.length
  return (
    <section className="admin-card admin-overview" aria-labelledby="overview-heading">
      <h2 id="overview-heading">Product Overview</h2>
      <ul className="admin-overview__list">
        {shown.map((p) => {
          const { src, srcSet } = thumbnailOf(p.mainImage)
          return (
            <li key={p.id} className="admin-overview__item" data-product-id={p.id}>
              <img
                className="admin-overview__image"
                src={src}
                srcSet={srcSet}
                sizes={srcSet ? '5rem' : undefined}
                alt={p.name}
                width={80}
                height={80}
                loading="lazy"
                decoding="async"
              />
              <div className="admin-overview__text">
                <p className="admin-overview__name">
                  <a href={productPath(p)}>{p.name}</a>
                </p>
                <p className="admin-overview__meta">
                  <span className="admin-overview__sku">{p.sku}</span>
                  <span className="admin-overview__category">{CATEGORY_LABELS[p.category]}</span>
                </p>
              </div>
              <p className="admin-overview__price">{p.price}</p>
            </li>
          )
        })}
      </ul>
      {more > 0 ? <p className="admin-overview__more">{`... and ${more} more products`}</p> : null}
    </section>
  )
}
