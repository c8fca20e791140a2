/**
 * The owner's workspace (every `/admin/...` page, its page data, and `/api/admin/...`) behind one
 * check: a visitor gets 401 or 403 for every spelling, never a 200, and no owner answer is ever kept
 * in the page cache (whose hits are answered before any route).
 */
import { request as httpRequest } from 'node:http'
import fc from 'fast-check'
import { afterEach, describe, expect, it } from 'vitest'
import { startTestServer, type TestServer } from '../helpers/server.ts'

const PASSWORD = 'correct horse battery'
const OWNER = `Basic ${Buffer.from(`admin:${PASSWORD}`).toString('base64')}`
const VISITOR = { 'X-Forwarded-For': '203.0.113.9' }

type Answer = { status: number; headers: Record<string, string | string[] | undefined>; body: string }

/** A request with its path exactly as written (no client tidies it). */
function raw(url: string, p: string, headers: Record<string, string> = {}, method = 'GET'): Promise<Answer> {
  const { port } = new URL(url)
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, path: p, headers, method }, (res) => {
      let body = ''
      res.setEncoding('utf8')
      res.on('data', (c: string) => (body += c))
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body }))
    })
    req.on('error', reject).end()
  })
}

const letter = (c: string) => fc.constantFrom(c, c.toUpperCase(), `%${c.charCodeAt(0).toString(16)}`, `%${c.charCodeAt(0).toString(16).toUpperCase()}`, `%25${c.charCodeAt(0).toString(16)}`)
const word = (w: string) => fc.tuple(...[...w].map(letter)).map((cs) => cs.join(''))
const slash = fc.constantFrom('/', '//', '/./', '/%2e/', '\\', '/%2f', '%5c')
const PAGE_TAILS = ['', '/', '/index.pageContext.json', '/products', '/products/', '/products/oxford-brogue', '/products/oxford-brogue/index.pageContext.json', '/products/new', '/history', '/x']
const API_TAILS = ['', '/products', '/products/oxford-brogue', '/history', '/snapshots']

/** Any spelling of a workspace page or of the owner's API. */
const workspaceAddress = fc.oneof(
  fc.tuple(slash, word('admin'), fc.constantFrom(...PAGE_TAILS)).map(([a, b, c]) => `${a}${b}${c}`),
  fc.tuple(slash, word('api'), slash, word('admin'), fc.constantFrom(...API_TAILS)).map(([a, b, c, d, e]) => `${a}${b}${c}${d}${e}`),
)

/** What only the owner may see: the workspace's own markup or its data. */
const ownerData = (body: string) => /workspace-nav|access(&quot;|"):(&quot;|")owner|Daily limit|admin-products|"token":/.test(body)

let t: TestServer | undefined
afterEach(async () => {
  await t?.close()
  t = undefined
})

describe('the owner check, with ADMIN_PASSWORD set', () => {
  it('asks a visitor to sign in (401) on every spelling of every workspace address, and lets nothing through', async () => {
    t = await startTestServer({ env: { ADMIN_PASSWORD: PASSWORD } })
    const url = t.url
    await fc.assert(
      fc.asyncProperty(workspaceAddress, fc.constantFrom('GET', 'HEAD', 'POST'), async (p, method) => {
        const res = await raw(url, p, {}, method)
        expect([400, 401], `${method} ${p}`).toContain(res.status)
        expect(ownerData(res.body), p).toBe(false)
      }),
      { numRuns: 250 },
    )
  })

  it('answers the owner privately: private, no-store and noindex, never from the page cache', async () => {
    t = await startTestServer({ env: { ADMIN_PASSWORD: PASSWORD } })
    for (const p of ['/admin', '/%61dmin', '/admin/index.pageContext.json']) {
      const first = await raw(t.url, p, { Authorization: OWNER })
      expect(first.status, p).toBe(200)
      expect(first.headers['cache-control'], p).toBe('private, no-store')
      expect(first.headers['x-robots-tag'], p).toBe('noindex')
      // The same address straight after, without credentials: asked to sign in, not a kept copy.
      const again = await raw(t.url, p)
      expect(again.status, p).toBe(401)
      expect(again.headers['cache-status'], p).toBeUndefined()
      expect(ownerData(again.body), p).toBe(false)
    }
  })
})

describe('the owner check, without ADMIN_PASSWORD', () => {
  it('refuses (403) a request passed on by a proxy, for every spelling, with no owner data', async () => {
    t = await startTestServer({})
    const url = t.url
    await fc.assert(
      fc.asyncProperty(workspaceAddress, async (p) => {
        const res = await raw(url, p, VISITOR)
        expect([400, 403], p).toContain(res.status)
        expect(ownerData(res.body), p).toBe(false)
        if (res.status === 403) {
          expect(res.headers['cache-control'], p).toBe('private, no-store')
          expect(res.headers['x-robots-tag'], p).toBe('noindex')
        }
      }),
      { numRuns: 250 },
    )
    const api = await raw(url, '/api/admin/products', VISITOR)
    expect(JSON.parse(api.body).error).toMatch(/owner only/)
  })

  it('lets the owner in from the server machine itself, and never keeps the answer for a visitor', async () => {
    t = await startTestServer({})
    const own = await raw(t.url, '/admin')
    expect(own.status).toBe(200)
    expect(ownerData(own.body)).toBe(true)
    const visitor = await raw(t.url, '/admin', VISITOR)
    expect(visitor.status).toBe(403)
    expect(ownerData(visitor.body)).toBe(false)
  })
})
