import type { RequestHandler } from 'express'
import { rateLimit } from 'express-rate-limit'
import { READABLE } from '../http/http-errors.server.ts'
import type { ResponseCache } from '../cache/response-cache.server.ts'
import { clientKey } from '../http/client-key.server.ts'

/** Pages one visitor may have rendered for them alone per minute: far more than anyone browsing asks for. */
const RENDERS_PER_MINUTE = 120

/**
 * Pages the cache cannot answer cost a render each, so one visitor gets only so many a minute (429 past it);
 * cache hits are not counted. `pages` sees every page request; `posts` goes before a route whose post answers
 * with a page (the order form without JavaScript), and counts against the same allowance.
 */
export function limitUncachedRenders(cache: ResponseCache): { pages: RequestHandler; posts: RequestHandler } {
  const limiter = rateLimit({
    windowMs: 60_000,
    limit: RENDERS_PER_MINUTE,
    standardHeaders: 'draft-7',
    legacyHeaders: false,
    keyGenerator: (req) => clientKey(req.ip),
    // The app warns of forwarding headers without TRUST_PROXY itself, once, naming the setting.
    // clientKey groups IPv6 by /64 with the library's own ipKeyGenerator, which the check cannot see.
    validate: { xForwardedForHeader: false, forwardedHeader: false, keyGeneratorIpFallback: false },
    handler: (_req, res) => {
      res.setHeader('Cache-Control', 'no-store')
      res.status(429).type('text/plain').send(READABLE[429])
    },
  })
  const off: RequestHandler = (_req, _res, next) => next()
  if (!cache.enabled) return { pages: off, posts: off }
  return {
    pages: (req, res, next) => {
      const renders =
        (req.method === 'GET' || req.method === 'HEAD') &&
        // The owner's pages are the owner's alone; a spelling written plain here (`/%70roducts`) never
        // reaches the answers given before the app.
        res.locals.owner === undefined &&
        !req.path.startsWith('/api/') &&
        (res.locals.respelled || cache.targetFor(req) === undefined)
      return renders ? limiter(req, res, next) : next()
    },
    posts: limiter,
  }
}
