import type { IncomingMessage } from 'node:http'
import type { Logger } from 'pino'
import type { Config } from '../config/config.server.ts'

export const UNTRUSTED_PROXY_WARNING =
  'A request arrived with X-Forwarded-For (or Forwarded) but TRUST_PROXY ' +
  'is not set, so every visitor looks like the proxy: one visitor can use ' +
  'up everyone’s enquiry limit and lock the owner out of /admin. Behind a ' +
  'proxy, set TRUST_PROXY to the number of proxies in front (1) or their ' +
  'address (loopback, 10.0.0.0/8). With no proxy in front, a client sent ' +
  'the header itself and it is ignored.'

/** Express middleware, and called as it is for the cache hits answered before Express. */
type ProxyCheck = (req: IncomingMessage, res: unknown, next: () => void) => void

/** Once per process; the header is still not believed. */
export function warnOfUntrustedProxy(trustProxy: Config['trustProxy'], logger: Pick<Logger, 'warn'>): ProxyCheck {
  if (trustProxy !== false) return (_req, _res, next) => next()
  let warned = false
  return (req, _res, next) => {
    if (!warned && (req.headers['x-forwarded-for'] !== undefined || req.headers.forwarded !== undefined)) {
      warned = true
      logger.warn(UNTRUSTED_PROXY_WARNING)
    }
    next()
  }
}
