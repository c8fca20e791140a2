/**
 * Every error status the server sends, each brought about the way a client would, sent raw (exact
 * path and headers, no decoding): its own sentence, a Content-Type that describes the body actually
 * sent (never the type of the file that was asked for), no compression header over a plain body, and
 * nothing a cache would keep.
 */
import { request as httpRequest } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { Server } from 'node:http'
import { writeFile } from 'node:fs/promises'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { seedProducts } from '../../data/seed/products.ts'
import { StoreWriteError } from '../../data/store.server.ts'
import { createSite } from '../../server/site.server.ts'
import { siteRoutes } from '../../server/routes/site-routes.server.ts'
import { READABLE } from '../../server/http/http-errors.server.ts'
import { createLogger } from '../../server/logger.server.ts'
import { createServices } from '../../server/services.server.ts'
import { startFakeOpenAIForSdk, type FakeOpenAI } from '../helpers/fake-openai.ts'
import { createTestApp, type TestServer } from '../helpers/server.ts'
import { basicAuth } from '../helpers/basic-auth.ts'

const PASSWORD = 'correct horse battery'
const enquiry = JSON.stringify({
  firstName: 'Jane',
  lastName: 'Smith',
  email: 'jane@example.com',
  subject: 'general',
  message: 'A question about the briefcase.',
})
const JSON_TYPE = { 'Content-Type': 'application/json' }

type Answer = { status: number; headers: Record<string, string | string[] | undefined>; body: string }

let fake: FakeOpenAI
let t: TestServer
let server: Server
let base: string

beforeAll(async () => {
  fake = await startFakeOpenAIForSdk()
  t = await createTestApp({
    env: {
      SITE_URL: 'https://www.example.co.uk',
      ADMIN_PASSWORD: PASSWORD,
      OPENAI_API_KEY: 'sk-test-not-a-real-key',
      OPENAI_MAX_RETRIES: '0',
      CONTACT_RATE_LIMIT: '1',
    },
    prepare: (dir) =>
      writeFile(path.join(dir, 'db.json'), JSON.stringify({ products: seedProducts.slice(0, 2), messages: [] })),
  })
  // The production app plus one route that fails as a bug would.
  const logger = createLogger('silent')
  const real = createServices({ config: t.config, store: t.store, logger })
  const { app } = await createSite({ config: t.config, store: t.store, logger, services: real }, (deps) => {
    const routes = siteRoutes(deps)
    return {
      ...routes,
      api(a) {
        a.get('/api/fault', () => {
          throw new Error('a bug')
        })
        routes.api(a)
      },
    }
  })
  server = app.listen(0, '127.0.0.1')
  await new Promise<void>((resolve) => server.once('listening', () => resolve()))
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})
afterAll(async () => {
  server?.closeAllConnections()
  await new Promise<void>((resolve) => server?.close(() => resolve()))
  await t?.close()
  await fake?.close()
})

function send(method: string, p: string, headers: Record<string, string> = {}, body?: string): Promise<Answer> {
  const { port } = new URL(base)
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, method, path: p, headers }, (res) => {
      let text = ''
      res.setEncoding('utf8')
      res.on('data', (c) => (text += c))
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: text }))
    })
    req.on('error', reject)
    req.end(body)
  })
}

type Case = {
  status: number
  what: string
  answer: () => Promise<Answer>
  body: 'json' | 'text' | 'html'
  sentence?: string | RegExp
}

