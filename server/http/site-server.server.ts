import { createServer, type RequestListener, type Server } from 'node:http'

/**
 * Chosen, not Node's defaults (RELIABILITY.md): slowloris gets 408 within 10 s,
 * uploads from slow phones fit in 120 s, keep-alive closes before the proxies' does.
 */
const SERVER_TIMEOUTS = {
  headersTimeout: 10_000,
  requestTimeout: 120_000,
  keepAliveTimeout: 5_000,
  timeout: 60_000,
  connectionsCheckingInterval: 1_000,
} as const

export function createSiteServer(listener: RequestListener): Server {
  const { timeout, ...options } = SERVER_TIMEOUTS
  const server = createServer(options, listener)
  server.setTimeout(timeout)
  return server
}
