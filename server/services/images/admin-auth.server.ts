import { createHash, timingSafeEqual } from 'node:crypto'
import { isIP } from 'node:net'
import type { Request, RequestHandler, Response } from 'express'
import { ipKeyGenerator, rateLimit, type RateLimitRequestHandler } from 'express-rate-limit'

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

/** Headers a proxy adds when it passes on someone else's request. */
const FORWARDING_HEADERS = ['forwarded', 'x-forwarded-for', 'x-forwarded-host', 'x-real-ip', 'x-client-ip', 'true-client-ip', 'cf-connecting-ip', 'fastly-client-ip', 'via']

/** 127.0.0.0/8 or ::1, as an address (IPv4-mapped or not); a host name that merely starts with 127. is not one. */
export function isLoopbackAddress(address: string | undefined): boolean {
  return address !== undefined && isIP(address) !== 0 && (address === '::1' || /^(::ffff:)?127\./i.test(address))
}

/** The host a request names, without its port or brackets, lower-cased. */
function hostName(host: string | undefined): string {
  const h = (host ?? '').trim().toLowerCase()
  if (h.startsWith('[')) return h.slice(1, h.indexOf(']') < 0 ? undefined : h.indexOf(']'))
  const colon = h.indexOf(':')
  return colon < 0 || colon !== h.lastIndexOf(':') ? h : h.slice(0, colon)
}

/**
 * A request made on the server machine itself: its connection comes from a loopback address (or
 * from the very address it reached, as when the server is asked at its own public address), no
 * proxy passed it on, and it names this machine (localhost or an address of it), so a web page
 * whose domain an attacker points at 127.0.0.1 (DNS rebinding) does not count. The connection's
 * addresses decide, never a header alone (anyone can send one).
 */
export function isFromThisMachine(req: Request): boolean {
  const { remoteAddress, localAddress } = req.socket
  const local = isLoopbackAddress(remoteAddress) || (remoteAddress !== undefined && remoteAddress === localAddress)
  if (!local || FORWARDING_HEADERS.some((h) => req.headers[h] !== undefined)) return false
  const named = hostName(req.headers.host)
  return named === 'localhost' || isLoopbackAddress(named) || named === localAddress?.replace(/^::ffff:/i, '')
}

/**
 * The key wrong passwords are counted under: one visitor, not one socket. An IPv6 /64 is one
 * subscriber (they can pick any address in it); IPv4-mapped addresses count as IPv4; the whole
 * loopback range is one machine.
 */
export function clientKey(ip: string | undefined): string {
  if (!ip) return 'unknown'
  if (isLoopbackAddress(ip)) return 'loopback'
  return ipKeyGenerator(ip, 64)
}

export const NOT_OWNER_MESSAGE =
  'Image generation is only for the shop owner. Set ADMIN_PASSWORD (12 characters or more) on the server and sign in as admin, or use /admin on the server itself.'

export type OwnerCheck = { password: string | undefined; failures: RateLimitRequestHandler }

const WRONG_PASSWORDS = 5

/**
 * Slows password guessing: after five wrong passwords from one client within 15 minutes, that client
 * is answered 429 until the window ends, whatever it sends (so a guess made while locked tells
 * nothing). Requests without credentials (the browser's first visit, before its prompt) are not
 * counted; the right password clears the count.
 */
export function failedLogins(): RateLimitRequestHandler {
  return rateLimit({
    windowMs: 15 * 60_000,
    limit: WRONG_PASSWORDS,
    standardHeaders: false,
    legacyHeaders: false,
    requestPropertyName: 'failedLogins',
    keyGenerator: (req) => clientKey(req.ip),
    // The app warns of forwarding headers without TRUST_PROXY itself, once, naming the setting.
    validate: { xForwardedForHeader: false, forwardedHeader: false, keyGeneratorIpFallback: false },
    handler: (_req, _res, next) => next(),
  })
}

/** Counts this request's credentials, if any; resolves with the seconds until the client may try again, or 0 when it may try now. */
async function lockedFor(failures: RateLimitRequestHandler, req: Request, res: Response): Promise<number> {
  const counted = Boolean(req.get('authorization'))
  if (counted) await new Promise<void>((resolve, reject) => void failures(req, res, (err?: unknown) => (err ? reject(err) : resolve())))
  const entry = await failures.getKey(clientKey(req.ip))
  const before = (entry?.totalHits ?? 0) - (counted ? 1 : 0)
  const left = (entry?.resetTime?.getTime() ?? 0) - Date.now()
  return before >= WRONG_PASSWORDS && left > 0 ? Math.ceil(left / 1000) : 0
}

/** The owner's password, checked under the lock-out; true when it is right and the client is not locked out. */
export async function signedIn(req: Request, res: Response, { password, failures }: OwnerCheck & { password: string }): Promise<boolean> {
  if ((await lockedFor(failures, req, res)) > 0 || !isAdmin(req.get('authorization'), password)) return false
  await failures.resetKey(clientKey(req.ip))
  return true
}

export type Verdict = 'owner' | 'visitor' | 'answered'

/** An answer about the owner's credentials or workspace: kept by no cache, shared or not, and by no search engine. */
export function privateAnswer(res: Response): void {
  res.setHeader('Cache-Control', 'private, no-store')
  res.setHeader('X-Robots-Tag', 'noindex')
}

/**
 * Who is asking. With ADMIN_PASSWORD set: the owner once signed in with HTTP Basic auth (user
 * `admin`), otherwise answered 401 (the browser shows its own prompt; the site has no login screen)
 * or 429 after repeated wrong passwords. Without a password: the owner when the request comes from
 * the server machine itself, a visitor otherwise.
 */
export async function identify(req: Request, res: Response, { password, failures }: OwnerCheck, answer: 'json' | 'text', signIn?: string): Promise<Verdict> {
  if (!password) return isFromThisMachine(req) ? 'owner' : 'visitor'
  const send = (status: number, sentence: string) => {
    privateAnswer(res)
    if (answer === 'json') res.status(status).json({ error: sentence })
    else res.status(status).type('text/plain; charset=utf-8').send(`${sentence}\n`)
  }
  const wait = await lockedFor(failures, req, res)
  if (wait > 0) {
    res.setHeader('Retry-After', String(wait))
    send(429, `Too many wrong admin passwords from your address. Please try again in ${Math.ceil(wait / 60)} minutes.`)
    return 'answered'
  }
  const authorization = req.get('authorization')
  if (isAdmin(authorization, password)) {
    await failures.resetKey(clientKey(req.ip))
    return 'owner'
  }
  res.setHeader('WWW-Authenticate', ADMIN_REALM_HEADER)
  send(401, signIn ?? (answer === 'json' ? 'Sign in as admin with the admin password to generate product images.' : 'This page is for the shop owner: sign in as admin with the admin password.'))
  return 'answered'
}

/** The generation API: the owner only. Anyone else gets 401 (password set) or 403 (not this machine). */
export function requireOwner(check: OwnerCheck): RequestHandler {
  return async (req, res, next) => {
    privateAnswer(res)
    const verdict = await identify(req, res, check, 'json')
    if (verdict === 'owner') return next()
    if (verdict === 'visitor') {
      res.status(403).json({ error: NOT_OWNER_MESSAGE })
    }
  }
}