const CASES: Case[] = [
  {
    status: 400,
    what: 'a body that is not valid JSON',
    answer: () => send('POST', '/api/contact', JSON_TYPE, '{"firstName": '),
    body: 'json',
    sentence: 'The request body is not valid JSON.',
  },
  {
    status: 400,
    what: 'a broken escape in an API address',
    answer: () => send('GET', '/api/products?x=%E0%A4%A'),
    body: 'json',
  },
  { status: 400, what: 'a broken escape in a page address', answer: () => send('GET', '/%E0%A4%A'), body: 'text' },
  {
    status: 400,
    what: "an owner's form with more fields than it has (a small body, not a large one)",
    answer: () =>
      send(
        'POST',
        '/admin/products/oxford-brogue/photos/change',
        { Authorization: basicAuth(PASSWORD), 'Content-Type': 'application/x-www-form-urlencoded' },
        'src=/x&action=main&version=1&a=1&b=2&c=3',
      ),
    body: 'json',
    sentence: 'The form sent more fields than it has: nothing was changed.',
  },
  {
    status: 401,
    what: 'the generation API without the password',
    answer: () => send('POST', '/api/generate-images'),
    body: 'json',
  },
  { status: 401, what: '/admin without the password', answer: () => send('GET', '/admin'), body: 'text' },
  {
    status: 403,
    what: 'a post from another website',
    answer: () => send('POST', '/api/contact', { ...JSON_TYPE, 'Sec-Fetch-Site': 'cross-site' }, enquiry),
    body: 'json',
  },
  { status: 404, what: 'an unknown API', answer: () => send('GET', '/api/nothing-here'), body: 'json' },
  {
    status: 404,
    what: 'an unknown asset',
    answer: () => send('GET', '/assets/nothing-here.js'),
    body: 'json',
    sentence: READABLE[404],
  },
  {
    status: 404,
    what: 'an unknown page',
    answer: () => send('GET', '/no-such-page'),
    body: 'html',
    sentence: /Page Not Found/,
  },
  {
    status: 404,
    what: 'following a run when none is going on',
    answer: () => send('GET', '/api/generate-images/events', { Authorization: basicAuth(PASSWORD) }),
    body: 'json',
  },
  {
    status: 405,
    what: 'a POST to a page',
    answer: () => send('POST', '/'),
    body: 'json',
    sentence: 'This address can only be read (GET or HEAD), not sent a POST request.',
  },
  { status: 405, what: 'a DELETE of an asset', answer: () => send('DELETE', '/assets/nothing-here.js'), body: 'json' },
  { status: 405, what: 'a PUT on a static file', answer: () => send('PUT', '/favicon.svg'), body: 'json' },
  {
    status: 412,
    what: 'If-Match on a static file',
    answer: () => send('GET', '/favicon.svg', { 'If-Match': '"x"' }),
    body: 'json',
    sentence: READABLE[412],
  },
  {
    status: 412,
    what: 'If-Match on a precompressed static file',
    answer: () => send('GET', '/favicon.svg', { 'If-Match': '"x"', 'Accept-Encoding': 'br, gzip' }),
    body: 'json',
    sentence: READABLE[412],
  },
  {
    status: 412,
    what: 'If-Unmodified-Since in the past on a seed image',
    answer: () => send('GET', '/images/seed/tote-bag.svg', { 'If-Unmodified-Since': 'Mon, 01 Jan 2001 00:00:00 GMT' }),
    body: 'json',
    sentence: READABLE[412],
  },
  {
    status: 413,
    what: 'an enquiry over the size limit',
    answer: () => send('POST', '/api/contact', JSON_TYPE, JSON.stringify({ message: 'x'.repeat(64 * 1024) })),
    body: 'json',
  },
  {
    status: 415,
    what: 'an enquiry that is not JSON',
    answer: () => send('POST', '/api/contact', { 'Content-Type': 'text/plain' }, 'hello'),
    body: 'json',
  },
  {
    status: 416,
    what: 'a range past the end of a static file',
    answer: () => send('GET', '/favicon.svg', { Range: 'bytes=999999-' }),
    body: 'json',
    sentence: READABLE[416],
  },
  {
    status: 416,
    what: 'a range past the end of a precompressed static file',
    answer: () => send('GET', '/favicon.svg', { Range: 'bytes=999999-', 'Accept-Encoding': 'gzip' }),
    body: 'json',
    sentence: READABLE[416],
  },
  {
    status: 416,
    what: 'a range past the end of a seed image',
    answer: () => send('GET', '/images/seed/tote-bag.svg', { Range: 'bytes=999999-' }),
    body: 'json',
    sentence: READABLE[416],
  },
  {
    status: 500,
    what: 'an exception in a route',
    answer: () => send('GET', '/api/fault'),
    body: 'json',
    sentence: READABLE[500],
  },
]

