import { OrderSummary } from '../../../components/order/OrderForm.tsx'
import {
  availabilityOf,
  availabilityText,
  deliveryPromise,
  isSoldOut,
  SOLD_OUT_MESSAGE,
} from '../../../domain/availability.ts'
import { CATEGORY_LABELS, POLICY } from '../../../domain/business.ts'
import { askAboutHref, breadcrumbTrail } from '../../../domain/product-page.ts'
import { useData } from '../../../renderer/useData.ts'
import type { Data } from './+data.ts'
import { Gallery } from './Gallery.tsx'
import { ProductPurchaseIsland, RelatedProductsIsland } from './islands.tsx'
import { OrderPanelIsland } from './OrderPanel.tsx'

/** With `?order=1` it also holds the order form: where 'Purchase Now' leads without scripts. */
export default function Page() {
  const { product, fewLeft, gallery, related, relatedAvif, ordering, orderForm } = useData<Data>()
  const trail = breadcrumbTrail(product)
  return (
    <>
      <div className="product-page__top">
        <nav className="container breadcrumb" aria-label="Breadcrumb">
          <ol>
            {trail.map((step, i) => (
              <li key={step.href}>
                <a href={step.href} aria-current={i === trail.length - 1 ? 'page' : undefined}>
                  {step.label}
                </a>
              </li>
            ))}
          </ol>
        </nav>
      </div>

      <article className="product-page section" aria-labelledby="product-name">
        <div className="container product-page__layout">
          <Gallery images={gallery} productName={product.name} />
          <div className="product-page__details">
            <p className="product-page__meta">
              <span className="product-card__category">{CATEGORY_LABELS[product.category]}</span>
              <span className="product-page__sku">SKU {product.sku}</span>
            </p>
            <h1 id="product-name" className="product-page__name">
              {product.name}
            </h1>
            <p className="product-page__price">{product.price}</p>
            <p className="product-page__availability" data-availability={availabilityOf(product)}>
              {availabilityText(product)}
              {fewLeft ? (
                <>
                  {' '}
                  <strong className="product-page__few-left">{fewLeft}</strong>
                </>
              ) : null}
            </p>
            <p className="product-page__description">{product.description}</p>
            <div className="product-page__actions">
              <ProductPurchaseIsland product={product} />
              <a className="btn btn-outline" href={askAboutHref(product)} target="_blank" rel="noopener noreferrer">
                Ask about this product<span className="visually-hidden"> on WhatsApp (opens in a new tab)</span>
              </a>
            </div>
            <ul className="product-page__promises">
              <li>Handmade in our Northampton workshop</li>
              <li>Secure card payment</li>
              <li>{`${deliveryPromise(product)}; ${POLICY.cancellationDays} days to change your mind`}</li>
            </ul>
          </div>
        </div>
      </article>

      {ordering ? (
        <section id="order" className="order-panel section" aria-labelledby="order-title">
          <div className="container order-panel__inner">
            <h2 id="order-title" className="order-dialog__title">
              Place Your Order
            </h2>
            {/* An order sent back keeps what was typed, even when the product sold out meanwhile. */}
            {isSoldOut(product) && !orderForm ? (
              <>
                <OrderSummary product={product} />
                <p className="order-panel__sold-out" role="status">
                  {SOLD_OUT_MESSAGE}
                </p>
              </>
            ) : (
              <OrderPanelIsland product={product} orderForm={orderForm} />
            )}
          </div>
        </section>
      ) : null}

      {related.length > 0 ? (
        <section className="section related" aria-labelledby="related-title">
          <div className="container">
            <h2 id="related-title">More from this collection</h2>
            <RelatedProductsIsland products={related} avifImages={relatedAvif} />
          </div>
        </section>
      ) : null}
    </>
  )
}
