import { createStore } from 'zustand'
import type { Product } from '../domain/product.ts'
import { createContextStore } from './create-context-store.tsx'

export type OrderState = {
  /** The product being ordered; null while the dialog is closed. */
  product: Product | null
  open: (product: Product) => void
  close: () => void
}

/**
 * The order dialog: which product it is open for. What the visitor types stays in the form's own
 * fields (components/order/OrderFields.tsx), and its messages in the form.
 */
export const orderStore = createContextStore('The order store', (_: void) =>
  createStore<OrderState>()((set) => ({
    product: null,
    open: (product) => set({ product }),
    close: () => set({ product: null }),
  })),
)
