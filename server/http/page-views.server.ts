import type { IncomingMessage, ServerResponse } from 'node:http'
import { isCategory } from '../../domain/business.ts'
import type { Store } from '../../data/store.server.ts'
import { browserKind } from '../services/statistics/browser-kind.ts'
import type { Statistics, View } from '../services/statistics/statistics.server.ts'
import { requestPath, routePath } from './request-target.server.ts'
import { isKnownPage } from './site-pages.server.ts'

type Req = IncomingMessage & { originalUrl?: string }

export type PageViewOptions = {
  statistics: Statistics
  /** Whose products' ids are real (published): only they become keys. */
  store: Store
  /** Signed in with ADMIN_PASSWORD: the owner's page requests are not counted (the owner check says). */
  ownerSignedIn: (req: IncomingMessage) => boolean
  /** The owner's addresses, never counted (the owner check's list, by the path the router reads). */
  isOwners: (path: string) => boolean
  /** An answer given whole from the response cache (written at once, so its headers cannot be read back). */
  isKept: (res: ServerResponse) => boolean
  /** Our own host names, never counted as referrers. */
  ownHosts: (req: Req) => string[]
  /** The client address as Express reads it (TRUST_PROXY), for the day's visitor hash only. */
  clientAddress: (req: Req) => string
}

/**
 * Called for every request as it arrives; the view is counted once the answer has gone, so sending
 * the page waits for nothing. Counted: a GET answered 200 with HTML, or 304, of a page that exists.
 * Not counted: bots, prefetches and prerenders, the owner signed in, HEAD, assets, APIs, the workspace.
 * On this machine without ADMIN_PASSWORD, pages are counted like anyone's: see docs/decisions.md.
 */
export function pageViewCounter(options: PageViewOptions): (req: Req, res: ServerResponse) => void {
  if (!options.statistics.enabled) return () => {}
  return (req, res) => {
    if (req.method !== 'GET') return
    // Whether it is a page at all is known on arrival: assets and APIs get no listener.
    const url = req.originalUrl ?? req.url ?? '/'
    const bare = requestPath(url)
    const path = routePath(bare)
    if (options.isOwners(path) || !isKnownPage(path, options.store)) return
    res.once('finish', () => {
      const view = viewOf(req, res, options, { url, bare, path })
      if (view) options.statistics.view(view)
    })
  }
}

/** The page's view, once its answer has gone, from its address as it arrived. */
function viewOf(
  req: Req,
  res: ServerResponse,
  options: PageViewOptions,
  { url, bare, path }: { url: string; bare: string; path: string },
): View | undefined {
  const { headers } = req
  // A kept answer is written with its headers at once (writeHead), so they cannot be read back here.
  const html =
    res.statusCode === 200 &&
    (options.isKept(res) || /^text\/html\b/i.test(String(res.getHeader('content-type') ?? '')))
  if (!html && res.statusCode !== 304) return undefined
  if (!isVisitor(req, options.ownerSignedIn)) return undefined
  const userAgent = headers['user-agent'] ?? ''
  // Most views carry no query and no referrer: nothing is parsed for them.
  const query = bare.length === url.length ? undefined : new URLSearchParams(url.slice(bare.length + 1))
  const category = query?.get('category')
  return {
    page: path === '/products' && isCategory(category) ? `${path}?category=${category}` : path,
    address: options.clientAddress(req),
    userAgent,
    device: browserKind(userAgent).device,
    referrer: headers.referer ? referrerDomain(headers.referer, options.ownHosts(req)) : undefined,
    campaign: query
      ? {
          sources: tag(query.get('utm_source')),
          mediums: tag(query.get('utm_medium')),
          campaigns: tag(query.get('utm_campaign')),
        }
      : NO_CAMPAIGN,
  }
}

const NO_CAMPAIGN: View['campaign'] = Object.freeze({})

/**
 * A person's own request: not a bot's, not a prefetch or prerender, not the owner's (signed in with ADMIN_PASSWORD).
 */
export function isVisitor(req: IncomingMessage, ownerSignedIn: (req: IncomingMessage) => boolean): boolean {
  const { headers } = req
  if (isPrefetch(req) || browserKind(headers['user-agent'] ?? '').bot) return false
  return !ownerSignedIn(req)
}

/** Chromium's `Sec-Purpose: prefetch` (and `;prerender`), and the older `Purpose`/`X-Purpose` of other browsers. */
function isPrefetch({ headers }: IncomingMessage): boolean {
  const purpose =
    `${headers['sec-purpose'] ?? ''} ${headers.purpose ?? ''} ` +
    `${headers['x-purpose'] ?? ''} ${headers['x-moz'] ?? ''}`
  return /\b(prefetch|prerender|preview)\b/i.test(purpose)
}

/** The referring site's host name without `www.`; nothing for our own pages or an unreadable header. */
export function referrerDomain(referer: string | undefined, ownHosts: string[]): string | undefined {
  if (!referer) return undefined
  let host: string
  try {
    const url = new URL(referer)
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined
    host = url.hostname.toLowerCase()
  } catch {
    return undefined
  }
  const bare = (h: string) => h.replace(/^www\./, '')
  if (!host || ownHosts.some((own) => bare(own) === bare(host))) return undefined
  return bare(host)
}

/** A campaign tag as counted: trimmed and lower-cased (`Instagram` and `instagram` are one source). */
function tag(value: string | null | undefined): string | undefined {
  const t = value?.trim().toLowerCase()
  return t ? t : undefined
}

/** SITE_URL's host and the one the request named: links between our own pages are not referrals. */
export function ownHostsOf(siteUrl: string | undefined): (req: Req) => string[] {
  const site = siteUrl ? new URL(siteUrl).hostname.toLowerCase() : undefined
  return (req) => {
    const named = (req.headers.host ?? '').toLowerCase().replace(/:\d+$/, '')
    return site ? [site, named] : [named]
  }
}

/** The client's address as Express reads it: the forwarded chain is walked back through the trusted proxies only. */
export function clientAddressOf(trust: (address: string, hop: number) => boolean): (req: Req) => string {
  return (req) => {
    const forwarded = req.headers['x-forwarded-for']
    if (forwarded === undefined) return req.socket.remoteAddress ?? ''
    const chain = [
      req.socket.remoteAddress ?? '',
      ...String(forwarded)
        .split(',')
        .map((a) => a.trim())
        .filter(Boolean)
        .reverse(),
    ]
    let hop = 0
    while (hop < chain.length - 1 && trust(chain[hop]!, hop)) hop++
    return chain[hop]!
  }
}
