import type { PageContext } from 'vike/types'
import { filterFromParam } from '../../../domain/business.ts'
import { CATALOGUE_TITLES } from './titles.ts'

export default (pc: PageContext) => CATALOGUE_TITLES[filterFromParam(pc.urlParsed?.search?.category)]
