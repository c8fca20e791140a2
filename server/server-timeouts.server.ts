import { createServer, type RequestListener, type Server } from 'node:http'

/**
 * The HTTP server's own deadlines, chosen rather than left to Node's defaults:
 * - `headersTimeout` 10 s: a request's headers must all arrive within it. A client sending them a
 *   byte at a time (slowloris) is answered 408 and cut off, instead of holding a socket for Node's
 *   default minute; a phone on a poor connection sends its few hundred bytes of headers in far less.
 * - `requestTimeout` 120 s: the whole request, its body included; room for a photograph uploaded
 *   from a phone on a slow connection, and no more.
 * - `keepAliveTimeout` 5 s: an idle kept-alive connection is closed after it (shorter than the
 *   timeouts of the proxies in front, which then never reuse a connection we are closing).
 * - `timeout` 60 s: a socket on which nothing moves for that long (a client that stopped reading) is
 *   closed. Answers that are quiet for longer by design set their own (the image generation's run).
 * - `connectionsCheckingInterval` 1 s: how often the first two are checked (Node's default of 30 s
 *   would let a slow client keep its socket up to half a minute longer).
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
