import type { PageContext } from 'vike/types'
import { filterFromParam } from '../../domain/business.ts'

const TITLES = {
  all: 'Shop Handmade Leather Footwear, Bags & Belts | Ashbourne Leather',
  footwear: 'Handmade Leather Shoes & Boots | Ashbourne Leather',
  bags: 'Handmade Leather Bags & Briefcases | Ashbourne Leather',
  belts: 'Handmade Leather Belts | Ashbourne Leather',
} as const

export default (pc: PageContext) => TITLES[filterFromParam(pc.urlParsed?.search?.category)]
