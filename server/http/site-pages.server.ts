import { resolveRoute } from 'vike/routing'
import { getGlobalContextSync } from 'vike/server'
import type { Store } from '../../data/store.server.ts'
import type { PageQuery } from '../../domain/page-query.ts'
import { routePath } from './request-target.server.ts'

type Params = Readonly<Record<string, string>>

/** A page as Vike routes it (its `pages/` folder or its `+route`), with what it declares beside it for the server. */
export type SitePage = { route: string; paramsExist?: (params: Params, store: Store) => boolean } & PageQuery

let pages: SitePage[] | null | undefined

/**
 * Vike's pages with their routes; null when unknown: not loaded
 * yet, or a route is a function, which only a render can run.
 */
export function sitePages(): readonly SitePage[] | null {
  if (pages !== undefined) return pages
  let all: ReturnType<typeof getGlobalContextSync>['pages']
  try {
    all = getGlobalContextSync().pages
  } catch {
    return null // not loaded yet: ask again next time
  }
  const found: SitePage[] = []
  for (const page of Object.values(all)) {
    if (page.isErrorPage) continue
    if (typeof page.route !== 'string') return (pages = null)
    found.push({ route: page.route, ...page.config.query, paramsExist: page.config.paramsExist })
  }
  return (pages = found)
}

/**
 * Every route that matches a path, with the parameters it reads from it. Vike's own matcher parses
 * its route string at every call, too dear for every route on every request (the page views and the
 * cache keys ask for each one), so it reads only routes with a glob and paths with an escape.
 */
function matches<T extends { route: string }>(path: string, routes: readonly T[]): { page: T; params: Params }[] {
  const segments = path.split('/')
  return routes.flatMap((page) => {
    if (!couldMatch(page.route, segments)) return []
    // Without a glob or an escape, the segments that fit are the parameters, as Vike would read them.
    if (!page.route.includes('*') && !path.includes('%')) return [{ page, params: paramsOf(page.route, segments) }]
    const { match, routeParams } = resolveRoute(page.route, path)
    return match ? [{ page, params: routeParams }] : []
  })
}

/** The `@name` segments of a route that fits the path, with the path's segments at their places. */
function paramsOf(route: string, segments: readonly string[]): Params {
  const params: Record<string, string> = {}
  segmentsOf(route).forEach((part, i) => {
    if (part.startsWith('@')) params[part.slice(1)] = segments[i]!
  })
  return params
}

/** Each route string's segments, split once: routes come from the pages, never from a request. */
const routeSegments = new Map<string, string[]>()

function segmentsOf(route: string): readonly string[] {
  let own = routeSegments.get(route)
  if (!own) routeSegments.set(route, (own = route.split('/')))
  return own
}

/** Whether a route's segments can match the path's: an `@name` segment takes any but an empty one, as in Vike. */
function couldMatch(route: string, segments: readonly string[]): boolean {
  if (route.includes('*')) return true
  const own = segmentsOf(route)
  if (own.length !== segments.length) return false
  return own.every((part, i) => (part.startsWith('@') ? segments[i] !== '' : part === segments[i]))
}

/**
 * The page Vike shows at a path (read as Vike reads it: routePath): of the routes that match, the one with fewest parameters, as Vike
 * puts static segments first; null when none matches, undefined when two are equally close.
 */
export function pageAt<T extends { route: string }>(path: string, routes: readonly T[]): T | null | undefined {
  const [best, next] = matches(routePath(path), routes).sort(
    (a, b) => Object.keys(a.params).length - Object.keys(b.params).length,
  )
  if (!best) return null
  return next && Object.keys(next.params).length === Object.keys(best.params).length ? undefined : best.page
}

/**
 * Whether a page takes these values of its parameters; true when
 * its check cannot run (the render then shows what is wrong).
 */
function takes(page: SitePage, params: Params, store: Store): boolean {
  try {
    return page.paramsExist?.(params, store) ?? true
  } catch {
    return true
  }
}

/**
 * Whether a path in its plain spelling (request-target.server.ts) certainly shows the 404 page: no
 * route matches it, or those that do refuse its parameters (`+paramsExist` beside the page). False
 * when unsure (routes not known, page data requests), so the page is rendered as before.
 */
export function isCertainlyNotFound(path: string, store: Store): boolean {
  if (path.endsWith('.pageContext.json')) return false
  const known = sitePages()
  return known !== null && !matches(path, known).some(({ page, params }) => takes(page, params, store))
}

/**
 * Whether a path in its plain spelling is one of the site's pages,
 * with parameters that exist (a real product); false when unsure.
 */
export function isKnownPage(path: string, store: Store): boolean {
  const known = sitePages()
  return known !== null && matches(path, known).some(({ page, params }) => takes(page, params, store))
}
