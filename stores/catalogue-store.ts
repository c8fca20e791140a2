import { createStore } from 'zustand'
import { filterFromParam, type CategoryFilter } from '../domain/business.ts'
import { filterHref } from '../domain/catalogue.ts'
import { createContextStore } from './create-context-store.tsx'

export type CatalogueState = {
  filter: CategoryFilter
  /** Shows a category and records it in the address (the back button returns to the one before). */
  choose: (filter: CategoryFilter) => void
  followAddress: () => void
}

/** The address is the source: the store starts from the rendered one and a chosen filter is pushed to the history. */
export const catalogueStore = createContextStore('The catalogue store', (initial: CategoryFilter) =>
  createStore<CatalogueState>()((set) => ({
    filter: initial,
    choose: (filter) => {
      history.pushState(null, '', filterHref(filter))
      set({ filter })
    },
    followAddress: () => set({ filter: filterFromParam(new URLSearchParams(location.search).get('category')) }),
  })),
)
