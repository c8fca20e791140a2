import http from 'node:http'
import { DEFERRED_MODULES_ID, type DeferredModules } from '../../server/deferred-scripts.server.ts'

/** The raw bytes the server sends for a URL with the given Accept-Encoding (no decompression). */
export function rawGet(url: string, headers: Record<string, string> = {}): Promise<{ status: number; headers: http.IncomingHttpHeaders; bytes: number; body: Buffer }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (res) => {
        const chunks: Buffer[] = []
        res.on('data', (c) => chunks.push(c))
        res.on('end', () => {
          const body = Buffer.concat(chunks)
          resolve({ status: res.statusCode!, headers: res.headers, bytes: body.length, body })
        })
      })
      .on('error', reject)
  })
}

/** The scripts a page starts once painted: the list at the end of its body (server/deferred-scripts.server.ts). */
export function deferredModules(html: string): DeferredModules | null {
  const list = new RegExp(`<script type="application/json" id="${DEFERRED_MODULES_ID}">(.*?)</script>`).exec(html)
  return list ? (JSON.parse(list[1]!) as DeferredModules) : null
}
