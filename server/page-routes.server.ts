import { getGlobalContextSync } from 'vike/server'

type Params = Record<string, string>
type Route = { segments: string[] }

/**
 * Routes whose page answers 404 for some values of its parameters, and which values those are (the
 * page's own `data` hook throws `render(404)` for the same): so that an address of an unknown
 * product is known to be a 404 without rendering.
 */
export type ParamsExist = Readonly<Record<string, (params: Params) => boolean>>

let routes: Route[] | null | undefined

/** The page router's routes as Vike lists them; null when one is not a plain route string (a route function, a glob). */
function pageRoutes(): Route[] | null {
  if (routes !== undefined) return routes
  let pages: Record<string, { route?: unknown; isErrorPage?: boolean }>
  try {
    pages = getGlobalContextSync().pages as typeof pages
  } catch {
    return null // not loaded yet: ask again next time
  }
  const found: Route[] = []
  for (const page of Object.values(pages)) {
    if (page.isErrorPage) continue
    if (typeof page.route !== 'string' || !page.route.startsWith('/') || page.route.includes('*')) return (routes = null)
    found.push({ segments: page.route.split('/').slice(1).filter(Boolean) })
  }
  return (routes = found)
}

function paramsOf(route: Route, segments: readonly string[]): Params | undefined {
  if (route.segments.length !== segments.length) return undefined
  const params: Params = {}
  for (const [i, want] of route.segments.entries()) {
    if (want.startsWith('@')) params[want.slice(1)] = segments[i]!
    else if (want !== segments[i]) return undefined
  }
  return params
}

/**
 * Whether a path in its plain spelling (cache-keys.server.ts) certainly shows the 404 page: no route
 * of the page router matches it, or the one that does refuses its parameters (`exists`). False when
 * unsure (routes not known, page data requests), so the page is rendered as before.
 */
export function isCertainlyNotFound(pathname: string, exists: ParamsExist): boolean {
  if (pathname.endsWith('.pageContext.json')) return false
  const known = pageRoutes()
  if (!known) return false
  const segments = pathname.split('/').slice(1).filter(Boolean)
  for (const route of known) {
    const params = paramsOf(route, segments)
    if (!params) continue
    const test = exists[`/${route.segments.join('/')}`]
    if (!test || test(params)) return false
  }
  return true
}

/** Whether a path in its plain spelling is one of the site's pages, with parameters that exist (a real product); false when unsure. */
export function isKnownPage(pathname: string, exists: ParamsExist): boolean {
  const known = pageRoutes()
  if (!known) return false
  const segments = pathname.split('/').slice(1).filter(Boolean)
  return known.some((route) => {
    const params = paramsOf(route, segments)
    const test = params && exists[`/${route.segments.join('/')}`]
    return params !== undefined && (!test || test(params))
  })
}
