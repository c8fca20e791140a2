import type { PageContext } from 'vike/types'
import { filterFromParam } from '../../../domain/business.ts'
import { productsIn } from '../../../domain/catalogue.ts'
import type { Data } from './+data.ts'

// A list with nothing in it is no result for a search engine to offer (a soft 404); visitors still see it.
export default (pc: PageContext) =>
  productsIn((pc.data as Data).products, filterFromParam(pc.urlParsed?.search?.category)).length === 0
