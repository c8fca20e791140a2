import { createHash } from 'node:crypto'
import { Writable } from 'node:stream'
import type { NextFunction, Request, Response } from 'express'
import { renderPage } from 'vike/server'
import type { Store } from '../data/store.server.ts'
import { isAdminPath } from './route-path.server.ts'

type Rendered = { statusCode: number; headers: [string, string][]; body: Buffer; etag: string; version: number }

const MAX_CACHED = 200

/**
 * Serves pages through Vike's renderPage. Pages show the same thing to every visitor and change only
 * when the products do, so a rendered page is kept, keyed on its URL and the products' version, and
 * sent again without rendering until the products change. The first render streams to the visitor.
 */
type PageHandlerOptions = {
  store: Store
  siteUrl: string | undefined
  /** Keep rendered pages (off in development, where every edit must show). */
  cache?: boolean
}

export function createPageHandler({
  store,
  siteUrl,
  cache: useCache = true,
}: PageHandlerOptions) {
  const cache = new Map<string, Rendered>()

  const remember = (key: string, entry: Rendered) => {
    if (cache.size >= MAX_CACHED) cache.delete(cache.keys().next().value!) // oldest first
    cache.set(key, entry)
  }

  return async function pageHandler(req: Request, res: Response, next: NextFunction) {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next()
    // Without SITE_URL, absolute URLs in the page come from the request's host: part of the key then.
    const origin = siteUrl ?? `${req.protocol}://${req.get('host')}`
    const key = siteUrl ? req.originalUrl : `${origin}${req.originalUrl}`
    const version = store.productsVersion
    // What a handler before this one set for this request alone (the admin page's access and
    // allowance): such a page is rendered for it and never kept for anyone else.
    const own = res.locals.pageContext as Record<string, unknown> | undefined
    const hit = useCache && !own ? cache.get(key) : undefined
    if (hit && hit.version === version) {
      cache.delete(key) // keep recently used entries at the end
      cache.set(key, hit)
      return sendRendered(req, res, hit)
    }
    try {
      const pageContext = await renderPage({
        ...own,
        urlOriginal: req.originalUrl,
        headersOriginal: req.headers,
        store,
        siteUrl: origin,
      })
      const { httpResponse } = pageContext
      if (!httpResponse) return next()
      res.status(httpResponse.statusCode)
      for (const [name, value] of httpResponse.headers) {
        if (name.toLowerCase() !== 'cache-control') res.setHeader(name, value)
      }
      res.setHeader('Cache-Control', pageCacheControl(req.path))
      const cacheable = useCache && !own && !pageContext.errorWhileRendering && [200, 404].includes(httpResponse.statusCode)
      const chunks: Buffer[] = []
      const send = (buf: Buffer | undefined, done: () => void) => {
        if (!buf) return done()
        chunks.push(buf)
        if (req.method === 'HEAD') return done()
        res.write(buf) ? done() : res.once('drain', done)
      }
      const tee = new Writable({
        write(chunk, _enc, done) {
          const buf = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk)
          send(buf, done)
        },
        final(done) {
          res.end()
          if (cacheable) {
            const body = Buffer.concat(chunks)
            const etag = `"${createHash('sha1').update(body).digest('base64url')}"`
            remember(key, { statusCode: httpResponse.statusCode, headers: httpResponse.headers, body, etag, version })
          }
          done()
        },
      })
      httpResponse.pipe(tee)
    } catch (err) {
      next(err)
    }
  }
}

/** Pages are revalidated on every visit (ETag); the admin page, however spelled, is never stored by any cache. */
export function pageCacheControl(path: string): string {
  return isAdminPath(path) ? 'private, no-store' : 'no-cache'
}

function sendRendered(req: Request, res: Response, page: Rendered) {
  res.status(page.statusCode)
  for (const [name, value] of page.headers) {
    if (name.toLowerCase() !== 'cache-control') res.setHeader(name, value)
  }
  res.setHeader('Cache-Control', pageCacheControl(req.path))
  // The ETag was computed once, when the page was rendered; res.send answers 304 when it matches.
  res.setHeader('ETag', page.etag)
  res.send(page.body)
}
