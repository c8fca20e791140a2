/**
 * RELIABILITY.md §7, operations, on the real server as a child process: one JSON log line per request and
 * per error, with no message text, visitor details or passwords in them; /healthz tells an uptime
 * monitor whether the data file can be written.
 */
import { mkdtemp, rm } from 'node:fs/promises'
import os from 'node:os'
import { monitorEventLoopDelay } from 'node:perf_hooks'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { freePort, spawnServer, type ChildServer } from '../../support/child-server.ts'
import { makeReadOnly, makeWritable } from '../helpers/read-only.ts'
import { basicAuth } from '../helpers/basic-auth.ts'

const ADMIN_PASSWORD = 'Hunter2-Secret!'
const SMTP_PASSWORD = 'Smtp-Pass-991'

/** Things that must never reach the log. */
const SECRETS = {
  'the message text': 'Purple elephants dance at 7731 midnight',
  'the no-JS message text': 'Tangerine walrus sings 4410 lullabies',
  "the visitor's e-mail": 'marker.visitor@example.org',
  "the visitor's name": 'Quillonia',
  'the admin password': ADMIN_PASSWORD,
  'the admin credentials (base64)': basicAuth(ADMIN_PASSWORD).slice(6),
  'a wrong password': 'Wrong-Guess-123',
  'a cookie': 'Cookie-Secret-55',
  'the SMTP password': SMTP_PASSWORD,
}

type LogLine = {
  level: number
  msg: string
  req?: { id: number; method: string; url: string; headers?: Record<string, string> }
  res?: { statusCode: number }
  err?: unknown
  [k: string]: unknown
}

let dir: string
let server: ChildServer
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'operations-'))
  server = await spawnServer({
    DATA_FILE: path.join(dir, 'db.json'),
    LOG_LEVEL: 'info',
    CONTACT_RATE_LIMIT: '0',
    ADMIN_PASSWORD,
    // A mail server that is down, so the log also shows a failed delivery, with its URL's password.
    SMTP_URL: `smtp://mailuser:${SMTP_PASSWORD}@127.0.0.1:${await freePort()}`,
  })
})
afterAll(async () => {
  server?.child.kill('SIGKILL')
  await server?.exited
  await makeWritable(dir).catch(() => {})
  await rm(dir, { recursive: true, force: true })
})

const json = (body: object) => ({
  method: 'POST',
  headers: {
    'content-type': 'application/json',
    origin: server.url,
    authorization: basicAuth(ADMIN_PASSWORD),
    cookie: `session=${SECRETS['a cookie']}`,
  },
  body: JSON.stringify(body),
})

const enquiry = (message: string) => ({
  firstName: SECRETS["the visitor's name"],
  lastName: 'Marker',
  email: SECRETS["the visitor's e-mail"],
  subject: 'general',
  message,
})

function logLines(): LogLine[] {
  return server
    .output()
    .split('\n')
    .filter((l) => l.trim() !== '')
    .map((l) => {
      try {
        return JSON.parse(l) as LogLine
      } catch {
        throw new Error(`A log line that is not JSON: ${l.slice(0, 200)}`)
      }
    })
}

