import type { PageContext } from 'vike/types'
import { filterFromParam } from '../../../domain/business.ts'
import { catalogueDescription } from './titles.ts'

export default (pc: PageContext) => catalogueDescription(filterFromParam(pc.urlParsed?.search?.category))
