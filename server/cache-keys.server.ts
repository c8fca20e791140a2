import type { IncomingMessage } from 'node:http'
import type { TLSSocket } from 'node:tls'
import { isCategory } from '../domain/business.ts'
import { isPlainPath, routePath, splitTarget } from './http/request-target.server.ts'
import { siteHost } from './site-host.server.ts'

/** The parameters that make a different page, per route (docs/decisions.md, The response cache): others are dropped from key and rendered address; `bypass` keeps a request away from the cache. */
export const ROUTE_PARAMETERS: readonly RouteParameters[] = [
  { route: '/products', vary: { category: isCategory } },
  // `?order=1` opens the order form on a product's page (the link of a page without JavaScript).
  { route: '/products/@id', vary: { order: (value) => value === '1' } },
  { route: '/contact', bypass: ['form'] },
]

export type RouteParameters = { route: string; vary?: Readonly<Record<string, (value: string) => boolean>>; bypass?: readonly string[] }

/** Where a request's answer lives in the cache, the address to render it from, and the origin it is for. */
export type CacheTarget = { key: string; url: string; origin: string }

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

/** Undefined when the request must not touch the cache (a `bypass` parameter, a path not in its plain spelling, so no spelling stores an answer another spelling then receives). */
export function cacheTarget(url: string, origin: string, table: readonly RouteParameters[] = ROUTE_PARAMETERS): CacheTarget | undefined {
  const { path: pathname, query } = splitTarget(url)
  if (!isPlainPath(pathname)) return undefined
  if (query === undefined) return { key: origin + url, url, origin }
  const rules = rulesFor(pathname, table)
  if (!rules) return { key: origin + pathname, url: pathname, origin } // no parameter matters here
  const params = new URLSearchParams(query)
  if (rules.bypass?.some((name) => params.has(name))) return undefined
  const kept = new URLSearchParams()
  for (const [name, accepts] of Object.entries(rules.vary ?? {})) {
    // The page reads the last value given for a name, as the router does.
    const value = params.getAll(name).at(-1)
    if (value !== undefined && accepts(value)) kept.set(name, value)
  }
  const search = kept.size > 0 ? `?${kept}` : ''
  return { key: origin + pathname + search, url: pathname + search, origin }
}

/** Whether Express would trust the proxy that sent this request (its compiled `trust proxy` setting). */
export type TrustProxy = (address: string, hop: number) => boolean

/** Part of the cache key; undefined for a Host that is not the site's (refused before any page, never keyed). */
export function requestOrigin(req: IncomingMessage, siteUrl: string | undefined, trust: TrustProxy): string | undefined {
  const host = siteHost(req.headers.host, siteUrl)
  if (host === undefined) return undefined
  if (siteUrl) return siteUrl
  let protocol = (req.socket as TLSSocket).encrypted ? 'https' : 'http'
  const forwarded = req.headers['x-forwarded-proto']
  if (forwarded && trust(req.socket.remoteAddress ?? '', 0)) protocol = String(forwarded).split(',')[0]!.trim()
  return `${protocol}://${host}`
}
