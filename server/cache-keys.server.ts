import type { IncomingMessage } from 'node:http'
import type { TLSSocket } from 'node:tls'
import { routePath } from './route-path.server.ts'

/**
 * The query parameters that make a different answer, per route: the one place to add a route's own.
 * Every other parameter (utm_*, fbclid, gclid, msclkid, a typo, anything unknown) shows the same page,
 * so it is left out of the cache key and out of the address the page is rendered from: a link shared
 * with a tracking id is answered from the cache, and a flood of such links cannot push pages out.
 *
 * - `vary`: parameters that change the page (kept in the key and in the rendered address);
 * - `bypass`: parameters that a handler in front of the page cache reads for one visitor (the
 *   enquiry form coming back with its errors): a request carrying one is never answered from the
 *   cache and never stored in it.
 *
 * Routes are paths, with `@name` for a segment that can be anything (`/products/@id`). A path is
 * matched as the page router reads it (any spelling of `/contact`, and a page's data address
 * `/products/index.pageContext.json`, follow that page's rules), so no spelling slips a `bypass`.
 */
export const ROUTE_PARAMETERS: readonly RouteParameters[] = [
  { route: '/products', vary: ['category'] },
  // `?order=1` opens the order form on a product's page (the link of a page without JavaScript).
  { route: '/products/@id', vary: ['order'] },
  { route: '/contact', bypass: ['form'] },
]

export type RouteParameters = { route: string; vary?: readonly string[]; bypass?: readonly string[] }

/** Where a request's answer lives in the cache, and the address to render it from. */
export type CacheTarget = { key: string; url: string }

/** The rules of the route a path belongs to (none: no parameter matters). */
function rulesFor(pathname: string, table: readonly RouteParameters[]): RouteParameters | undefined {
  const page = routePath(pathname)
  return table.find(({ route }) => matches(route, page))
}

function matches(route: string, path: string): boolean {
  if (!route.includes('@')) return route === path
  const want = route.split('/')
  const got = path.split('/')
  return want.length === got.length && want.every((segment, i) => segment.startsWith('@') ? got[i] !== '' : segment === got[i])
}

/**
 * The cache target of an address (path and query, as in the request line), or undefined when the
 * request must not touch the cache (a `bypass` parameter, or not a path). The path is kept exactly as
 * sent: each spelling of a path is its own entry, filled by what the full path answered to it.
 */
export function cacheTarget(url: string, origin: string, table: readonly RouteParameters[] = ROUTE_PARAMETERS): CacheTarget | undefined {
  if (url.charCodeAt(0) !== 47 /* / */) return undefined
  const q = url.indexOf('?')
  if (q < 0) return { key: origin + url, url }
  const pathname = url.slice(0, q)
  const rules = rulesFor(pathname, table)
  if (!rules) return { key: origin + pathname, url: pathname } // no parameter matters here
  const params = new URLSearchParams(url.slice(q + 1))
  if (rules.bypass?.some((name) => params.has(name))) return undefined
  const kept = new URLSearchParams()
  for (const [name, value] of params) if (rules.vary?.includes(name)) kept.append(name, value)
  const search = kept.size > 0 ? `?${kept}` : ''
  return { key: origin + pathname + search, url: pathname + search }
}

/** Whether Express would trust the proxy that sent this request (its compiled `trust proxy` setting). */
export type TrustProxy = (address: string, hop: number) => boolean

/**
 * The origin that absolute links in an answer are built from, and so part of its cache key: SITE_URL,
 * or else the request's own, as Express computes it (`X-Forwarded-Proto` only from a trusted proxy).
 */
export function requestOrigin(req: IncomingMessage, siteUrl: string | undefined, trust: TrustProxy): string {
  if (siteUrl) return siteUrl
  let protocol = (req.socket as TLSSocket).encrypted ? 'https' : 'http'
  const forwarded = req.headers['x-forwarded-proto']
  if (forwarded && trust(req.socket.remoteAddress ?? '', 0)) protocol = String(forwarded).split(',')[0]!.trim()
  return `${protocol}://${req.headers.host ?? ''}`
}
