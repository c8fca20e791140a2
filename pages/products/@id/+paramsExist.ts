import type { Config } from 'vike/types'
import { isPublished } from '../../../domain/publishing.ts'

// Only a published product has a page (`+data` answers 404 for the rest). Asked on every request
// for a product's address (the cache, the page views): one pass, nothing built.
export default ((routeParams, store) =>
  store.products.some((p) => p.id === routeParams.id && isPublished(p))) satisfies Config['paramsExist']
