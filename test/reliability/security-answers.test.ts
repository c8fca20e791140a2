/**
 * RELIABILITY.md §6, security (continued from security.test.ts): error answers that show nothing of the
 * server's insides, static files that cannot be escaped (plain or encoded traversal) and hide dotfiles,
 * /admin never stored by shared caches, however it is spelled.
 */
import { mkdir, writeFile } from 'node:fs/promises'
import path from 'node:path'
import type { Express } from 'express'
import request from 'supertest'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { createSite } from '../../server/site.server.ts'
import { siteRoutes } from '../../server/routes/site-routes.server.ts'
import { createLogger } from '../../server/logger.server.ts'
import { ROOT } from '../../server/config/paths.server.ts'
import { createServices } from '../../server/services.server.ts'
import { createTestApp, startTestServer } from '../helpers/server.ts'
import { ENQUIRY, expectNothingLeaked, guardedShopsForFile, OWNER, PASSWORD, SITE } from '../helpers/guarded-shop.ts'
import { rawRequest } from '../helpers/raw-http.ts'
import { slash, word } from '../helpers/spellings.ts'

const { shop, keep, closeNow } = guardedShopsForFile()

describe('error answers show nothing of the server’s insides', () => {
  /** The production app with one route that fails, as a bug would; and a store that can be broken. */
  async function appWithFaults(): Promise<{ app: Express; breakStore: () => void; close: () => Promise<void> }> {
    const t = keep(await createTestApp({ env: { SITE_URL: SITE } }))
    const { config, store } = t
    const logger = createLogger('silent')
    const real = createServices({ config, store, logger })
    const { app } = await createSite({ config, store, services: real, logger }, (deps) => {
      const routes = siteRoutes(deps)
      return {
        ...routes,
        api(app) {
          app.get('/api/fault', () => {
            throw new Error(`Unexpected failure reading ${path.join(ROOT, 'data', 'secret.ts')}`)
          })
          app.post('/api/fault', async () => {
            await Promise.resolve()
            throw new TypeError(`Cannot read properties of undefined (at ${ROOT}/server/x.server.ts:12:3)`)
          })
          routes.api(app)
        },
      }
    })
    return {
      app,
      breakStore: () =>
        Object.defineProperty(store, 'products', {
          configurable: true,
          get() {
            throw new Error(`EIO: i/o error, read ${path.join(ROOT, 'data', 'db.json')}`)
          },
        }),
      close: async () => {
        delete (store as { products?: unknown }).products
      },
    }
  }

  it('answers invalid JSON, oversized, wrongly typed and unknown requests with a sentence only', async () => {
    const { app } = await appWithFaults()
    const answers = [
      [await request(app).post('/api/contact').set('Content-Type', 'application/json').send('{"firstName": '), 400],
      [
        await request(app)
          .post('/api/contact')
          .send({ ...ENQUIRY, message: 'x'.repeat(64 * 1024) }),
        413,
      ],
      [await request(app).post('/api/contact').set('Content-Type', 'text/plain').send('hello'), 415],
      [await request(app).post('/api/contact').set('Content-Type', 'application/json; charset=nope').send('{}'), 415],
      [await request(app).get('/api/nothing-here'), 404],
      [await request(app).get('/assets/nothing-here.js'), 404],
      [await request(app).get('/api/products?x=%E0%A4%A'), 400],
    ] as const
    for (const [res, status] of answers) {
      expect(res.status).toBe(status)
      expect(res.headers['content-type']).toMatch(/^application\/json/)
      expect(res.body.error).toMatch(/^[A-Z].*[.)]$/)
      expectNothingLeaked(res.text)
    }
  })

  it('answers an exception in a route with a 500 sentence, never its message or stack', async () => {
    const { app } = await appWithFaults()
    for (const res of [await request(app).get('/api/fault'), await request(app).post('/api/fault').send({})]) {
      expect(res.status).toBe(500)
      expect(res.body).toEqual({ error: 'Something went wrong on our side. Please try again later.' })
      expectNothingLeaked(res.text)
    }
  })

  it('answers a failing data read with a 500 sentence on the API and the error page on pages', async () => {
    const faults = await appWithFaults()
    faults.breakStore()
    try {
      const api = await request(faults.app).get('/api/products')
      expect(api.status).toBe(500)
      expect(api.body).toEqual({ error: 'Something went wrong on our side. Please try again later.' })
      const page = await request(faults.app).get('/products')
      expect(page.status).toBe(500)
      expect(page.headers['content-type']).toMatch(/^text\/html/)
      expectNothingLeaked(page.text)
      expect(page.text).not.toContain('EIO')
    } finally {
      await faults.close()
    }
  })
})

