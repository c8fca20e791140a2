/**
 * The owner's workspace (every `/admin/...` page, its page data, and `/api/admin/...`) behind one
 * check: a visitor gets 401 or 403 for every spelling, never a 200, and no owner answer is ever kept
 * in the page cache (whose hits are answered before any route).
 */
import fc from 'fast-check'
import { afterEach, describe, expect, it } from 'vitest'
import { rawClient, rawRequest, type RawClient } from '../helpers/raw-http.ts'
import { slash, word } from '../helpers/spellings.ts'
import { createTestApp, startTestServer, type TestServer } from '../helpers/server.ts'

const PASSWORD = 'correct horse battery'
const OWNER = `Basic ${Buffer.from(`admin:${PASSWORD}`).toString('base64')}`
const VISITOR = { 'X-Forwarded-For': '203.0.113.9' }

const PAGE_TAILS = [
  '',
  '/',
  '/index.pageContext.json',
  '/products',
  '/products/',
  '/products/oxford-brogue',
  '/products/oxford-brogue/index.pageContext.json',
  '/products/new',
  '/history',
  '/orders',
  '/orders/',
  '/orders.csv',
  '/orders/00000000-0000-4000-8000-000000000000',
  '/orders/__proto__',
  '/orders/index.pageContext.json',
  '/x',
]
const API_TAILS = ['', '/products', '/products/oxford-brogue', '/history', '/snapshots']

/** What may follow in a raw target: nothing, a query, or a fragment no browser sends. */
const ending = fc.constantFrom('', '?x=1', '#', '#x', '?#')

/** Any spelling of a workspace page or of the owner's API. */
const workspaceAddress = fc.oneof(
  fc.tuple(slash, word('admin'), fc.constantFrom(...PAGE_TAILS), ending).map(([a, b, c, d]) => `${a}${b}${c}${d}`),
  fc
    .tuple(slash, word('api'), slash, word('admin'), fc.constantFrom(...API_TAILS), ending)
    .map(([a, b, c, d, e, f]) => `${a}${b}${c}${d}${e}${f}`),
)

/** What only the owner may see: the workspace's own markup or its data. */
const ownerData = (body: string) =>
  /aria-label="Workspace"|access(&quot;|"):(&quot;|")owner|Daily limit|admin-products|"token":/.test(body)

let t: TestServer | undefined
afterEach(async () => {
  await t?.close()
  t = undefined
})

describe('the owner check, with ADMIN_PASSWORD set', () => {
  it(
    'asks a visitor to sign in (401) on every spelling of every workspace ' + 'address, and lets nothing through',
    async () => {
      t = await startTestServer({ env: { ADMIN_PASSWORD: PASSWORD } })
      const url = t.url
      await fc.assert(
        fc.asyncProperty(workspaceAddress, fc.constantFrom('GET', 'HEAD', 'POST'), async (p, method) => {
          const res = await rawRequest(url, p, {}, { method })
          // A target that does not start with a slash is no address at all: refused before any route.
          expect(res.status, `${method} ${p}`).toBe(p.startsWith('/') ? 401 : 400)
          expect(ownerData(res.body), p).toBe(false)
        }),
        { numRuns: 250 },
      )
    },
  )

  it('answers the owner privately: private, no-store and noindex, never from the page cache', async () => {
    t = await startTestServer({ env: { ADMIN_PASSWORD: PASSWORD } })
    for (const p of ['/admin', '/%61dmin', '/admin/index.pageContext.json']) {
      const first = await rawRequest(t.url, p, { Authorization: OWNER })
      expect(first.status, p).toBe(200)
      expect(first.headers['cache-control'], p).toBe('private, no-store')
      expect(first.headers['x-robots-tag'], p).toBe('noindex')
      // The same address straight after, without credentials: asked to sign in, not a kept copy.
      const again = await rawRequest(t.url, p)
      expect(again.status, p).toBe(401)
      expect(again.headers['cache-status'], p).toBeUndefined()
      expect(ownerData(again.body), p).toBe(false)
    }
  })
})

/**
 * Targets no browser sends, which the routers still read as a workspace
 * address (a fragment, an absolute form), or refuse (broken escapes).
 */
const ODD_TARGETS = [
  '/admin#',
  '/admin#x',
  '/ADMIN#',
  '/admin?#',
  '/%61dmin#/x',
  '/admin/enquiries#',
  '/admin/index.pageContext.json#',
  '/api/admin#',
  '/api/admin/products#',
  'http://www.example.co.uk/admin#',
  '/admin/%',
  '/admin/%zz',
  '/admin/..%2f..%2fx',
  '/api/admin/%zz/x',
]

