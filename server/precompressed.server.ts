import { stat } from 'node:fs/promises'
import path from 'node:path'
import type { RequestHandler } from 'express'
import express from 'express'

const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.json': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
}

/** The encodings the client accepts, best first, among those we precompress. */
function wanted(acceptEncoding: string | undefined): { encoding: 'br' | 'gzip'; ext: string }[] {
  const accepts = (name: string) => new RegExp(`(^|,)\\s*${name}\\s*(;\\s*q=(?!0(\\.0*)?\\s*(,|$))[\\d.]+)?\\s*(,|$)`, 'i').test(acceptEncoding ?? '')
  const out: { encoding: 'br' | 'gzip'; ext: string }[] = []
  if (accepts('br')) out.push({ encoding: 'br', ext: '.br' })
  if (accepts('gzip')) out.push({ encoding: 'gzip', ext: '.gz' })
  return out
}

/**
 * Serves the build's precompressed `.br`/`.gz` twin of a static file when the browser accepts it,
 * with the same caching as the file itself; anything else falls through to express.static.
 */
export function servePrecompressed(root: string, options: { maxAge: string; immutable?: boolean }): RequestHandler {
  const send = express.static(root, { index: false, fallthrough: true, maxAge: options.maxAge, immutable: options.immutable })
  return async (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next()
    const type = TYPES[path.extname(req.path)]
    if (!type) return next()
    res.vary('Accept-Encoding')
    for (const { encoding, ext } of wanted(req.get('accept-encoding'))) {
      const file = path.join(root, path.normalize(decodeURIComponent(req.path)) + ext)
      if (!file.startsWith(root + path.sep)) return next()
      const found = await stat(file).then((s) => s.isFile(), () => false)
      if (!found) continue
      res.setHeader('Content-Encoding', encoding)
      res.type(type)
      const original = req.url
      req.url = `${req.path}${ext}`
      // express.static sets caching, ETag and ranges; the type and encoding are ours.
      return send(req, res, (err) => {
        req.url = original
        next(err)
      })
    }
    next()
  }
}