describe('static files: no way out, no dotfiles', () => {
  const MARKERS = ['leather-storefront', 'export class Store', '"messages"', 'SECRET_VALUE_9431', 'root:x:0:0']

  it('refuses traversal, plain and encoded, out of every static folder, and hides dotfiles', async () => {
    const t = keep(
      await startTestServer({
        prepare: async (dir) => {
          await mkdir(path.join(dir, 'media'), { recursive: true })
          await writeFile(path.join(dir, 'media', '.env'), 'OPENAI_API_KEY=SECRET_VALUE_9431\n')
          await writeFile(path.join(dir, 'media', 'visible.txt'), 'a served file\n')
        },
      }),
    )
    // Control: the folder is served, so a 404 below is a refusal and not a missing folder.
    expect(await rawRequest(t.url, '/media/visible.txt')).toMatchObject({ status: 200, body: 'a served file\n' })

    const attempts = [
      '/../package.json',
      '/..%2f..%2fpackage.json',
      '/%2e%2e/%2e%2e/package.json',
      '/%2e%2e%2fpackage.json',
      '/..%5c..%5cpackage.json',
      '/images/seed/../../store.server.ts',
      '/images/seed/..%2F..%2Fstore.server.ts',
      '/images/seed/%2e%2e/%2e%2e/store.server.ts',
      '/assets/../../package.json',
      '/assets/..%2f..%2f..%2fpackage.json',
      '/assets/%2e%2e/%2e%2e/%2e%2e/package.json',
      '/media/../db.json',
      '/media/..%2fdb.json',
      '/media/.%2e/db.json',
      '/media/%2e%2e%2f%2e%2e%2f%2e%2e%2f%2e%2e%2f%2e%2e%2fetc%2fpasswd',
      '/media/.env',
      '/media/%2eenv',
      '/.env',
      '/.git/config',
      '/data/db.json',
      '/db.json',
      '/package.json',
      '/server.ts',
      '/data/store.server.ts',
    ]
    for (const p of attempts) {
      const res = await rawRequest(t.url, p)
      expect([400, 404], p).toContain(res.status)
      for (const marker of MARKERS) expect(res.body, `${p} must not show a file`).not.toContain(marker)
      expectNothingLeaked(res.body)
    }
  })
})

describe('/admin is never stored by shared caches', () => {
  it('sends Cache-Control: no-store on the page, its data and its sign-in answer', async () => {
    const { app } = await shop()
    for (const res of [
      await request(app).get('/admin'),
      await request(app).get('/admin').set('Authorization', OWNER),
      await request(app).get('/admin/index.pageContext.json').set('Authorization', OWNER),
    ]) {
      expect(res.headers['cache-control']).toMatch(/no-store/)
    }
    await closeNow()
    // Without a password too.
    const open = keep(await createTestApp({ env: { SITE_URL: SITE } }))
    const res = await request(open.app).get('/admin')
    expect(res.status).toBe(200) // supertest asks from the machine itself: the owner
    expect(res.headers['cache-control']).toMatch(/no-store/)
    expect(res.headers['cache-control']).toMatch(/private/)
  })
})

