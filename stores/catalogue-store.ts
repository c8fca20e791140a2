import { createStore } from 'zustand'
import type { CategoryFilter } from '../domain/business.ts'
import { createContextStore } from './create-context-store.tsx'

export type CatalogueState = {
  filter: CategoryFilter
  setFilter: (filter: CategoryFilter) => void
}

/** The catalogue's category filter; its first value comes from the URL's `category` parameter. */
export const catalogueStore = createContextStore('The catalogue store', (initial: CategoryFilter) =>
  createStore<CatalogueState>()((set) => ({
    filter: initial,
    setFilter: (filter) => set({ filter }),
  })),
)
