import { createHash, timingSafeEqual } from 'node:crypto'
import { isIP } from 'node:net'
import type { Request, RequestHandler, Response } from 'express'
import { ipKeyGenerator } from 'express-rate-limit'

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

export type OwnerCheck = { password: string | undefined; failures: FailedLogins }

export type Verdict = 'owner' | 'visitor' | 'answered'

/**
 * Who is asking. With ADMIN_PASSWORD set: the owner once signed in with HTTP Basic auth (user
 * `admin`), otherwise answered 401 (the browser shows its own prompt; the site has no login screen)
 * or 429 after repeated wrong passwords. Without a password: the owner when the request comes from
 * the server machine itself, a visitor otherwise.
 */
export function identify(req: Request, res: Response, { password, failures }: OwnerCheck, answer: 'json' | 'text', signIn?: string): Verdict {
  if (!password) return isFromThisMachine(req) ? 'owner' : 'visitor'
  const client = clientKey(req.ip)
  const send = (status: number, sentence: string) => {
    res.setHeader('Cache-Control', 'no-store')
    if (answer === 'json') res.status(status).json({ error: sentence })
    else res.status(status).type('text/plain; charset=utf-8').send(`${sentence}\n`)
  }
  const wait = failures.retryAfter(client)
  if (wait > 0) {
    res.setHeader('Retry-After', String(wait))
    send(429, `Too many wrong admin passwords from your address. Please try again in ${Math.ceil(wait / 60)} minutes.`)
    return 'answered'
  }
  const authorization = req.get('authorization')
  if (isAdmin(authorization, password)) {
    failures.succeed(client)
    return 'owner'
  }
  if (authorization) failures.fail(client)
  res.setHeader('WWW-Authenticate', ADMIN_REALM_HEADER)
  send(401, signIn ?? (answer === 'json' ? 'Sign in as admin with the admin password to generate product images.' : 'This page is for the shop owner: sign in as admin with the admin password.'))
  return 'answered'
}

/** The generation API: the owner only. Anyone else gets 401 (password set) or 403 (not this machine). */
export function requireOwner(check: OwnerCheck): RequestHandler {
  return (req, res, next) => {
    const verdict = identify(req, res, check, 'json')
    if (verdict === 'owner') return next()
    if (verdict === 'visitor') {
      res.setHeader('Cache-Control', 'no-store')
      res.status(403).json({ error: NOT_OWNER_MESSAGE })
    }
  }
}
