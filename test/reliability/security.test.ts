/**
 * RELIABILITY.md §6, security: cross-site POSTs refused on every state-changing endpoint (so a hostile page
 * cannot spend the owner's image budget with the browser's cached Basic-auth credentials), repeated
 * wrong admin passwords slowed down, error answers that show nothing of the server's insides, static
 * files that cannot be escaped (plain or encoded traversal) and hide dotfiles, /admin never stored by
 * shared caches. (`npm audit --omit=dev`: see RELIABILITY.md; tests never reach the internet.)
 */
import { request as httpRequest } from 'node:http'
import { mkdir, readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import type { Express } from 'express'
import request from 'supertest'
import fc from 'fast-check'
import { pino } from 'pino'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { seedProducts } from '../../data/seed/products.ts'
import { createSite } from '../../server/site.server.ts'
import { siteRoutes } from '../../server/routes/site-routes.server.ts'
import { createLogger } from '../../server/logger.server.ts'
import { UNTRUSTED_PROXY_WARNING } from '../../server/http/proxy-warning.server.ts'
import { ROOT } from '../../server/config/paths.server.ts'
import { createServices } from '../../server/services.server.ts'
import { startFakeOpenAI, type FakeOpenAI } from '../helpers/fake-openai.ts'
import { createTestApp, startTestServer, type TestServer } from '../helpers/server.ts'
import { basicAuth } from '../helpers/basic-auth.ts'

const SITE = 'https://www.example.co.uk'
const PASSWORD = 'correct horse battery'
const OWNER = basicAuth(PASSWORD)

const enquiry = {
  firstName: 'Jane',
  lastName: 'Smith',
  email: 'jane@example.com',
  subject: 'general',
  message: 'A question about the briefcase.',
}
const form = new URLSearchParams(enquiry).toString()

type RawAnswer = { status: number; headers: Record<string, string | string[] | undefined>; body: string }

/**
 * Sends the path exactly as written (fetch and supertest would
 * normalise `..`, `//` and escapes), like curl --path-as-is.
 */
function raw(url: string, p: string, headers: Record<string, string> = {}, localAddress?: string): Promise<RawAnswer> {
  const { port } = new URL(url)
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, path: p, headers, localAddress }, (res) => {
      let body = ''
      res.on('data', (c) => (body += c))
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body }))
    })
    req.on('error', reject)
    req.end()
  })
}

