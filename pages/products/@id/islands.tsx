import { loadOrderDialog, Ordering } from '../../../components/order/Ordering.tsx'
import { PurchaseButton } from '../../../components/order/PurchaseButton.tsx'
import { ProductCard } from '../../../components/ProductCard.tsx'
import type { Product } from '../../../domain/product.ts'
import { island } from '../../../components/island.tsx'

function ProductPurchase({ product }: { product: Product }) {
  return (
    <Ordering>
      {(open) => (
        <PurchaseButton
          product={product}
          onPurchase={(trigger) => open(product, trigger)}
          onIntent={() => void loadOrderDialog()}
        />
      )}
    </Ordering>
  )
}

function RelatedProducts({ products, avifImages }: { products: Product[]; avifImages: string[] }) {
  return (
    <Ordering>
      {(open) => (
        <div className="catalogue__grid">
          {products.map((p) => (
            <ProductCard
              key={p.id}
              product={p}
              eager={false}
              avif={avifImages.includes(p.mainImage)}
              headingLevel={3}
              onPurchase={open}
              onIntent={() => void loadOrderDialog()}
            />
          ))}
        </div>
      )}
    </Ordering>
  )
}

export const ProductPurchaseIsland = island('product-purchase', ProductPurchase)
export const RelatedProductsIsland = island('related-products', RelatedProducts)
