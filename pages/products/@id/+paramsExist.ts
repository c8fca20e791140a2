import type { Config } from 'vike/types'
import { publishedProducts } from '../../../domain/publishing.ts'

// Only a published product has a page (`+data` answers 404 for the rest).
export default ((routeParams, store) =>
  publishedProducts(store.products).some((p) => p.id === routeParams.id)) satisfies Config['paramsExist']
