import { createStore } from 'zustand'
import type { Product } from '../domain/product.ts'
import { createContextStore } from './create-context-store.tsx'

export type OrderState = {
  product: Product | null
  /** The button that opened the dialog: focus goes back to it when the dialog closes. */
  trigger: HTMLElement | null
  open: (product: Product, trigger: HTMLElement) => void
  close: () => void
}

/** What the visitor types stays in the form's own fields. */
export const orderStore = createContextStore('The order store', (_: void) =>
  createStore<OrderState>()((set) => ({
    product: null,
    trigger: null,
    open: (product, trigger) => set({ product, trigger }),
    close: () => set({ product: null }),
  })),
)
