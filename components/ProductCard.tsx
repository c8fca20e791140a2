import { CATEGORY_LABELS } from '../domain/business.ts'
import type { Product } from '../domain/product.ts'
import { PRODUCT_CARD_SIZES, productImageSources } from './product-image.ts'
import './ProductCard.scss'

type Props = {
  product: Product
  /** Cards in the first row load at once; the rest wait until scrolled near. */
  eager: boolean
  onPurchase: (product: Product, trigger: HTMLButtonElement) => void
  onIntent?: () => void
}

/** One product in the catalogue (SPEC §2 Catalogue). */
export function ProductCard({ product, eager, onPurchase, onIntent }: Props) {
  const { src, srcSet } = productImageSources(product.mainImage)
  return (
    <article className="product-card" aria-labelledby={`product-${product.id}`}>
      <div className="product-card__media">
        <img
          src={src}
          srcSet={srcSet}
          sizes={srcSet ? PRODUCT_CARD_SIZES : undefined}
          alt={product.name}
          width={800}
          height={800}
          loading={eager ? 'eager' : 'lazy'}
          fetchPriority={eager ? 'high' : undefined}
          decoding="async"
        />
        <span className="product-card__sku">{product.sku}</span>
      </div>
      <div className="product-card__body">
        <span className="product-card__category">{CATEGORY_LABELS[product.category]}</span>
        <h2 className="product-card__name" id={`product-${product.id}`}>
          {product.name}
        </h2>
        <p className="product-card__description">{product.description}</p>
        <div className="product-card__footer">
          <p className="product-card__price">{product.price}</p>
          <button
            type="button"
            className="btn btn-primary"
            onClick={(e) => onPurchase(product, e.currentTarget)}
            onPointerEnter={onIntent}
            onFocus={onIntent}
            aria-describedby={`product-${product.id}`}
          >
            Purchase Now
          </button>
        </div>
      </div>
    </article>
  )
}
