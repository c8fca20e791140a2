import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http'
import type { ResponseCache } from './response-cache.server.ts'
import { isWellFormedTarget } from '../http/request-target.server.ts'

type CacheHitOptions = {
  cache: ResponseCache
  /** What the app's first middleware does for every request (its log line), done for a hit too. */
  seeRequest: (req: IncomingMessage, res: ServerResponse) => void
  /** Everything that is not a plain cache hit. */
  app: RequestListener
}

/** Only answers the full path gave to everyone are kept, so skipping the middleware chain cannot skip a check. */
export function answerCacheHitsFirst({ cache, seeRequest, app }: CacheHitOptions): RequestListener {
  if (!cache.enabled) return app
  const plainHit = (req: IncomingMessage) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return undefined
    const { headers } = req
    if (
      (headers['content-length'] !== undefined && headers['content-length'] !== '0') ||
      headers['transfer-encoding'] !== undefined
    )
      return undefined
    if (!isWellFormedTarget(req.url ?? '')) return undefined
    const target = cache.targetFor(req)
    return target && cache.get(target.key)
  }
  return (req, res) => {
    const entry = plainHit(req)
    if (!entry) return app(req, res)
    seeRequest(req, res)
    cache.send(req, res, entry)
  }
}
