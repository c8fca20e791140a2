import { readdirSync } from 'node:fs'
import path from 'node:path'
import express, { type RequestHandler, type Response } from 'express'
import send from 'send'
import { preferredEncodings, type Encoding } from './accept-encoding.server.ts'
import { decodedPath } from './request-target.server.ts'

const TWIN_EXTENSION: Record<Encoding, string> = { br: '.br', gzip: '.gz', identity: '' }

/** The build's files as URL paths, read once at start-up; dotfiles and dot-folders (Vite's manifest) are not served. */
function listFiles(root: string): Set<string> {
  const files = readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep))
    .filter((parts) => !parts.some((part) => part.startsWith('.')))
  return new Set(files.map((parts) => `/${parts.join('/')}`))
}

/**
 * The client build (`dist/client`): hashed assets under `/assets` (never change under one name: a
 * year, immutable) and the files at the root (favicon, manifest, `/images/...`: a day). When the
 * request accepts a coding (HTTP's rules, q-values included) and the build wrote that twin of the
 * file (`.br`, `.gz`), the twin is sent. `send` (express.static's own) answers `If-None-Match` with
 * 304, and sends failed preconditions (412) and ranges past the end (416) to the app's error handler.
 */
export function serveClientBuild(root: string): RequestHandler {
  const files = listFiles(root)
  return (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next()
    const pathname = decodedPath(req.path)
    if (pathname === undefined || !files.has(pathname)) return next()
    const coding =
      preferredEncodings(req.headers['accept-encoding']).find((c) => files.has(pathname + TWIN_EXTENSION[c])) ??
      'identity'
    const immutable = pathname.startsWith('/assets/')
    send(req, pathname + TWIN_EXTENSION[coding], {
      root,
      index: false,
      dotfiles: 'deny',
      immutable,
      maxAge: immutable ? '1y' : '1d',
    })
      .on('headers', (sent: Response) => {
        // Express's names for the types (with their charset), whichever twin is sent.
        sent.type(path.extname(pathname))
        sent.vary('Accept-Encoding')
        if (coding !== 'identity') sent.setHeader('Content-Encoding', coding)
      })
      .on('error', next)
      .pipe(res)
  }
}

/**
 * A folder of files (seed and generated photographs) as they are. A folder of them is no address:
 * it answers 404 like any other, since `serve-static`'s redirect to `folder/` and the pages' redirect
 * away from a trailing slash would send each other round for ever.
 */
export function serveFolder(
  root: string,
  cache: { maxAge: string; immutable?: boolean; cacheControl?: false },
): RequestHandler {
  return express.static(root, { ...cache, index: false, redirect: false })
}
