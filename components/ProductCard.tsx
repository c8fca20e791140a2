import { availabilityOf, availabilityText } from '../domain/availability.ts'
import { CATEGORY_LABELS } from '../domain/business.ts'
import { productPath } from '../domain/catalogue.ts'
import type { Product } from '../domain/product.ts'
import { PurchaseButton } from './order/PurchaseButton.tsx'
import { PRODUCT_CARD_SIZES } from './product-image.ts'
import { ProductPicture } from './ProductPicture.tsx'

type Props = {
  product: Product
  /** Cards in the first row load at once; the rest wait until scrolled near. */
  eager: boolean
  /** The card whose photograph is the page's largest paint: the only one fetched at high priority. */
  priority?: boolean
  /** Its main photograph has AVIF twins. */
  avif?: boolean
  onPurchase?: (product: Product, trigger: HTMLButtonElement) => void
  onIntent?: () => void
  headingLevel?: 2 | 3
}

export function ProductCard({ product, eager, priority, avif, onPurchase, onIntent, headingLevel = 2 }: Props) {
  const Heading = `h${headingLevel}` as const
  const href = productPath(product)
  return (
    <article className="product-card" aria-labelledby={`product-${product.id}`}>
      <div className="product-card__media">
        <a href={href} tabIndex={-1} aria-hidden="true">
          <ProductPicture
            image={product.mainImage}
            avif={avif}
            sizes={PRODUCT_CARD_SIZES}
            alt={product.name}
            width={800}
            height={800}
            loading={eager ? 'eager' : 'lazy'}
            // The other cards of the first row wait behind the largest paint (React preloads no low-priority image).
            fetchPriority={priority ? 'high' : eager ? 'low' : undefined}
            decoding="async"
          />
        </a>
        <span className="product-card__sku">{product.sku}</span>
      </div>
      <div className="product-card__body">
        <span className="product-card__category">{CATEGORY_LABELS[product.category]}</span>
        <Heading className="product-card__name" id={`product-${product.id}`}>
          <a href={href}>{product.name}</a>
        </Heading>
        <p className="product-card__description">{product.description}</p>
        {availabilityOf(product) === 'in-stock' ? null : (
          <p className="product-card__availability">{availabilityText(product)}</p>
        )}
        <div className="product-card__footer">
          <p className="product-card__price">{product.price}</p>
          <PurchaseButton
            product={product}
            onPurchase={onPurchase && ((trigger) => onPurchase(product, trigger))}
            onIntent={onIntent}
            describedBy={`product-${product.id}`}
          />
        </div>
      </div>
    </article>
  )
}