/** No answer may show how the server is built: no stack frames, no file paths. */
function expectNothingLeaked(body: string) {
  expect(body).not.toContain(ROOT)
  expect(body).not.toMatch(/\bat [\w.<>]+ \(|node_modules|\.tsx?:\d+|file:\/\/|\/tmp\//)
}

let fake: FakeOpenAI
beforeAll(async () => {
  fake = await startFakeOpenAI()
  // The SDK reads these itself, as in production; they point at the fake on loopback.
  vi.stubEnv('OPENAI_BASE_URL', fake.baseURL)
  vi.stubEnv('OPENAI_API_KEY', 'sk-test-not-a-real-key')
})
afterAll(async () => {
  vi.unstubAllEnvs()
  await fake.close()
})

let t: TestServer | undefined
afterEach(async () => {
  await t?.close()
  t = undefined
  fake.reset()
})

/** The site with image generation set up, an admin password, and a one-product catalogue (short runs). */
async function shop(env: Record<string, string> = {}) {
  t = await createTestApp({
    env: {
      SITE_URL: SITE,
      OPENAI_API_KEY: 'sk-test-not-a-real-key',
      OPENAI_MAX_RETRIES: '0',
      ADMIN_PASSWORD: PASSWORD,
      CONTACT_RATE_LIMIT: '0',
      ...env,
    },
    prepare: (dir) =>
      writeFile(
        path.join(dir, 'db.json'),
        JSON.stringify({ products: seedProducts.slice(0, 1), messages: [] }, null, 2),
      ),
  })
  return t
}

describe('cross-site POSTs are refused (CSRF)', () => {
  const HOSTILE: [string, Record<string, string>][] = [
    ['Sec-Fetch-Site: cross-site', { 'Sec-Fetch-Site': 'cross-site' }],
    ['Sec-Fetch-Site: same-site (a sibling subdomain)', { 'Sec-Fetch-Site': 'same-site' }],
    ['a foreign Origin', { Origin: 'https://evil.example' }],
    ['Origin: null (a sandboxed frame)', { Origin: 'null' }],
    ['a foreign Origin that only looks like ours', { Origin: 'https://www.example.co.uk.evil.example' }],
  ]

  for (const [what, headers] of HOSTILE) {
    it(
      `refuses ${what} with 403 JSON on /api/contact, /contact and ` +
        `/api/generate-images, with the owner's credentials too`,
      async () => {
        const { app, dataFile } = await shop()
        const before = await readFile(dataFile, 'utf8')
        const answers = [
          await request(app).post('/api/contact').set(headers).send(enquiry),
          await request(app).post('/contact').set(headers).type('form').send(form),
          // The browser would attach the cached Basic-auth credentials to a hostile page's request.
          await request(app).post('/api/generate-images').set(headers).set('Authorization', OWNER),
        ]
        for (const res of answers) {
          expect(res.status).toBe(403)
          expect(res.headers['content-type']).toMatch(/^application\/json/)
          expect(res.body.error).toBe('This request came from another website and was refused.')
        }
        expect(await readFile(dataFile, 'utf8')).toBe(before) // nothing saved
        expect(fake.requests).toHaveLength(0) // nothing spent
      },
    )
  }

  it('lets the site’s own pages post (same origin), and clients that are not browsers', async () => {
    const { app } = await shop()
    const own = { 'Sec-Fetch-Site': 'same-origin', Origin: SITE }
    expect((await request(app).post('/api/contact').set(own).send(enquiry)).status).toBe(201)
    expect((await request(app).post('/contact').set(own).type('form').send(form)).status).toBe(303)
    // Origin alone (older browsers): accepted when it is the site's own address or the Host it was sent to.
    expect((await request(app).post('/api/contact').set('Origin', SITE).send(enquiry)).status).toBe(201)
    // curl and scripts send neither header, and carry no browser credentials to abuse.
    expect((await request(app).post('/api/contact').send(enquiry)).status).toBe(201)

    const run = await request(app).post('/api/generate-images').set(own).set('Authorization', OWNER)
    expect(run.status).toBe(200)
    expect(run.body.results).toEqual({ successCount: 1, errorCount: 0, total: 1 })
    expect(fake.requests.length).toBeGreaterThan(0)
  })
})

describe('X-Forwarded-Host is believed only from a trusted proxy', () => {
  // Without SITE_URL the site's own host is the one each request names; a forged X-Forwarded-Host
  // must not make a foreign Origin look like ours.
  const forged = { Origin: 'https://evil.example', 'X-Forwarded-Host': 'evil.example' }

  it('refuses a foreign Origin that a forged X-Forwarded-Host names, when TRUST_PROXY is unset', async () => {
    const { app, dataFile } = await shop({ SITE_URL: '' })
    const before = await readFile(dataFile, 'utf8')
    expect((await request(app).post('/api/contact').set(forged).send(enquiry)).status).toBe(403)
    expect((await request(app).post('/contact').set(forged).type('form').send(form)).status).toBe(403)
    expect(await readFile(dataFile, 'utf8')).toBe(before)
  })

  it('takes the host a trusted proxy passes on', async () => {
    const { app } = await shop({ SITE_URL: '', TRUST_PROXY: 'loopback' })
    expect((await request(app).post('/api/contact').set(forged).send(enquiry)).status).toBe(201)
  })
})

describe('admin password guessing', () => {
  it(
    'answers 429 (Retry-After) after repeated wrong passwords from one ' +
      'client, even to the right one, while others get in',
    async () => {
      const { app } = await shop({ TRUST_PROXY: '1' })
      const attacker = '203.0.113.7'
      const statuses: number[] = []
      for (let i = 0; i < 20; i++) {
        const res =
          i % 2 === 0
            ? await request(app)
                .get('/admin')
                .set('X-Forwarded-For', attacker)
                .set('Authorization', basicAuth(`guess-${i}`))
            : await request(app)
                .post('/api/generate-images')
                .set('X-Forwarded-For', attacker)
                .set('Authorization', basicAuth(`guess-${i}`))
        statuses.push(res.status)
        if (res.status === 429) expect(Number(res.headers['retry-after'])).toBeGreaterThan(0)
      }
      // The owner's first typos are answered normally; then the guessing is stopped, and stays stopped.
      expect(statuses.slice(0, 3)).toEqual([401, 401, 401])
      const first429 = statuses.indexOf(429)
      expect(first429, `statuses: ${statuses.join(' ')}`).toBeGreaterThan(0)
      expect(first429).toBeLessThanOrEqual(10)
      expect(statuses.slice(first429).every((s) => s === 429)).toBe(true)
      expect(fake.requests).toHaveLength(0)

      // While stopped, even the right password is not checked for this client (a guess must not tell).
      expect(
        (await request(app).get('/admin').set('X-Forwarded-For', attacker).set('Authorization', OWNER)).status,
      ).toBe(429)
      // The owner, elsewhere, is not locked out.
      expect(
        (await request(app).get('/admin').set('X-Forwarded-For', '198.51.100.20').set('Authorization', OWNER)).status,
      ).toBe(200)
    },
  )
})

describe('limits per visitor, not per socket', () => {
  it('counts wrong admin passwords from anywhere in the loopback range as one client', async () => {
    t = await startTestServer({ env: { SITE_URL: SITE, ADMIN_PASSWORD: PASSWORD } })
    const statuses: number[] = []
    // 10 loopback addresses × 4 guesses: each address alone stays under the lock-out.
    for (let i = 0; i < 10; i++) {
      for (let g = 0; g < 4; g++)
        statuses.push(
          (await raw(t.url, '/admin', { Authorization: basicAuth(`guess-${i}-${g}`) }, `127.0.0.${i + 2}`)).status,
        )
    }
    expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401])
    expect(statuses.slice(5).every((s) => s === 429)).toBe(true)
  })

  it('groups IPv6 addresses by /64, and IPv4-mapped addresses with their IPv4 address', async () => {
    const { app } = await shop({ TRUST_PROXY: '1' })
    const guess = (from: string, i: number) =>
      request(app)
        .post('/api/generate-images')
        .set('X-Forwarded-For', from)
        .set('Authorization', basicAuth(`guess-${i}`))
    const statuses: number[] = []
    for (let i = 0; i < 8; i++) statuses.push((await guess(`2001:db8:1:2::${(i + 1).toString(16)}:${i}`, i)).status)
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429, 429, 429])
    // The next /64 is another subscriber: not locked out.
    expect(
      (await request(app).get('/admin').set('X-Forwarded-For', '2001:db8:1:3::1').set('Authorization', OWNER)).status,
    ).toBe(200)

    for (let i = 0; i < 5; i++) await guess(i % 2 ? '203.0.113.7' : '::ffff:203.0.113.7', i)
    expect(
      (await request(app).get('/admin').set('X-Forwarded-For', '203.0.113.7').set('Authorization', OWNER)).status,
    ).toBe(429)
  })

  it('warns once, naming TRUST_PROXY, when X-Forwarded-For arrives while TRUST_PROXY is unset', async () => {
    const lines: { level: number; msg: string }[] = []
    const logger = pino({ level: 'warn' }, { write: (line: string) => void lines.push(JSON.parse(line)) })
    const build = async (env: Record<string, string>) => {
      t = await createTestApp({ env: { SITE_URL: SITE, ...env } })
      const services = createServices({ config: t.config, store: t.store, logger })
      return (await createSite({ config: t.config, store: t.store, services, logger })).app
    }
    const app = await build({})
    await request(app).get('/').expect(200) // no header: nothing to say
    expect(lines).toEqual([])
    for (const path of ['/', '/products', '/api/products'])
      await request(app).get(path).set('X-Forwarded-For', '203.0.113.7')
    await request(app).post('/api/contact').set('X-Forwarded-For', '203.0.113.8').send(enquiry).expect(201)
    await request(app).get('/').set('Forwarded', 'for=203.0.113.9')
    const warnings = lines.filter((l) => /TRUST_PROXY/.test(l.msg))
    expect(warnings).toHaveLength(1)
    expect(warnings[0]).toMatchObject({ level: 40, msg: UNTRUSTED_PROXY_WARNING })
    expect(UNTRUSTED_PROXY_WARNING).toMatch(/X-Forwarded-For .* TRUST_PROXY is not set/)
    expect(lines.filter((l) => l.level >= 40)).toHaveLength(1) // and no other warning or error about it
    await t!.close()

    // Told about the proxy: nothing to warn of.
    lines.length = 0
    const proxied = await build({ TRUST_PROXY: '1' })
    await request(proxied).get('/').set('X-Forwarded-For', '203.0.113.7').expect(200)
    expect(lines).toEqual([])
  })
})