describe('every error answer', () => {
  const seen = new Set<number>()

  function check(c: Pick<Case, 'status' | 'what' | 'body' | 'sentence'>, res: Answer) {
    const what = `${c.status} ${c.what}`
    seen.add(res.status)
    expect(res.status, what).toBe(c.status)
    const type = String(res.headers['content-type'])
    // The type of the body actually sent, never the type of the file asked for, and no claim of compression.
    expect(res.headers['content-encoding'], what).toBeUndefined()
    expect(type, what).not.toMatch(/^image\/|javascript|css/)
    // Never kept by a cache for long: an error answer is for now only.
    expect(String(res.headers['cache-control'] ?? ''), what).not.toMatch(/max-age=[1-9]|immutable|public/)
    let sentence: string
    if (c.body === 'json') {
      expect(type, what).toBe('application/json; charset=utf-8')
      sentence = (JSON.parse(res.body) as { error: string }).error
    } else if (c.body === 'text') {
      expect(type, what).toMatch(/^text\/plain/)
      sentence = res.body.trim()
    } else {
      expect(type, what).toMatch(/^text\/html/)
      sentence = /<title>([^<]*)<\/title>/.exec(res.body)?.[1] ?? ''
    }
    if (c.body !== 'html') expect(sentence, what).toMatch(/^[A-Z].*[.)]$/)
    if (c.sentence)
      expect(sentence, what).toMatch(
        typeof c.sentence === 'string'
          ? new RegExp(`^${c.sentence.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`)
          : c.sentence,
      )
    // Its own sentence: a 4xx never says the server failed.
    if (c.status < 500) expect(sentence, what).not.toBe(READABLE[500])
    expect(res.body, what).not.toMatch(/\bat [\w.<>]+ \(|node_modules|\.tsx?:\d+/)
  }

  for (const c of CASES) {
    it(`${c.status}: ${c.what}`, async () => check(c, await c.answer()))
  }

  it('416 says how long the file is, in Content-Range', async () => {
    const res = await send('GET', '/favicon.svg', { Range: 'bytes=999999-' })
    expect(res.headers['content-range']).toMatch(/^bytes \*\/\d+$/)
    expect((await send('POST', '/')).headers.allow).toBe('GET, HEAD')
  })

  it('409: a second run while one is going on', async () => {
    fake.set({ delayMs: 200 })
    const first = send('POST', '/api/generate-images', { Authorization: basicAuth(PASSWORD) })
    await expect.poll(() => fake.requests.length, { timeout: 30_000 }).toBeGreaterThan(0)
    check(
      { status: 409, what: 'a second run', body: 'json', sentence: /already running/ },
      await send('POST', '/api/generate-images', { Authorization: basicAuth(PASSWORD) }),
    )
    expect((await first).status).toBe(200)
    fake.set({ delayMs: 0 })
  })

  it('503: an enquiry the data file cannot take', async () => {
    // Before the 429 test: an enquiry that was not saved does not count towards the limit.
    vi.spyOn(t.store, 'addEnquiry').mockRejectedValueOnce(new StoreWriteError('Could not write'))
    check(
      { status: 503, what: 'a full or read-only disk', body: 'json', sentence: /could not be saved just now/ },
      await send('POST', '/api/contact', JSON_TYPE, enquiry),
    )
  })

  it('429: too many enquiries, and too many wrong admin passwords (page and API)', async () => {
    expect((await send('POST', '/api/contact', JSON_TYPE, enquiry)).status).toBe(201)
    check(
      {
        status: 429,
        what: 'a second enquiry',
        body: 'json',
        sentence: /You have sent a message in the last 10 minutes/,
      },
      await send('POST', '/api/contact', JSON_TYPE, enquiry),
    )
    for (let i = 0; i < 5; i++) await send('GET', '/admin', { Authorization: basicAuth(`wrong-guess-${i}`) })
    check(
      { status: 429, what: 'the locked-out page', body: 'text', sentence: /^Too many wrong admin passwords/ },
      await send('GET', '/admin'),
    )
    check(
      { status: 429, what: 'the locked-out API', body: 'json', sentence: /^Too many wrong admin passwords/ },
      await send('GET', '/api/generate-images'),
    )
  })

  it('covers every error status the server sends', () => {
    expect([...seen].sort()).toEqual([400, 401, 403, 404, 405, 409, 412, 413, 415, 416, 429, 500, 503])
  })
})
