import http from 'node:http'

/** The raw bytes the server sends for a URL with the given Accept-Encoding (no decompression). */
export function rawGet(
  url: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; headers: http.IncomingHttpHeaders; bytes: number; body: Buffer }> {
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

/** The scripts a page loads: the module scripts and module preloads Vike writes into its HTML. */
export function pageScripts(html: string): string[] {
  return [...html.matchAll(/<(?:script[^>]*\ssrc|link[^>]*rel="modulepreload"[^>]*\shref)="([^"]+\.js)"/g)].map(
    (m) => m[1]!,
  )
}
