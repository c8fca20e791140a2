/**
 * Data as the store hands it out: read-only all the way down. The store's writes keep the text of
 * each unchanged object (by identity), so a change made in place would be written with its old
 * text; every change builds new objects instead.
 */
export type Stored<T> = T extends object ? { readonly [K in keyof T]: Stored<T[K]> } : T
