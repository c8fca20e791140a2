import type { Request, Response } from 'express'
import { rateLimit, type RateLimitRequestHandler } from 'express-rate-limit'
import { clientKey } from '../http/client-key.server.ts'

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

/**
 * Counts this request's credentials, if any; resolves with the
 * seconds until the client may try again, or 0 when it may try now.
 */
export async function lockedFor(failures: RateLimitRequestHandler, req: Request, res: Response): Promise<number> {
  const counted = Boolean(req.get('authorization'))
  if (counted)
    await new Promise<void>(
      (resolve, reject) => void failures(req, res, (err?: unknown) => (err ? reject(err) : resolve())),
    )
  const entry = await failures.getKey(clientKey(req.ip))
  const before = (entry?.totalHits ?? 0) - (counted ? 1 : 0)
  const left = (entry?.resetTime?.getTime() ?? 0) - Date.now()
  return before >= WRONG_PASSWORDS && left > 0 ? Math.ceil(left / 1000) : 0
}

/** The right password clears the client's count of wrong ones. */
export async function forgetFailures(failures: RateLimitRequestHandler, req: Request): Promise<void> {
  await failures.resetKey(clientKey(req.ip))
}
