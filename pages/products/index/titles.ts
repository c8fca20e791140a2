import type { CategoryFilter } from '../../../domain/business.ts'

export const CATALOGUE_TITLES: Record<CategoryFilter, string> = {
  all: 'Shop Handmade Leather Footwear, Bags & Belts | Ashbourne Leather',
  footwear: 'Handmade Leather Shoes & Boots | Ashbourne Leather',
  bags: 'Handmade Leather Bags & Briefcases | Ashbourne Leather',
  belts: 'Handmade Leather Belts | Ashbourne Leather',
}