describe('error answers show nothing of the server’s insides', () => {
  /** The production app with one route that fails, as a bug would; and a store that can be broken. */
  async function appWithFaults(): Promise<{ app: Express; breakStore: () => void; close: () => Promise<void> }> {
    t = await createTestApp({ env: { SITE_URL: SITE } })
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
          .send({ ...enquiry, message: 'x'.repeat(64 * 1024) }),
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
    t = await startTestServer({
      prepare: async (dir) => {
        await mkdir(path.join(dir, 'media'), { recursive: true })
        await writeFile(path.join(dir, 'media', '.env'), 'OPENAI_API_KEY=SECRET_VALUE_9431\n')
        await writeFile(path.join(dir, 'media', 'visible.txt'), 'a served file\n')
      },
    })
    // Control: the folder is served, so a 404 below is a refusal and not a missing folder.
    expect(await raw(t.url, '/media/visible.txt')).toMatchObject({ status: 200, body: 'a served file\n' })

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
      const res = await raw(t.url, p)
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
    await t!.close()
    t = undefined
    // Without a password too.
    const open = await createTestApp({ env: { SITE_URL: SITE } })
    t = open
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
      t = await startTestServer({
        env: { SITE_URL: SITE, ADMIN_PASSWORD: PASSWORD, OPENAI_API_KEY: 'sk-test-not-a-real-key' },
      })
      for (const p of SPELLINGS) {
        const res = await raw(t.url, p)
        expect([401, 404], p).toContain(res.status)
        expect(adminPage(res.body), p).toBe(false)
        if (res.status === 401) {
          expect(res.headers['cache-control'], p).toBe('private, no-store')
          expect(res.headers['www-authenticate'], p).toBe('Basic realm="Admin", charset="UTF-8"')
        }
      }
      // The owner, signed in, gets the page (or the router's own answer to an odd spelling), never stored by a cache.
      for (const p of SPELLINGS) {
        const res = await raw(t.url, p, { Authorization: OWNER })
        expect([200, 301, 404], p).toContain(res.status)
        if (adminPage(res.body) || res.status === 301) expect(res.headers['cache-control'], p).toBe('private, no-store')
      }
      expect(adminPage((await raw(t.url, '/%61dmin', { Authorization: OWNER })).body)).toBe(true)
    },
  )

  it(
    'refuses anyone else, without a password set, for every spelling: 403 ' +
      '(on /admin with the page saying how to turn it on) or 404',
    async () => {
      t = await startTestServer({ env: { SITE_URL: SITE, OPENAI_API_KEY: 'sk-test-not-a-real-key' } })
      for (const p of SPELLINGS) {
        const res = await raw(t.url, p, { 'X-Forwarded-For': '203.0.113.9' })
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
      t = await startTestServer({ env: { SITE_URL: SITE, ADMIN_PASSWORD: PASSWORD } })
      const letter = (c: string) =>
        fc.constantFrom(
          c,
          c.toUpperCase(),
          `%${c.charCodeAt(0).toString(16)}`,
          `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
          `%25${c.charCodeAt(0).toString(16)}`,
        )
      const slashes = fc.constantFrom('/', '//', '/./', '/%2e/', '\\', '/%2f', '%5c')
      const spelling = fc
        .tuple(
          slashes,
          fc.tuple(...[...'admin'].map(letter)).map((cs) => cs.join('')),
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
          const res = await raw(t!.url, p)
          expect([400, 401, 404], p).toContain(res.status)
          expect(adminPage(res.body), p).toBe(false)
        }),
        { numRuns: 300 },
      )
    },
  )

  it('the page itself refuses (404) when the owner check did not run', async () => {
    t = await createTestApp({ env: { SITE_URL: SITE } })
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
