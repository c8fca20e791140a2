import { Writable } from 'node:stream'
import type { NextFunction, Request, Response } from 'express'
import { renderPage } from 'vike/server'
import type { Store } from '../data/store.server.ts'
import { requestOrigin } from './cache-keys.server.ts'
import { scriptDeferrer } from './deferred-scripts.server.ts'
import { headTransformer } from './inline-styles.server.ts'
import { markMiss, type ResponseCache } from './page-cache.server.ts'

/**
 * Serves pages through Vike's renderPage. Pages show the same thing to every visitor and change only
 * when the products do, so a rendered page is kept in the response cache, keyed on its address (only
 * the parameters that change the page: see cache-keys.server.ts) and the products' version, and sent
 * again without rendering until the products change. The first render streams to the visitor; others
 * asking for the same page meanwhile wait for it rather than render it again.
 */
type PageHandlerOptions = {
  store: Store
  siteUrl: string | undefined
  /** Where rendered pages are kept (none in development, where every edit must show). */
  cache?: ResponseCache
  /** Rewrites each page's head before it is sent (production: its stylesheets inlined). */
  transformHead?: (head: string) => string
  /** Whether OPENAI_API_KEY is set (fixed for the life of the process, so cached pages stay right). */
  imageGenerationConfigured?: boolean
  /** Starts each page's scripts after its first paint (production; see deferred-scripts.server.ts). */
  deferScripts?: boolean
}

/** A rewriter of a page as it streams: what may be sent now, and what is left at the end. */
type StreamRewriter = { push(chunk: Buffer): Buffer | undefined; flush(): Buffer | undefined }

/** Runs the rewriters one after the other, each on what the one before let through. */
function chain(rewriters: StreamRewriter[]): StreamRewriter {
  const pass = (buf: Buffer | undefined, from: number): Buffer | undefined => {
    for (let i = from; i < rewriters.length && buf; i++) buf = rewriters[i]!.push(buf)
    return buf
  }
  return {
    push: (chunk) => pass(chunk, 0),
    flush() {
      const out: Buffer[] = []
      rewriters.forEach((r, i) => {
        const rest = r.flush()
        const passed = rest ? pass(rest, i + 1) : undefined
        if (passed) out.push(passed)
        // What the later rewriters still hold comes out with their own flush, in order.
      })
      return out.length ? Buffer.concat(out) : undefined
    },
  }
}

export function createPageHandler({
  store,
  siteUrl,
  cache,
  transformHead,
  imageGenerationConfigured = false,
  deferScripts = false,
}: PageHandlerOptions) {
  return async function pageHandler(req: Request, res: Response, next: NextFunction) {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next()
    // Without SITE_URL, absolute URLs in the page come from the request's host: part of the key then.
    const origin = requestOrigin(req, siteUrl, req.app.get('trust proxy fn'))
    const target = cache?.targetFor(req)
    if (cache && target) {
      const hit = cache.get(target.key) ?? (await cache.whenFilled(target.key)?.then(() => cache.get(target.key)))
      if (hit) return cache.send(req, res, hit)
    }
    const version = store.productsVersion
    const filled = cache && target ? cache.startFilling(target.key) : undefined
    if (filled) res.once('close', filled) // whatever happens to this answer, nobody waits for it longer
    try {
      const pageContext = await renderPage({
        // The page is rendered from the address without tracking parameters, so it suits every address
        // that shares its cache entry.
        urlOriginal: target?.url ?? req.originalUrl,
        headersOriginal: req.headers,
        store,
        siteUrl: origin,
        imageGenerationConfigured,
      })
      const { httpResponse } = pageContext
      if (!httpResponse) {
        filled?.()
        return next()
      }
      res.status(httpResponse.statusCode)
      for (const [name, value] of httpResponse.headers) {
        if (name.toLowerCase() !== 'cache-control') res.setHeader(name, value)
      }
      res.setHeader('Cache-Control', pageCacheControl(req.path))
      if (target) markMiss(res)
      const cacheable = cache && target && !pageContext.errorWhileRendering
      const chunks: Buffer[] = []
      const rewriters = [transformHead && headTransformer(transformHead), deferScripts && scriptDeferrer()].filter((r) => !!r)
      const rewrite = rewriters.length ? chain(rewriters) : undefined
      const send = (buf: Buffer | undefined, done: () => void) => {
        if (!buf) return done()
        chunks.push(buf)
        if (req.method === 'HEAD') return done()
        res.write(buf) ? done() : res.once('drain', done)
      }
      const tee = new Writable({
        write(chunk, _enc, done) {
          const buf = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk)
          send(rewrite ? rewrite.push(buf) : buf, done)
        },
        final(done) {
          const rest = rewrite?.flush()
          if (rest) {
            chunks.push(rest)
            if (req.method !== 'HEAD') res.write(rest)
          }
          res.end()
          // Kept once sent, with the headers it went out with (the cache decides whether it may keep it).
          if (cacheable) cache.keep(target.key, req, res, Buffer.concat(chunks), version)
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

/** Pages are revalidated on every visit (ETag); the admin page is never stored by any cache. */
export function pageCacheControl(path: string): string {
  return path === '/admin' || path.startsWith('/admin/') ? 'private, no-store' : 'no-cache'
}
