import type { IncomingMessage } from 'node:http'
import type { Request, RequestHandler, Response } from 'express'
import type { RateLimitRequestHandler } from 'express-rate-limit'
import type { OwnerAccess } from '../../domain/owner.ts'
import { plainPathOf, sitePath } from '../http/request-target.server.ts'
import { privateAnswer } from '../http/security.server.ts'
import { failedLogins, forgetFailures, lockedFor } from './failed-logins.server.ts'
import { isFromThisMachine } from './from-this-machine.server.ts'
import { carriesOwnerPassword } from './owner-password.server.ts'
import { ownerAddress } from './owner-paths.server.ts'

/**
 * Whether a request is the owner's is decided here alone (docs/decisions.md, The owner's workspace): the
 * middleware (whoAsks) for the owner's addresses, identify for the few other layers that must know.
 */

declare global {
  namespace Express {
    interface Locals {
      /** Who asks, on the owner's addresses alone: set by whoAsks, handed to the page context. */
      owner?: OwnerAccess
    }
  }
}

const REALM_HEADER = 'Basic realm="Admin", charset="UTF-8"'

/** ADMIN_PASSWORD, and the count of wrong passwords the workspace, its API, image generation and /healthz share. */
export type OwnerCheck = {
  password: string | undefined
  failures: RateLimitRequestHandler
  /**
   * Signed in with the password (never this machine), a wrong one not counted: the question of the
   * page views and hand-offs, which a cache hit asks too, before any middleware.
   */
  signedIn: (req: IncomingMessage) => boolean
}

/** Built once: one count of wrong passwords for every way in, so guessing cannot alternate between them. */
export function ownerCheck(password: string | undefined): OwnerCheck {
  return {
    password,
    failures: failedLogins(),
    signedIn: (req) => (password ? carriesOwnerPassword(req.headers.authorization, password) : false),
  }
}

type Verdict = OwnerAccess | 'answered'

/** How someone not signed in is answered (JSON for an API, a sentence for a page) and what they are asked. */
type Refusal = { answer: 'json' | 'text'; signIn: string }

/**
 * Who is asking. With ADMIN_PASSWORD set: the owner once signed in with HTTP Basic auth (user `admin`), a wrong
 * password counted towards the lock-out. Without one: the owner when the request comes from the server machine
 * itself. With a `refusal`, anyone else is answered here (401, so the browser shows its own prompt, or 429
 * after repeated wrong passwords) and the verdict is 'answered'; without one, only said (/healthz).
 */
export async function identify(
  req: Request,
  res: Response,
  { password, failures }: OwnerCheck,
  refusal?: Refusal,
): Promise<Verdict> {
  if (!password) return isFromThisMachine(req) ? 'owner' : 'visitor'
  const send = (status: number, sentence: string) => {
    privateAnswer(res)
    if (refusal?.answer === 'json') res.status(status).json({ error: sentence })
    else res.status(status).type('text/plain; charset=utf-8').send(`${sentence}\n`)
  }
  const wait = await lockedFor(failures, req, res)
  if (wait > 0) {
    if (!refusal) return 'visitor'
    res.setHeader('Retry-After', String(wait))
    send(429, `Too many wrong admin passwords from your address. Please try again in ${Math.ceil(wait / 60)} minutes.`)
    return 'answered'
  }
  if (carriesOwnerPassword(req.get('authorization'), password)) {
    await forgetFailures(failures, req)
    return 'owner'
  }
  if (!refusal) return 'visitor'
  res.setHeader('WWW-Authenticate', REALM_HEADER)
  send(401, refusal.signIn)
  return 'answered'
}

/**
 * The one owner check, before any route and before the address is made plain, so every spelling of an owner's
 * address gets it: the owner goes on with the answer in `res.locals.owner` (the page context's `owner`);
 * anyone else is refused here, but for `/admin` itself, which shows a visitor how the owner turns it on (403).
 */
export function whoAsks(check: OwnerCheck): RequestHandler {
  return async (req, res, next) => {
    const address = ownerAddress(sitePath(req))
    if (!address) return next()
    const verdict = await identify(req, res, check, address)
    if (verdict === 'answered') return
    res.locals.owner = verdict
    if (verdict === 'owner') return next()
    const page = plainPathOf(req)
    if ((req.method === 'GET' || req.method === 'HEAD') && page && address.shownToVisitors?.includes(page)) {
      res.status(403)
      return next()
    }
    if (address.answer === 'json') res.status(403).json({ error: address.refused })
    else res.status(403).type('text/plain; charset=utf-8').send(`${address.refused}\n`)
  }
}
