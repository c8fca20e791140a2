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
 * Slows password guessing: after MAX_FAILURES wrong passwords from one client within the window, that
 * client is answered 429 for LOCK_MS, whatever it sends (so a guess made while locked tells nothing).
 * Requests without credentials (the browser's first visit, before its prompt) do not count.
 */
export class FailedLogins {
  private readonly byClient = new Map<string, { failures: number; since: number; lockedUntil: number }>()

  constructor(
    readonly maxFailures = 5,
    readonly windowMs = 15 * 60_000,
    readonly lockMs = 15 * 60_000,
    private readonly now: () => number = Date.now,
  ) {}

  /** Seconds until the client may try again, or 0 when it may try now. */
  retryAfter(client: string): number {
    const entry = this.byClient.get(client)
    if (!entry) return 0
    const left = entry.lockedUntil - this.now()
    return left > 0 ? Math.ceil(left / 1000) : 0
  }

  fail(client: string): void {
    const now = this.now()
    let entry = this.byClient.get(client)
    if (!entry || now - entry.since > this.windowMs) entry = { failures: 0, since: now, lockedUntil: 0 }
    entry.failures++
    if (entry.failures >= this.maxFailures) entry.lockedUntil = now + this.lockMs
    this.byClient.set(client, entry)
    if (this.byClient.size > 10_000) this.prune(now)
  }

  succeed(client: string): void {
    this.byClient.delete(client)
  }

  private prune(now: number): void {
    for (const [client, e] of this.byClient) if (e.lockedUntil < now && now - e.since > this.windowMs) this.byClient.delete(client)
  }
}

/**
 * HTTP Basic protection for /admin and the generation API when ADMIN_PASSWORD is set (CONTRACT).
 * The browser shows its own prompt on the 401; the site has no login screen. Without a password
 * everything passes (the server warns about that at start-up when an OpenAI key is set).
 */
export function requireAdmin(password: string | undefined, answer: 'json' | 'text', failures: FailedLogins): RequestHandler {
  return (req, res, next) => {
    if (!password) return next()
    const client = req.ip ?? 'unknown'
    const wait = failures.retryAfter(client)
    if (wait > 0) {
      res.setHeader('Retry-After', String(wait))
      res.setHeader('Cache-Control', 'no-store')
      const sentence = `Too many wrong admin passwords from your address. Please try again in ${Math.ceil(wait / 60)} minutes.`
      if (answer === 'json') res.status(429).json({ error: sentence })
      else res.status(429).type('text/plain; charset=utf-8').send(`${sentence}\n`)
      return
    }
    const authorization = req.get('authorization')
    if (isAdmin(authorization, password)) {
      failures.succeed(client)
      return next()
    }
    if (authorization) failures.fail(client)
    res.setHeader('WWW-Authenticate', ADMIN_REALM_HEADER)
    res.setHeader('Cache-Control', 'no-store')
    if (answer === 'json') {
      res.status(401).json({ error: 'Sign in as admin with the admin password to generate product images.' })
    } else {
      res.status(401).type('text/plain; charset=utf-8').send('This page is for the shop owner: sign in as admin with the admin password.\n')
    }
  }
}
