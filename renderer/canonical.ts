import type { PageContext } from 'vike/types'
import { isCategory } from '../domain/business.ts'

/**
 * The page's one address for search engines and shares: the origin, the path, and only the
 * parameters that make a different page (the catalogue's category). Tracking and unknown parameters
 * never reach it.
 */
export function canonicalUrl(pageContext: PageContext): string {
  const pathname = pageContext.urlParsed?.pathname ?? '/'
  const category = pageContext.urlParsed?.search?.category
  const search = pathname === '/products' && isCategory(category) ? `?category=${category}` : ''
  return `${pageContext.siteUrl ?? ''}${pathname}${search}`
}
