import type { IncomingMessage } from 'node:http'
import type { TLSSocket } from 'node:tls'
import type { PageQuery } from '../../domain/page-query.ts'
import { isPlainPath, splitTarget } from '../http/request-target.server.ts'
import { pageAt, sitePages } from '../http/site-pages.server.ts'
import { siteHost } from '../http/site-host.server.ts'

/**
 * A route with the parameters that make a different page (docs/decisions.md,
 * The response cache): Vike's pages, each with what its `+query.ts` declares.
 */
export type RouteParameters = { route: string } & PageQuery

/** Where a request's answer lives in the cache, the address to render it from, and the origin it is for. */
export type CacheTarget = { key: string; url: string; origin: string }

/**
 * Undefined when the request must not touch the cache: a `bypass` parameter, a path not in its plain
 * spelling (so no spelling stores an answer another spelling then receives), or a query when the page
 * it is for cannot be told (routes not known, two routes as close). Other parameters than the page
 * takes are dropped from key and rendered address alike.
 */
export function cacheTarget(
  url: string,
  origin: string,
  routes: readonly RouteParameters[] | null = sitePages(),
): CacheTarget | undefined {
  const { path, query } = splitTarget(url)
  if (!isPlainPath(path)) return undefined
  if (query === undefined) return { key: origin + url, url, origin }
  const page = routes ? pageAt(path, routes) : undefined
  if (page === undefined) return undefined
  const params = new URLSearchParams(query)
  if (page?.bypass?.some((name) => params.has(name))) return undefined
  const kept = new URLSearchParams()
  for (const [name, accepts] of Object.entries(page?.vary ?? {})) {
    // The page reads the last value given for a name, as the router does.
    const value = params.getAll(name).at(-1)
    if (value !== undefined && accepts(value)) kept.set(name, value)
  }
  const search = kept.size > 0 ? `?${kept}` : ''
  return { key: origin + path + search, url: path + search, origin }
}

/** Whether Express would trust the proxy that sent this request (its compiled `trust proxy` setting). */
export type TrustProxy = (address: string, hop: number) => boolean

/** Part of the cache key; undefined for a Host that is not the site's (refused before any page, never keyed). */
export function requestOrigin(
  req: IncomingMessage,
  siteUrl: string | undefined,
  trust: TrustProxy,
): string | undefined {
  const host = siteHost(req.headers.host, siteUrl)
  if (host === undefined) return undefined
  if (siteUrl) return siteUrl
  let protocol = (req.socket as TLSSocket).encrypted ? 'https' : 'http'
  const forwarded = req.headers['x-forwarded-proto']
  if (forwarded && trust(req.socket.remoteAddress ?? '', 0)) protocol = String(forwarded).split(',')[0]!.trim()
  return `${protocol}://${host}`
}
