import { Writable } from 'node:stream'
import type { NextFunction, Request, RequestHandler, Response } from 'express'
import { renderPage } from 'vike/server'
import type { FormResults } from '../../domain/form-results.ts'
import { requestOrigin, type CacheTarget } from '../cache/cache-target.server.ts'
import { splitTarget } from '../http/request-target.server.ts'
import { isCertainlyNotFound } from '../http/site-pages.server.ts'
import { markMiss, type ResponseCache } from '../cache/response-cache.server.ts'

type Services = Vike.PageContextServer['services']

type PageRendererOptions = {
  /** What every page's `+data` builds from (the page context's `services`). */
  services: Services
  siteUrl: string | undefined
  /** Where rendered pages are kept (none in development, where every edit must show). */
  cache?: ResponseCache
}

/**
 * A route answering with a page: a refused form's page again, with what it brought back (`form`), at the
 * refusal's status; `url` when the page is not the address posted to (Publish refused: the product's page).
 */
export type PageAnswer = { url?: string; status?: number; form?: Partial<FormResults> }

export type PageRenderer = {
  /** GET and HEAD of every page, after every route. */
  handler: RequestHandler
  /** The same render for a route's answer: one visitor's own, never kept, never indexed. */
  answer: (req: Request, res: Response, page: PageAnswer) => Promise<void>
  /**
   * The page at the request's own address with what a refused form brought back (after its redirect,
   * `?form=<id>`); false when there is no page there, and nothing was sent.
   */
  withForm: (req: Request, res: Response, form: Partial<FormResults>) => Promise<boolean>
}

/**
 * Every page is rendered here, through Vike (docs/decisions.md, The response cache; The owner's workspace).
 * A render is read at its own pace into memory, so a client that never reads cannot hold up the entry or
 * those waiting for it (nginx's `proxy_cache_lock`, Varnish's coalescing).
 */
export function pageRenderer({ services, siteUrl, cache }: PageRendererOptions): PageRenderer {
  // A one-off address of no page (a flood of random paths) is answered from the shared 404 page, not rendered.
  const knownNotFound = (cache: ResponseCache, target: CacheTarget) => {
    const page = cache.notFoundPage(target.origin)
    return page && isCertainlyNotFound(splitTarget(target.url).path, services.store) ? page : undefined
  }

  /** False when Vike has no page for the address (the app's 404 answers). */
  async function render(req: Request, res: Response, page?: PageAnswer): Promise<boolean> {
    // Without SITE_URL, absolute URLs in the page come from the request's host: part of the key then.
    const origin = requestOrigin(req, siteUrl, req.app.get('trust proxy fn'))
    if (origin === undefined) return false // not our host: refused before this (site-host.server.ts)
    // The owner's pages (who asks is in the page context) and a form sent back are rendered for this
    // request alone: never answered from the cache nor kept in it. An answer already marked private
    // (every owner's address, even should the owner check not have run) stays so.
    const owners = res.locals.owner !== undefined || /\bprivate\b/.test(String(res.getHeader('Cache-Control') ?? ''))
    const personal = owners || page !== undefined
    const target = personal ? undefined : cache?.targetFor(req)
    if (cache && target) {
      // Asked with escaped letters (`/%70roducts`): the kept copy says which address it is.
      const asKey = res.locals.respelled ? target.url : undefined
      const hit = cache.get(target.key) ?? (await cache.whenFilled(target.key)?.then(() => cache.get(target.key)))
      if (hit) return (cache.send(req, res, hit, asKey), true)
      const notFound = knownNotFound(cache, target)
      if (notFound) return (cache.send(req, res, notFound, asKey), true)
    }
    const version = cache?.version() ?? services.store.productsVersion
    const filled = cache && target ? cache.startFilling(target.key) : undefined
    try {
      const pageContext = await renderPage({
        // The page is rendered from the address without tracking parameters, so it suits every address
        // that shares its cache entry.
        urlOriginal: page?.url ?? target?.url ?? req.originalUrl,
        headersOriginal: req.headers,
        services,
        siteUrl: origin,
        owner: res.locals.owner,
        form: page?.form,
      })
      const { httpResponse } = pageContext
      if (!httpResponse) {
        filled?.()
        return false
      }
      // An earlier layer's status stands (the owner check's 403, a refused form's), unless the page's own is not 200.
      res.status(httpResponse.statusCode !== 200 ? httpResponse.statusCode : (page?.status ?? res.statusCode))
      for (const [name, value] of httpResponse.headers) {
        if (name.toLowerCase() !== 'cache-control') res.setHeader(name, value)
      }
      // Pages are revalidated on every visit (ETag); what one visitor sees is kept by no cache, nor indexed.
      res.setHeader('Cache-Control', owners ? 'private, no-store' : personal ? 'no-store' : 'no-cache')
      if (personal) res.setHeader('X-Robots-Tag', 'noindex')
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
      return true
    } catch (err) {
      filled?.()
      throw err
    }
  }

  return {
    handler: (req: Request, res: Response, next: NextFunction) => {
      if (req.method !== 'GET' && req.method !== 'HEAD') return next()
      render(req, res).then((rendered) => rendered || next(), next)
    },
    async answer(req, res, page) {
      if (!(await render(req, res, page))) throw new Error(`${page.url ?? req.originalUrl} did not render`)
    },
    withForm: (req, res, form) => render(req, res, { form }),
  }
}
