import { createHash, timingSafeEqual } from 'node:crypto'
import type { RequestHandler } from 'express'

export const ADMIN_USER = 'admin'
export const ADMIN_REALM_HEADER = 'Basic realm="Admin", charset="UTF-8"'

/** SHA-256 first, so both sides have the same length and the comparison takes the same time whatever was sent. */
function sameSecret(given: string, expected: string): boolean {
  const a = createHash('sha256').update(given, 'utf8').digest()
  const b = createHash('sha256').update(expected, 'utf8').digest()
  return timingSafeEqual(a, b)
}

/** True when the Authorization header carries Basic credentials for user `admin` with `password`. */
export function isAdmin(authorization: string | undefined, password: string): boolean {
  const m = /^Basic\s+([A-Za-z0-9+/=._~-]+)\s*$/i.exec(authorization ?? '')
  if (!m) return false
  const decoded = Buffer.from(m[1]!, 'base64').toString('utf8')
  const colon = decoded.indexOf(':')
  if (colon < 0) return false
  const userOk = sameSecret(decoded.slice(0, colon), ADMIN_USER)
  const passwordOk = sameSecret(decoded.slice(colon + 1), password)
  return userOk && passwordOk
}

/**
 * HTTP Basic protection for /admin and the generation API when ADMIN_PASSWORD is set (CONTRACT).
 * The browser shows its own prompt on the 401; the site has no login screen. Without a password
 * everything passes (the server warns about that at start-up when an OpenAI key is set).
 */
export function requireAdmin(password: string | undefined, answer: 'json' | 'text'): RequestHandler {
  return (req, res, next) => {
    if (!password || isAdmin(req.get('authorization'), password)) return next()
    res.setHeader('WWW-Authenticate', ADMIN_REALM_HEADER)
    res.setHeader('Cache-Control', 'no-store')
    if (answer === 'json') {
      res.status(401).json({ error: 'Sign in as admin with the admin password to generate product images.' })
    } else {
      res.status(401).type('text/plain; charset=utf-8').send('This page is for the shop owner: sign in as admin with the admin password.\n')
    }
  }
}
