import { createStore } from 'zustand'
import type { Product } from '../domain/product.ts'
import { EMPTY_ORDER, type OrderField, type OrderForm } from '../domain/order.ts'
import { createContextStore } from './create-context-store.tsx'

export type OrderState = {
  /** The product being ordered; null while the dialog is closed. */
  product: Product | null
  values: OrderForm
  errors: Partial<Record<OrderField, string>>
  open: (product: Product) => void
  close: () => void
  /** Editing a field clears that field's error (SPEC §5). */
  setField: (field: OrderField, value: string) => void
  setErrors: (errors: Partial<Record<OrderField, string>>) => void
  /** After a valid order: the form is emptied for the next one. */
  reset: () => void
}

/** The order dialog (SPEC §2, §4): which product is open, what has been typed, the field errors. */
export const orderStore = createContextStore('The order store', (_: void) =>
  createStore<OrderState>()((set) => ({
    product: null,
    values: EMPTY_ORDER,
    errors: {},
    open: (product) => set({ product, errors: {} }),
    close: () => set({ product: null, errors: {} }),
    setField: (field, value) =>
      set((s) => {
        const { [field]: _cleared, ...errors } = s.errors
        return { values: { ...s.values, [field]: value }, errors }
      }),
    setErrors: (errors) => set({ errors }),
    reset: () => set({ product: null, values: EMPTY_ORDER, errors: {} }),
  })),
)
