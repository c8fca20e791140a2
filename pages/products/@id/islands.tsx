import { lazy, Suspense, useId, useRef } from 'react'
import { OrderForm } from '../../../components/order/OrderDialog.tsx'
import { PurchaseButton } from '../../../components/order/PurchaseButton.tsx'
import { ProductCard } from '../../../components/ProductCard.tsx'
import type { OrderFormState } from '../../../domain/order.ts'
import type { Product } from '../../../domain/product.ts'
import { productPath } from '../../../domain/catalogue.ts'
import { island } from '../../../renderer/island.tsx'
import { orderStore } from '../../../stores/order-store.ts'

const loadOrderDialog = () => import('../../../components/order/OrderDialog.tsx')
const OrderDialog = lazy(loadOrderDialog)

/** 'Purchase Now' for one or more products, and the dialog it opens once the page's scripts run. */
function Ordering({ children }: { children: (open: (product: Product, trigger: HTMLButtonElement) => void) => React.ReactNode }) {
  return (
    <orderStore.Provider init={undefined}>
      <OrderingView>{children}</OrderingView>
    </orderStore.Provider>
  )
}

function OrderingView({ children }: { children: (open: (product: Product, trigger: HTMLButtonElement) => void) => React.ReactNode }) {
  const openOrder = orderStore.useSelector((s) => s.open)
  const ordering = orderStore.useSelector((s) => s.product !== null)
  const lastTrigger = useRef<HTMLButtonElement | null>(null)
  return (
    <>
      {children((product, trigger) => {
        lastTrigger.current = trigger
        openOrder(product)
      })}
      {ordering ? (
        <Suspense fallback={null}>
          <OrderDialog returnFocusTo={lastTrigger} />
        </Suspense>
      ) : null}
    </>
  )
}

/** The product's own 'Purchase Now'. */
function ProductPurchase({ product }: { product: Product }) {
  return (
    <Ordering>
      {(open) => <PurchaseButton product={product} onPurchase={(trigger) => open(product, trigger)} onIntent={() => void loadOrderDialog()} />}
    </Ordering>
  )
}

/** "More from this collection": the category's other products, each with its 'Purchase Now'. */
function RelatedProducts({ products }: { products: Product[] }) {
  return (
    <Ordering>
      {(open) => (
        <div className="catalogue__grid">
          {products.map((p) => (
            <ProductCard key={p.id} product={p} eager={false} headingLevel={3} onPurchase={open} onIntent={() => void loadOrderDialog()} />
          ))}
        </div>
      )}
    </Ordering>
  )
}

/** The order form in the page (`?order=1`): posted to the server without JavaScript, checked here with it. */
function OrderPanel({ product, orderForm }: { product: Product; orderForm: OrderFormState | null }) {
  const id = useId()
  return <OrderForm idPrefix={id} product={product} cancelHref={productPath(product)} newTab={false} initial={orderForm?.values} initialErrors={orderForm?.errors} />
}

export const ProductPurchaseIsland = island('product-purchase', ProductPurchase)
export const RelatedProductsIsland = island('related-products', RelatedProducts)
export const OrderPanelIsland = island('order-panel', OrderPanel)
