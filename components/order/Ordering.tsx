import { lazy, Suspense, type ReactNode } from 'react'
import type { Product } from '../../domain/product.ts'
import { orderStore } from '../../stores/order-store.ts'

/** Fetched on the first sign of intent to buy (pointer or focus on 'Purchase Now'), not with the page. */
export const loadOrderDialog = () => import('./OrderDialog.tsx')
const OrderDialog = lazy(() => loadOrderDialog().then((m) => ({ default: m.OrderDialog })))

/** Opens the dialog for `product`; focus returns to `trigger` when it closes. */
export type OpenOrder = (product: Product, trigger: HTMLButtonElement) => void

export function Ordering({ children }: { children: (open: OpenOrder) => ReactNode }) {
  return (
    <orderStore.Provider init={undefined}>
      <OrderingView>{children}</OrderingView>
    </orderStore.Provider>
  )
}

function OrderingView({ children }: { children: (open: OpenOrder) => ReactNode }) {
  const openOrder = orderStore.useSelector((s) => s.open)
  const ordering = orderStore.useSelector((s) => s.product !== null)
  return (
    <>
      {children(openOrder)}
      {ordering ? (
        <Suspense fallback={null}>
          <OrderDialog />
        </Suspense>
      ) : null}
    </>
  )
}
