import { createServer, request, type IncomingHttpHeaders, type RequestListener } from 'node:http'
import type { AddressInfo } from 'node:net'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'

export type RawResponse = { status: number; headers: IncomingHttpHeaders; body: Buffer }
export type RawClient = {
  /** One request, its body exactly as it came over the wire (nothing decompressed). */
  send: (
    path: string,
    options?: { method?: string; headers?: Record<string, string>; body?: string },
  ) => Promise<RawResponse>
  close: () => Promise<void>
}

/**
 * A listener on a loopback port and a client that shows answers as they are sent: fetch and supertest
 * decompress bodies and merge headers, which is exactly what the response cache's tests must see past.
 */
export async function rawClient(listener: RequestListener): Promise<RawClient> {
  const server = createServer(listener).listen(0, '127.0.0.1')
  await new Promise<void>((resolve) => server.once('listening', () => resolve()))
  const { port } = server.address() as AddressInfo
  return {
    send: (path, { method = 'GET', headers = {}, body } = {}) =>
      new Promise((resolve, reject) => {
        const req = request({ host: '127.0.0.1', port, path, method, headers, agent: false }, (res) => {
          const chunks: Buffer[] = []
          res.on('data', (c: Buffer) => chunks.push(c))
          res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }))
          res.on('error', reject)
        })
        req.on('error', reject).end(body)
      }),
    async close() {
      server.closeAllConnections()
      await new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}

/** The body with its Content-Encoding undone. */
export function decoded(res: RawResponse): Buffer {
  const encoding = res.headers['content-encoding']
  if (encoding === 'br') return brotliDecompressSync(res.body)
  if (encoding === 'gzip') return gunzipSync(res.body)
  if (encoding === undefined) return res.body
  throw new Error(`unexpected Content-Encoding ${encoding}`)
}

export type RawAnswer = { status: number; headers: IncomingHttpHeaders; body: string }

/**
 * One request to a listening server with its path exactly as written (fetch and supertest would
 * normalise `..`, `//` and escapes), like curl --path-as-is; `localAddress` picks the loopback
 * address it comes from (another visitor, to the server).
 */
export function rawRequest(
  url: string,
  path: string,
  headers: Record<string, string> = {},
  options: { method?: string; localAddress?: string } = {},
): Promise<RawAnswer> {
  const { port } = new URL(url)
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, headers, ...options }, (res) => {
      let body = ''
      res.setEncoding('utf8')
      res.on('data', (c: string) => (body += c))
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body }))
    })
    req.on('error', reject).end()
  })
}
