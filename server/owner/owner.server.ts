import type { IncomingMessage } from 'node:http'
import type { Request, RequestHandler, Response } from 'express'
import type { RateLimitRequestHandler } from 'express-rate-limit'
import { failedLogins, forgetFailures, lockedFor } from './failed-logins.server.ts'
import { isFromThisMachine } from './from-this-machine.server.ts'
import { carriesOwnerPassword } from './owner-password.server.ts'

const REALM_HEADER = 'Basic realm="Admin", charset="UTF-8"'

/** ADMIN_PASSWORD, and the count of wrong passwords the workspace, its API, image generation and /healthz share. */
export type OwnerCheck = { password: string | undefined; failures: RateLimitRequestHandler }

/** Built once: one count of wrong passwords for every way in, so guessing cannot alternate between them. */
export function ownerCheck(password: string | undefined): OwnerCheck {
  return { password, failures: failedLogins() }
}

/** The owner check's answer, kept on the owner's request for the layers after it; set here alone. */
const ownerRequests = new WeakMap<Response, Partial<Vike.PageContext>>()

/** Whether the owner check found this request to be the owner's. */
export function isOwnerRequest(res: Response): boolean {
  return ownerRequests.has(res)
}

/** What the owner's pages are handed for this request; undefined for anyone else's. */
export function ownerPageContext(res: Response): Partial<Vike.PageContext> | undefined {
  return ownerRequests.get(res)
}

/** Adds to what the owner's page is handed; nothing for anyone else's request. */
export function addToOwnerPage(res: Response, more: Partial<Vike.PageContext>): void {
  const own = ownerRequests.get(res)
  if (own) ownerRequests.set(res, { ...own, ...more })
}

export type Verdict = 'owner' | 'visitor' | 'answered'

/** How an answer is sent (JSON for an API, a sentence for a page) and what it asks of someone not signed in. */
export type Refusal = { answer: 'json' | 'text'; signIn: string }

/** An answer about the owner's credentials or workspace: kept by no cache, shared or not, and by no search engine. */
export function privateAnswer(res: Response): void {
  res.setHeader('Cache-Control', 'private, no-store')
  res.setHeader('X-Robots-Tag', 'noindex')
}

/**
 * Who is asking. With ADMIN_PASSWORD set: the owner once signed in with HTTP Basic auth (user
 * `admin`), otherwise answered 401 (the browser shows its own prompt; the site has no login screen)
 * or 429 after repeated wrong passwords. Without a password: the owner when the request comes from
 * the server machine itself, a visitor otherwise. The owner's request is marked for the layers after.
 */
export async function identify(req: Request, res: Response, check: OwnerCheck, refusal: Refusal): Promise<Verdict> {
  const verdict = await verdictOf(req, res, check, refusal)
  if (verdict === 'owner') ownerRequests.set(res, { ownerAccess: 'owner' })
  return verdict
}

async function verdictOf(
  req: Request,
  res: Response,
  { password, failures }: OwnerCheck,
  { answer, signIn }: Refusal,
): Promise<Verdict> {
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
  if (carriesOwnerPassword(req.get('authorization'), password)) {
    await forgetFailures(failures, req)
    return 'owner'
  }
  res.setHeader('WWW-Authenticate', REALM_HEADER)
  send(401, signIn)
  return 'answered'
}

/**
 * Asked without answering for it (/healthz): the right password,
 * counted towards the same lock-out, or this machine when none is set.
 */
export async function isOwnerAsking(req: Request, res: Response, { password, failures }: OwnerCheck): Promise<boolean> {
  if (!password) return isFromThisMachine(req)
  if ((await lockedFor(failures, req, res)) > 0 || !carriesOwnerPassword(req.get('authorization'), password))
    return false
  await forgetFailures(failures, req)
  return true
}

/**
 * The owner, as a request for a file is told apart (the owner check without its answers): signed in,
 * or on the server machine when no password is set; a wrong password is not counted.
 */
export function ownerLooking(req: Request, password: string | undefined): boolean {
  return password ? carriesOwnerPassword(req.get('authorization'), password) : isFromThisMachine(req)
}

/** Signed in with the owner's password, without counting a wrong one (a page view or hand-off is not a sign-in). */
export function signedInAsOwner(req: IncomingMessage, password: string | undefined): boolean {
  return password ? carriesOwnerPassword(req.headers.authorization, password) : false
}

/** An API for the owner only: anyone else gets 401 (password set) or 403 with `refused` (not this machine). */
export function requireOwner(
  check: OwnerCheck,
  { signIn, refused }: { signIn: string; refused: string },
): RequestHandler {
  return async (req, res, next) => {
    privateAnswer(res)
    const verdict = await identify(req, res, check, { answer: 'json', signIn })
    if (verdict === 'owner') return next()
    if (verdict === 'visitor') {
      res.status(403).json({ error: refused })
    }
  }
}
