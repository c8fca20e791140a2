import path from 'node:path'
import express, { type RequestHandler, type Response } from 'express'
import sirv from 'sirv'
import { preferredEncodings } from './page-cache.server.ts'

const YEAR_S = 365 * 24 * 60 * 60
const DAY_S = 24 * 60 * 60

/**
 * The client build (`dist/client`): hashed assets under `/assets` (never change under one name: a
 * year, immutable) and the files at the root (favicon, manifest, `/images/...`: a day). Served by
 * sirv, as in Vike's own examples: it sends the build's precompressed `.br`/`.gz` twin of a file when
 * the request accepts that coding (`Vary: Accept-Encoding`), answers `If-None-Match` with 304, and
 * leaves dotfiles alone. It reads the folder once at start-up, so a lookup costs no disk access.
 *
 * What sirv does not do by HTTP's rules goes to express.static on the plain file instead: `If-Match`
 * and `If-Unmodified-Since` (412 when they fail), and ranges (416 past the end), each answered by the
 * app's error handler with a sentence.
 */
export function serveClientBuild(root: string): RequestHandler {
  const twins = sirv(root, {
    brotli: true,
    gzip: true,
    etag: true,
    dotfiles: false,
    extensions: [],
    setHeaders: (res, pathname) => {
      // Express's names for the types (with their charset) and its spelling of Cache-Control.
      ;(res as Response).type(path.extname(pathname))
      res.setHeader('Cache-Control', pathname.startsWith('/assets/') ? `public, max-age=${YEAR_S}, immutable` : `public, max-age=${DAY_S}`)
    },
  })
  const assets = express.static(root, { immutable: true, maxAge: '1y', index: false, dotfiles: 'ignore' })
  const rootFiles = express.static(root, { maxAge: '1d', index: false, dotfiles: 'ignore' })
  return (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next()
    if (req.headers['if-match'] || req.headers['if-unmodified-since'] || req.headers.range) {
      return (req.path.startsWith('/assets/') ? assets : rootFiles)(req, res, next)
    }
    // sirv looks for `accept-encoding` words only; give it the one coding HTTP's rules choose (q-values, `*`).
    const acceptEncoding = req.headers['accept-encoding']
    req.headers['accept-encoding'] = preferredEncodings(acceptEncoding)[0] ?? 'identity'
    twins(req, res, () => {
      req.headers['accept-encoding'] = acceptEncoding
      next()
    })
  }
}