describe('logs', () => {
  it(
    'writes one JSON line per request and per error, and never a message, visitor details or a password',
    { timeout: 30_000 },
    async () => {
      const u = server.url
      const made: { method: string; url: string; status: number }[] = []
      const call = async (url: string, init: RequestInit = {}) => {
        const res = await fetch(`${u}${url}`, { redirect: 'manual', ...init })
        await res.arrayBuffer()
        made.push({ method: init.method ?? 'GET', url, status: res.status })
        return res
      }

      expect((await call('/api/contact', json(enquiry(SECRETS['the message text'])))).status).toBe(201)
      const form = new URLSearchParams(enquiry(SECRETS['the no-JS message text'])).toString()
      expect(
        (
          await call('/contact', {
            method: 'POST',
            headers: { 'content-type': 'application/x-www-form-urlencoded', origin: u },
            body: form,
          })
        ).status,
      ).toBe(303)
      expect(
        (
          await call('/contact?x=1', {
            method: 'POST',
            headers: { 'content-type': 'application/x-www-form-urlencoded', origin: u },
            body: form.replace('general', 'nonsense'),
          })
        ).status,
      ).toBe(303)
      expect((await call('/admin', { headers: { authorization: basicAuth(ADMIN_PASSWORD) } })).status).toBe(200)
      expect(
        (await call('/admin', { headers: { authorization: basicAuth(SECRETS['a wrong password']) } })).status,
      ).toBe(401)
      expect(
        (await call('/api/contact', { ...json({}), body: `{"message": "${SECRETS['the message text']}` })).status,
      ).toBe(400)
      expect((await call('/products?category=bags')).status).toBe(200)
      expect((await call('/api/nope')).status).toBe(404)

      // An error: the data folder turns read-only under an enquiry.
      await makeReadOnly(dir)
      try {
        expect((await call('/api/contact', json(enquiry(SECRETS['the message text'])))).status).toBe(503)
      } finally {
        await makeWritable(dir)
      }

      // Let the outbox try the mail server (it is down) and log that.
      await expect
        .poll(() => logLines().some((l) => l.msg === 'Enquiry e-mail not sent; will retry'), { timeout: 10_000 })
        .toBe(true)

      // Lines are written once each response has finished; give the pipe a moment to carry them.
      await expect
        .poll(() => logLines().filter((l) => l.req && l.res).length, { timeout: 30_000 })
        .toBeGreaterThanOrEqual(made.length)
      const lines = logLines()
      // One line per request: pino-http's, naming method, address and status.
      for (const m of made) {
        // The path only: a query's values (what someone typed) never reach the log.
        const url = m.url.replace(/\?.*/, '?[redacted]')
        const mine = lines.filter(
          (l) => l.req && l.res && l.req.method === m.method && l.req.url === url && l.res.statusCode === m.status,
        )
        expect(mine, `${m.method} ${m.url} → ${m.status}`).toHaveLength(1)
      }
      const requestLines = lines.filter((l) => l.req && l.res)
      expect(requestLines).toHaveLength(made.length)

      // One line per error, at error level, carrying the reason (and tied to its request).
      const errors = lines.filter((l) => l.level >= 50)
      expect(errors).toHaveLength(1)
      expect(errors[0]).toMatchObject({
        msg: 'enquiry not saved',
        err: expect.objectContaining({ message: expect.stringMatching(/Could not write/) }),
      })
      expect(errors[0]!.req).toBeDefined()

      // Nothing private anywhere in the log, including the failed-delivery line.
      const text = server.output()
      for (const [what, secret] of Object.entries(SECRETS))
        expect(text.includes(secret), `${what} is in the log`).toBe(false)
      // Request lines are compact: method, URL and address, never headers (credentials, cookies).
      const withAuth = requestLines.find((l) => l.req!.url === '/admin')!
      expect(withAuth.req).toMatchObject({ method: 'GET', url: '/admin' })
      expect(withAuth.req!.headers).toBeUndefined()
    },
  )
})

describe('/healthz', () => {
  it('answers 503 while the data folder is read-only and 200 when it is writable again', async () => {
    const health = async () => {
      const res = await fetch(`${server.url}/healthz`)
      return { status: res.status, body: (await res.json()) as { status: string; error?: string } }
    }
    expect(await health()).toEqual({ status: 200, body: { status: 'ok' } })
    await makeReadOnly(dir)
    try {
      expect(await health()).toEqual({
        status: 503,
        body: { status: 'degraded', error: 'The data file cannot be written.' },
      })
    } finally {
      await makeWritable(dir)
    }
    expect(await health()).toEqual({ status: 200, body: { status: 'ok' } })
  })

  it('reports memory and event-loop delay on request (?detail=1) to the owner, for the load benchmark', async () => {
    const owner = { headers: { authorization: basicAuth(ADMIN_PASSWORD) } }
    expect(await (await fetch(`${server.url}/healthz?detail=1`)).json()).toEqual({ status: 'ok' })
    const first = (await (await fetch(`${server.url}/healthz?detail=1`, owner)).json()) as {
      detail: { memory: { rssBytes: number }; eventLoopDelayMs: unknown }
    }
    expect(first.detail.memory.rssBytes).toBeGreaterThan(10 * 1024 * 1024)
    // The baseline: this process's own loop over the same half second, measured the way the server does.
    const here = monitorEventLoopDelay({ resolution: 10 })
    here.enable()
    await new Promise((r) => setTimeout(r, 500)) // a sampling window: the time itself is what is measured
    here.disable()
    const second = (await (await fetch(`${server.url}/healthz?detail=1`, owner)).json()) as {
      detail: { eventLoopDelayMs: { p50: number; p99: number; max: number; samplingMs: number } }
    }
    const loop = second.detail.eventLoopDelayMs
    expect(loop.samplingMs).toBeGreaterThanOrEqual(450) // since the previous detail request
    expect(Number.isFinite(loop.p50)).toBe(true)
    expect(loop.max).toBeGreaterThanOrEqual(loop.p99)
    expect(loop.p99).toBeGreaterThanOrEqual(loop.p50)
    // An idle server's loop is no later than an idle test process's on the same machine, however busy the machine is.
    const baselineP50 = Math.max(0, here.percentile(50) / 1e6 - 10)
    expect(loop.p50).toBeLessThanOrEqual(Math.max(4 * baselineP50, 5))
    expect(JSON.stringify(second)).not.toContain(dir) // numbers only: no paths
  })
})
