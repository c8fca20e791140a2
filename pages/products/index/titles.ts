import { CATEGORY_LABELS, type CategoryFilter } from '../../../domain/business.ts'
import { filterHref } from '../../../domain/catalogue.ts'

export const CATALOGUE_TITLES: Record<CategoryFilter, string> = {
  all: 'Shop Handmade Leather Footwear, Bags & Belts | Ashbourne Leather',
  footwear: 'Handmade Leather Shoes & Boots | Ashbourne Leather',
  bags: 'Handmade Leather Bags & Briefcases | Ashbourne Leather',
  belts: 'Handmade Leather Belts | Ashbourne Leather',
}

export function catalogueDescription(filter: CategoryFilter): string {
  const what = filter === 'all' ? 'footwear, bags and belts' : CATEGORY_LABELS[filter].toLowerCase()
  return `Browse our handmade British leather ${what}: full-grain leather, stitched in Northampton, with secure card payment.`
}

/**
 * A filter chosen in place: the head says what a fresh load of its address would (title, description,
 * canonical address), for what reads it from the open page (a share, a bookmark, an extension).
 */
export function showFilterInHead(filter: CategoryFilter): void {
  const title = CATALOGUE_TITLES[filter]
  const description = catalogueDescription(filter)
  document.title = title
  const set = (selector: string, value: string) =>
    document.querySelectorAll(selector).forEach((el) => el.setAttribute('content', value))
  set('meta[property="og:title"], meta[name="twitter:title"]', title)
  set('meta[name="description"], meta[property="og:description"], meta[name="twitter:description"]', description)
  const canonical = document.querySelector<HTMLLinkElement>('link[rel="canonical"]')
  if (!canonical) return
  canonical.href = new URL(filterHref(filter), canonical.href).href
  set('meta[property="og:url"]', canonical.href)
}
