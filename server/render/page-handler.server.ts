import { Writable } from 'node:stream'
import type { NextFunction, Request, Response } from 'express'
import { renderPage } from 'vike/server'
import type { Store } from '../../data/store.server.ts'
import type { PhotoFormats } from '../../domain/product-image.ts'
import { requestOrigin, type CacheTarget } from '../cache/cache-target.server.ts'
import { isAdminPath } from '../http/owner-paths.server.ts'
import { requestPath } from '../http/request-target.server.ts'
import { markMiss, type ResponseCache } from '../cache/response-cache.server.ts'
import { answerWithRender } from './page-response.server.ts'
import { isCertainlyNotFound } from './site-pages.server.ts'
import { ownerPageContext } from '../owner/owner.server.ts'

type PageHandlerOptions = {
  store: Store
  siteUrl: string | undefined
  /** Where rendered pages are kept (none in development, where every edit must show). */
  cache?: ResponseCache
  photoFormats?: PhotoFormats
  deliveryPrice?: string
}

/**
 * A render is read at its own pace into memory, so a client that never reads cannot hold
 * up the entry or those waiting for it (nginx's `proxy_cache_lock`, Varnish's coalescing).
 */
export function createPageHandler({ store, siteUrl, cache, photoFormats, deliveryPrice }: PageHandlerOptions) {
  // A one-off address of no page (a flood of random paths) is answered from the shared 404 page, not rendered.
  const knownNotFound = (cache: ResponseCache, target: CacheTarget) => {
    const path = requestPath(target.url)
    if (isAdminPath(path)) return undefined
    const page = cache.notFoundPage(target.origin)
    return page && isCertainlyNotFound(path, store) ? page : undefined
  }
  return async function pageHandler(req: Request, res: Response, next: NextFunction) {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next()
    // Without SITE_URL, absolute URLs in the page come from the request's host: part of the key then.
    const origin = requestOrigin(req, siteUrl, req.app.get('trust proxy fn'))
    if (origin === undefined) return next() // not our host: refused before this (site-host.server.ts)
    // The owner's page context, set for this request alone (who asks, the allowance): such a page
    // is rendered for it, never answered from the cache nor kept in it.
    const own = ownerPageContext(res)
    const target = own ? undefined : cache?.targetFor(req)
    if (cache && target) {
      // Asked with escaped letters (`/%70roducts`): the kept copy says which address it is.
      const asKey = res.locals.respelled ? target.url : undefined
      const hit = cache.get(target.key) ?? (await cache.whenFilled(target.key)?.then(() => cache.get(target.key)))
      if (hit) return cache.send(req, res, hit, asKey)
      const notFound = knownNotFound(cache, target)
      if (notFound) return cache.send(req, res, notFound, asKey)
    }
    const version = cache?.version() ?? store.productsVersion
    const filled = cache && target ? cache.startFilling(target.key) : undefined
    try {
      const pageContext = await renderPage({
        ...own,
        // The page is rendered from the address without tracking parameters, so it suits every address
        // that shares its cache entry.
        urlOriginal: target?.url ?? req.originalUrl,
        headersOriginal: req.headers,
        store,
        siteUrl: origin,
        photoFormats,
        deliveryPrice,
      })
      const { httpResponse } = pageContext
      if (!httpResponse) {
        filled?.()
        return next()
      }
      answerWithRender(res, httpResponse, { cacheControl: pageCacheControl(req.path) })
      if (target) markMiss(res)
      const cacheable = cache && target && !pageContext.errorWhileRendering
      const chunks: Buffer[] = []
      const tee = new Writable({
        write(chunk, _enc, done) {
          const buf = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk)
          chunks.push(buf)
          if (req.method !== 'HEAD' && !res.destroyed) res.write(buf)
          done()
        },
        final(done) {
          res.end()
          // Kept once rendered, with the headers it went out with (the cache decides whether it may keep it).
          if (cacheable) cache.keep(target, req, res, Buffer.concat(chunks), version)
          filled?.()
          done()
        },
      })
      httpResponse.pipe(tee)
    } catch (err) {
      filled?.()
      next(err)
    }
  }
}

/** Pages are revalidated on every visit (ETag); the admin page, however spelled, is never stored by any cache. */
export function pageCacheControl(path: string): string {
  return isAdminPath(path) ? 'private, no-store' : 'no-cache'
}
