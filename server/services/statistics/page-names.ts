import { CATEGORY_LABELS, isCategory } from '../../../domain/business.ts'
import { OTHER } from './names.ts'

/** The site's own pages, as the owner calls them. */
const NAMED_PAGES: Record<string, string> = {
  '/': 'Home',
  '/products': 'Catalogue',
  '/contact': 'Contact',
  '/contact/sent': 'Message sent',
  '/terms': 'Terms and conditions',
  '/privacy': 'Privacy policy',
  '/cookies': 'Cookies policy',
  '/returns': 'Returns policy',
}

export const PRODUCT_PAGE = '/products/'

/** A product's name, or its id and that it is gone when the catalogue no longer holds it. */
export const productName = (id: string, names: ReadonlyMap<string, string>) =>
  names.get(id) ?? `${id} (no longer in the shop)`

/**
 * A counted page as the Visits page names it: 'Home', 'Catalogue: Bags', the product's name; a path
 * the list does not know (an older file's) as it is.
 */
export function pageName(path: string, productNames: ReadonlyMap<string, string>): string {
  if (path === OTHER) return 'All other pages'
  const named = Object.hasOwn(NAMED_PAGES, path) ? NAMED_PAGES[path] : undefined
  if (named) return named
  if (path.startsWith(PRODUCT_PAGE)) return productName(path.slice(PRODUCT_PAGE.length), productNames)
  const category = /^\/products\?category=(.+)$/.exec(path)?.[1]
  if (isCategory(category)) return `Catalogue: ${CATEGORY_LABELS[category]}`
  return path
}
