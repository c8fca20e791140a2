import type { PageContext } from 'vike/types'
import { isCategory } from '../domain/business.ts'

/** Only the parameters that make a different page (the category); tracking and unknown ones never reach it. */
export function canonicalUrl(pageContext: PageContext): string {
  const pathname = pageContext.urlParsed?.pathname ?? '/'
  const category = pageContext.urlParsed?.search?.category
  const search = pathname === '/products' && isCategory(category) ? `?category=${category}` : ''
  return `${pageContext.siteUrl ?? ''}${pathname}${search}`
}
