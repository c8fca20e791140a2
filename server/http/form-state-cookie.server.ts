import { createHmac, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto'
import { readFile, rm, writeFile } from 'node:fs/promises'
import { deflateRawSync, inflateRawSync } from 'node:zlib'
import { parse as parseCookies } from 'cookie'
import type { Request, Response } from 'express'
import type { Logger } from 'pino'

/**
 * A post/redirect/get form's state kept in the browser, not server memory (survives a restart, nothing personal
 * in the address): signed, deflated JSON bound to `?form=<uuid>`, split over MAX_CHUNKS ~4 KB cookies.
 */

/** Characters per cookie: a browser keeps name and value up to 4096 bytes; the attributes fit beside. */
const CHUNK_LENGTH = 3500
/** Keeps the Cookie header under 8 KB, nginx's default longest header line. */
export const MAX_CHUNKS = 2
/** Anything inflating past this was not written by us (the signature would have failed first). */
const MAX_JSON_BYTES = 256 * 1024

export type FormStateCookieOptions<T> = {
  /** The cookies are `${name}.0`, `${name}.1`… */
  name: string
  /** The page the state is for: the browser sends the cookie there alone. */
  path: string
  maxAgeMs: number
  /** The signing key (see formStateKey). */
  key: () => Promise<Buffer>
  /** Checks the shape of what a valid cookie carried (it may come from an older version of the site). */
  parse: (state: unknown) => T | undefined
}

type Envelope = { id: string; exp: number; state: unknown }

export class FormStateCookie<T> {
  constructor(private readonly options: FormStateCookieOptions<T>) {}

  /** Undefined when the state is too large for MAX_CHUNKS cookies (nothing is set then). */
  async put(req: Request, res: Response, state: T, now = Date.now()): Promise<string | undefined> {
    const id = randomUUID()
    const envelope: Envelope = { id, exp: now + this.options.maxAgeMs, state }
    const payload = deflateRawSync(JSON.stringify(envelope)).toString('base64url')
    const value = `${payload}.${sign(await this.options.key(), this.options.name, payload)}`
    const chunks = Math.ceil(value.length / CHUNK_LENGTH)
    if (chunks > MAX_CHUNKS) return undefined
    const attributes = { path: this.options.path, httpOnly: true, sameSite: 'lax', secure: req.secure } as const
    for (let i = 0; i < MAX_CHUNKS; i++) {
      const name = `${this.options.name}.${i}`
      if (i < chunks)
        res.cookie(name, value.slice(i * CHUNK_LENGTH, (i + 1) * CHUNK_LENGTH), {
          ...attributes,
          maxAge: this.options.maxAgeMs,
        })
      else if (this.cookiesOf(req)[name] !== undefined) res.clearCookie(name, attributes) // left from a longer state
    }
    return id
  }

  /**
   * The state the request's cookies carry for the id in its
   * `?form=`, or undefined (none, expired, tampered, another id).
   */
  async read(req: Request, now = Date.now()): Promise<T | undefined> {
    const id = req.query.form
    if (typeof id !== 'string') return undefined
    const cookies = this.cookiesOf(req)
    let value = ''
    for (let i = 0; i < MAX_CHUNKS && cookies[`${this.options.name}.${i}`] !== undefined; i++)
      value += cookies[`${this.options.name}.${i}`]
    const dot = value.lastIndexOf('.')
    if (dot < 1) return undefined
    const payload = value.slice(0, dot)
    const given = Buffer.from(value.slice(dot + 1), 'base64url')
    const expected = Buffer.from(sign(await this.options.key(), this.options.name, payload), 'base64url')
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined
    let envelope: Envelope
    try {
      envelope = JSON.parse(
        inflateRawSync(Buffer.from(payload, 'base64url'), { maxOutputLength: MAX_JSON_BYTES }).toString('utf8'),
      ) as Envelope
    } catch {
      return undefined
    }
    if (envelope?.id !== id || !(envelope.exp > now)) return undefined
    return this.options.parse(envelope.state)
  }

  /** Removes the state's cookies the request carries (once the form went through). */
  clear(req: Request, res: Response): void {
    const cookies = this.cookiesOf(req)
    for (let i = 0; i < MAX_CHUNKS; i++) {
      const name = `${this.options.name}.${i}`
      if (cookies[name] !== undefined)
        res.clearCookie(name, { path: this.options.path, httpOnly: true, sameSite: 'lax', secure: req.secure })
    }
  }

  private cookiesOf(req: Request): Record<string, string | undefined> {
    return req.headers.cookie ? parseCookies(req.headers.cookie) : {}
  }
}

function sign(key: Buffer, name: string, payload: string): string {
  // The cookie's name is signed too, so a value made for one form cannot be replayed as another's.
  return createHmac('sha256', key).update(`${name}\n${payload}`).digest('base64url')
}

/**
 * Kept in a file so returned forms survive a restart; created on first use; a per-process key when the disk refuses.
 */
export function formStateKey(file: string, logger: Logger): () => Promise<Buffer> {
  let key: Promise<Buffer> | undefined
  return () => (key ??= loadOrCreate(file, logger))
}

async function loadOrCreate(file: string, logger: Logger): Promise<Buffer> {
  const existing = await readFile(file, 'utf8')
    .then(
      (text) => text.trim(),
      (err: NodeJS.ErrnoException) => (err.code === 'ENOENT' ? undefined : Promise.reject(err)),
    )
    .catch((err: unknown) => {
      logger.warn(
        { err, file },
        'The key for returned forms cannot be read; forms sent back to visitors last until the server restarts',
      )
      return null
    })
  if (existing === null) return randomBytes(32)
  if (existing !== undefined && /^[0-9a-f]{64}$/.test(existing)) return Buffer.from(existing, 'hex')
  const key = randomBytes(32)
  try {
    // 'wx' when there is none: a second process racing to create it fails rather than replacing it.
    await writeFile(file, `${key.toString('hex')}\n`, { mode: 0o600, flag: existing === undefined ? 'wx' : 'w' })
    return key
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'EEXIST') return loadOrCreate(file, logger)
    await rm(file, { force: true }).catch(() => {}) // a half-written key is worse than none
    logger.warn(
      { err, file },
      'The key for returned forms cannot be written; forms sent back to visitors last until the server restarts',
    )
    return key
  }
}