describe('request targets the router reads in its own way', () => {
  let http: RawClient | undefined
  afterEach(() => http?.close())

  it('get the same owner check: 401 with a password, 403 without, private and noindex, and no owner data', async () => {
    t = await createTestApp({ env: { ADMIN_PASSWORD: PASSWORD } })
    http = await rawClient(t.handler)
    for (const target of ODD_TARGETS) {
      for (const method of ['GET', 'POST']) {
        const res = await http.send(target, { method })
        expect(res.status, `${method} ${target}`).toBe(401)
        expect(res.headers['cache-control'], target).toBe('private, no-store')
        expect(res.headers['x-robots-tag'], target).toBe('noindex')
        expect(ownerData(res.body.toString()), target).toBe(false)
      }
    }
    await http.close()
    await t.close()
    t = await createTestApp({})
    http = await rawClient(t.handler)
    for (const target of ODD_TARGETS) {
      const res = await http.send(target, { headers: VISITOR })
      expect(res.status, target).toBe(403)
      expect(res.headers['x-robots-tag'], target).toBe('noindex')
      expect(ownerData(res.body.toString()), target).toBe(false)
    }
  })

  it('answer the owner privately too, a refusal of a broken address included', async () => {
    t = await createTestApp({ env: { ADMIN_PASSWORD: PASSWORD } })
    http = await rawClient(t.handler)
    const page = await http.send('/admin#', { headers: { Authorization: OWNER } })
    expect(page.status).toBe(200)
    expect(ownerData(page.body.toString())).toBe(true)
    for (const target of ODD_TARGETS) {
      const res = await http.send(target, { headers: { Authorization: OWNER } })
      expect(res.status, target).toBeLessThan(500)
      expect(res.headers['cache-control'], target).toBe('private, no-store')
      expect(res.headers['x-robots-tag'], target).toBe('noindex')
    }
  })
})

describe('the owner check, without ADMIN_PASSWORD', () => {
  it('refuses (403) a request passed on by a proxy, for every spelling, with no owner data', async () => {
    t = await startTestServer({})
    const url = t.url
    await fc.assert(
      fc.asyncProperty(workspaceAddress, async (p) => {
        const res = await rawRequest(url, p, VISITOR)
        expect(res.status, p).toBe(p.startsWith('/') ? 403 : 400)
        expect(ownerData(res.body), p).toBe(false)
        if (res.status === 403) {
          expect(res.headers['cache-control'], p).toBe('private, no-store')
          expect(res.headers['x-robots-tag'], p).toBe('noindex')
        }
      }),
      { numRuns: 250 },
    )
    const api = await rawRequest(url, '/api/admin/products', VISITOR)
    expect(JSON.parse(api.body).error).toMatch(/owner only/)
  })

  it('lets the owner in from the server machine itself, and never keeps the answer for a visitor', async () => {
    t = await startTestServer({})
    const own = await rawRequest(t.url, '/admin')
    expect(own.status).toBe(200)
    expect(ownerData(own.body)).toBe(true)
    const visitor = await rawRequest(t.url, '/admin', VISITOR)
    expect(visitor.status).toBe(403)
    expect(ownerData(visitor.body)).toBe(false)
  })
})

describe('a request refused for its host or its target (400)', () => {
  let http: RawClient | undefined
  afterEach(() => http?.close())

  it('carries the security headers all the same, and under /admin the private ones', async () => {
    t = await createTestApp({ env: { ADMIN_PASSWORD: PASSWORD, SITE_URL: 'https://www.example.co.uk' } })
    http = await rawClient(t.handler)
    const refused: [target: string, host: string][] = [
      ['/admin', 'a..b'],
      ['/admin/enquiries', 'evil.example'],
      ['http://evil.example/admin', 'www.example.co.uk'],
      ['/', 'exämple.com'],
      ['/api/products', 'evil.example'],
      ['*', 'www.example.co.uk'],
    ]
    for (const [target, host] of refused) {
      const res = await http.send(target, { headers: { Host: host, Authorization: OWNER } })
      expect(res.status, target).toBe(400)
      expect(res.headers['x-content-type-options'], target).toBe('nosniff')
      expect(res.headers['content-security-policy'], target).toContain("frame-ancestors 'none'")
      if (target.includes('admin')) {
        expect(res.headers['cache-control'], target).toBe('private, no-store')
        expect(res.headers['x-robots-tag'], target).toBe('noindex')
      }
    }
  })
})
