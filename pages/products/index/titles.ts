import type { CategoryFilter } from '../../../domain/business.ts'

/** The catalogue's title for each filter: in the page's head, and in the tab when the filter changes. */
export const CATALOGUE_TITLES: Record<CategoryFilter, string> = {
  all: 'Shop Handmade Leather Footwear, Bags & Belts | Ashbourne Leather',
  footwear: 'Handmade Leather Shoes & Boots | Ashbourne Leather',
  bags: 'Handmade Leather Bags & Briefcases | Ashbourne Leather',
  belts: 'Handmade Leather Belts | Ashbourne Leather',
}