describe('/admin however it is spelled', () => {
  /** Spellings a router could read as /admin or its page data (curl --path-as-is would send them as they are). */
  const SPELLINGS = [
    '/admin',
    '/%61dmin',
    '/admi%6e',
    '/%61%64%6d%69%6e',
    '/%2561dmin', // encoded twice
    '/%61dmin/index.pageContext.json',
    '/admin/index.pageContext.json',
    '/ADMIN/index.pageContext.json',
    '/admin/',
    '/admin//',
    '//admin',
    '///admin/',
    '/./admin',
    '/%2e/admin',
    '/%2fadmin',
    '/admin%2f',
    '/\\admin',
    '/ADMIN',
    '/Admin',
    '/%41DMIN',
    '/admin/.',
    '/admin?x=1',
    '/admin/anything',
  ]
  /** The owner's page as rendered, or its page data: what must never reach anyone else. */
  const ownerPage = (body: string) =>
    /Daily limit|"access":"owner"|<button[^>]*class="[^"]*admin-generator__button[^"]*"(?![^>]*disabled)/.test(body)
  const adminPage = (body: string) => /Product Image Generator|"pageId":"\/pages\/admin"/.test(body)

  it(
    'asks for the password (401, private, no-store) or answers 404 for ' + 'every spelling, never the page without it',
    async () => {
      const t = keep(
        await startTestServer({
          env: { SITE_URL: SITE, ADMIN_PASSWORD: PASSWORD, OPENAI_API_KEY: 'sk-test-not-a-real-key' },
        }),
      )
      for (const p of SPELLINGS) {
        const res = await rawRequest(t.url, p)
        expect([401, 404], p).toContain(res.status)
        expect(adminPage(res.body), p).toBe(false)
        if (res.status === 401) {
          expect(res.headers['cache-control'], p).toBe('private, no-store')
          expect(res.headers['www-authenticate'], p).toBe('Basic realm="Admin", charset="UTF-8"')
        }
      }
      // The owner, signed in, gets the page (or the router's own answer to an odd spelling), never stored by a cache.
      for (const p of SPELLINGS) {
        const res = await rawRequest(t.url, p, { Authorization: OWNER })
        expect([200, 301, 404], p).toContain(res.status)
        if (adminPage(res.body) || res.status === 301) expect(res.headers['cache-control'], p).toBe('private, no-store')
      }
      expect(adminPage((await rawRequest(t.url, '/%61dmin', { Authorization: OWNER })).body)).toBe(true)
    },
  )

  it(
    'refuses anyone else, without a password set, for every spelling: 403 ' +
      '(on /admin with the page saying how to turn it on) or 404',
    async () => {
      const t = keep(await startTestServer({ env: { SITE_URL: SITE, OPENAI_API_KEY: 'sk-test-not-a-real-key' } }))
      for (const p of SPELLINGS) {
        const res = await rawRequest(t.url, p, { 'X-Forwarded-For': '203.0.113.9' })
        expect([403, 404], p).toContain(res.status)
        expect(ownerPage(res.body), p).toBe(false)
        if (adminPage(res.body)) {
          expect(res.body, p).toMatch(/Only the shop owner can generate images here|"access":"visitor"/)
          expect(res.headers['cache-control'], p).toBe('private, no-store')
        }
      }
    },
  )

  it(
    'protects every generated spelling: case, escapes, doubled slashes, dot ' + 'segments, trailing slashes, page data',
    async () => {
      const t = keep(await startTestServer({ env: { SITE_URL: SITE, ADMIN_PASSWORD: PASSWORD } }))
      const spelling = fc
        .tuple(
          slash,
          word('admin'),
          fc.constantFrom(
            '',
            '/',
            '//',
            '/.',
            '/index.pageContext.json',
            '/INDEX.PAGECONTEXT.JSON',
            '%2findex.pageContext.json',
            '/x',
          ),
          fc.constantFrom('', '?a=1', '?category=bags'),
        )
        .map(([lead, name, tail, query]) => `${lead}${name}${tail}${query}`)
      await fc.assert(
        fc.asyncProperty(spelling, async (p) => {
          const res = await rawRequest(t.url, p)
          expect([400, 401, 404], p).toContain(res.status)
          expect(adminPage(res.body), p).toBe(false)
        }),
        { numRuns: 300 },
      )
    },
  )

  it('the page itself refuses (404) when the owner check did not run', async () => {
    const t = keep(await createTestApp({ env: { SITE_URL: SITE } }))
    const { config, store } = t
    const logger = createLogger('silent')
    const real = createServices({ config, store, logger })
    // As if a path slipped past the check: the page handler without the admin check in front.
    const { app } = await createSite({ config, store, services: real, logger }, (deps) => ({
      ...siteRoutes(deps),
      owner() {},
    }))
    const page = await request(app).get('/admin')
    expect(page.status).toBe(404)
    expect(page.text).toContain('Page Not Found')
    expect(page.text).not.toContain('Generate All Product Images')
  })
})
