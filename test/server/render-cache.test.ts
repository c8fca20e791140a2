import pino from 'pino'
import request from 'supertest'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestServer } from '../helpers/server.ts'
import { decoded, rawClient, type RawClient, type RawResponse } from '../helpers/raw-http.ts'

const CHROMIUM = 'gzip, deflate, br, zstd'
const HIT = 'ashbourne; hit'

/** Headers each answer sets for itself; everything else must be the same on a hit as on the miss. */
const PER_ANSWER = [
  'date',
  'connection',
  'keep-alive',
  'transfer-encoding',
  'content-length',
  'content-encoding',
  'etag',
  'cache-status',
]
const sharedHeaders = (res: { headers: Record<string, unknown> }) =>
  Object.fromEntries(Object.entries(res.headers).filter(([name]) => !PER_ANSWER.includes(name)))

const SECURITY_HEADERS = [
  'content-security-policy',
  'cross-origin-opener-policy',
  'referrer-policy',
  'x-content-type-options',
  'x-frame-options',
  'permissions-policy',
]

/** A fresh app for a describe block, and a client on what the server listens with (hits answered before the app). */
function freshSite(options?: Parameters<typeof createTestApp>[0]) {
  const site = {} as { t: TestServer; http: RawClient }
  beforeAll(async () => {
    site.t = await createTestApp(options)
    site.http = await rawClient(site.t.handler)
  })
  afterAll(async () => {
    await site.http.close()
    await site.t.close()
  })
  return site
}

describe('the render cache', () => {
  let t: TestServer
  beforeAll(async () => {
    t = await createTestApp()
  })
  afterAll(() => t.close())

  it('serves a page again from cache, and re-renders the moment the products change', async () => {
    const first = await request(t.app).get('/products').expect(200)
    const second = await request(t.app).get('/products').expect(200)
    expect(second.text).toBe(first.text)
    expect(second.headers.etag).toBeTruthy()

    await t.store.updateProduct('oxford-brogue', (p) => ({ ...p, name: 'Oxford Brogue Mk II', price: '£199.00' }))
    const after = await request(t.app).get('/products').expect(200)
    expect(after.text).toContain('Oxford Brogue Mk II')
    expect(after.text).toContain('£199.00')
    expect(after.text).not.toBe(first.text)
    // The API and the home page agree at once too.
    expect(
      (await request(t.app).get('/api/products')).body.find((p: { id: string }) => p.id === 'oxford-brogue').name,
    ).toBe('Oxford Brogue Mk II')
  })

  it('keeps pages apart by URL and query', async () => {
    const bags = await request(t.app).get('/products?category=bags')
    const belts = await request(t.app).get('/products?category=belts')
    expect(bags.text).not.toBe(belts.text)
    expect((await request(t.app).get('/products?category=bags')).text).toBe(bags.text)
  })

  it('answers 304 to a browser whose copy is current', async () => {
    await request(t.app).get('/terms')
    const cached = await request(t.app).get('/terms')
    await request(t.app).get('/terms').set('If-None-Match', cached.headers.etag!).expect(304)
  })
})

/** What a browser may send, and the coding each must get (brotli first when several are equally welcome). */
const ACCEPT_ENCODINGS: [string | undefined, 'br' | 'gzip' | undefined][] = [
  [CHROMIUM, 'br'], // Chromium, Firefox
  ['gzip, deflate, br', 'br'], // Safari
  ['gzip, deflate', 'gzip'],
  ['br', 'br'],
  ['gzip', 'gzip'],
  ['GZip', 'gzip'],
  ['*', 'br'],
  ['br;q=0.5, gzip;q=0.8', 'gzip'],
  ['br;q=0, *', 'gzip'],
  ['*;q=0, gzip', 'gzip'],
  ['identity;q=1, br;q=0.9', undefined],
  ['gzip;q=0, br;q=0, identity', undefined],
  ['identity', undefined],
  ['deflate, zstd', undefined],
  ['', undefined],
  [undefined, undefined], // no Accept-Encoding at all
]

/** Answers that are the same for every visitor until the products change. */
const KEPT = [
  '/',
  '/products?category=bags',
  '/products/oxford-brogue',
  '/products/oxford-brogue?order=1',
  '/api/products',
  '/sitemap.xml',
]

describe('kept answers, compressed once (as the server listens: hits answered before the app)', () => {
  const site = freshSite()
  const identity = new Map<string, RawResponse>()
  const get = (path: string, headers: Record<string, string | undefined> = {}, method = 'GET') =>
    site.http.send(path, {
      method,
      headers: Object.fromEntries(Object.entries(headers).filter(([, v]) => v !== undefined)) as Record<string, string>,
    })

  beforeAll(async () => {
    for (const path of KEPT) {
      await get(path, { 'accept-encoding': CHROMIUM }) // the first answer, streamed; kept once sent
      const kept = await get(path, { 'accept-encoding': 'identity' })
      expect(kept.headers['cache-status'], path).toBe(HIT)
      identity.set(path, kept)
    }
  })

  for (const path of KEPT) {
    it(`${path}: gives every Accept-Encoding the coding it prefers, whose bytes decode to the original`, async () => {
      const original = identity.get(path)!
      const etags = new Set<string>()
      for (const [accept, coding] of ACCEPT_ENCODINGS) {
        const res = await get(path, { 'accept-encoding': accept })
        const what = `${path} with Accept-Encoding: ${accept}`
        expect(res.status, what).toBe(200)
        expect(res.headers['cache-status'], what).toBe(HIT)
        expect(res.headers['content-encoding'], what).toBe(coding)
        expect(res.headers.vary, what).toBe('Accept-Encoding')
        expect(Number(res.headers['content-length']), what).toBe(res.body.length)
        expect(res.headers['content-type'], what).toBe(original.headers['content-type'])
        expect(decoded(res).equals(original.body), what).toBe(true)
        if (coding) expect(res.body.length, what).toBeLessThan(original.body.length)
        etags.add(`${coding}:${res.headers.etag}`)
      }
      // One strong ETag per coding.
      expect(new Set([...etags].map((e) => e.split(':')[0])).size).toBe(etags.size)
      expect(etags.size).toBe(3)
    })

    it(`${path}: answers 304 when If-None-Match names the coding's ETag, 200 otherwise`, async () => {
      const br = await get(path, { 'accept-encoding': CHROMIUM })
      const gzip = await get(path, { 'accept-encoding': 'gzip' })
      for (const match of [br.headers.etag!, `W/${br.headers.etag}`, `"other", ${br.headers.etag}`, '*']) {
        const res = await get(path, { 'accept-encoding': CHROMIUM, 'if-none-match': match })
        expect(res.status, match).toBe(304)
        expect(res.body.length).toBe(0)
        expect(res.headers.etag).toBe(br.headers.etag)
        expect(res.headers.vary).toBe('Accept-Encoding')
        expect(res.headers['cache-control']).toBe(br.headers['cache-control'])
        expect(res.headers['content-type']).toBeUndefined()
      }
      // The gzip copy's ETag does not validate the brotli one.
      expect((await get(path, { 'accept-encoding': CHROMIUM, 'if-none-match': gzip.headers.etag! })).status).toBe(200)
      expect((await get(path, { 'accept-encoding': 'gzip', 'if-none-match': gzip.headers.etag! })).status).toBe(304)
    })

    it(`${path}: answers HEAD with the GET's headers and no body`, async () => {
      for (const accept of [CHROMIUM, 'gzip', 'identity']) {
        const full = await get(path, { 'accept-encoding': accept })
        const head = await get(path, { 'accept-encoding': accept }, 'HEAD')
        expect(head.status).toBe(200)
        expect(head.body.length).toBe(0)
        expect(sharedHeaders(head)).toEqual(sharedHeaders(full))
        expect(head.headers['content-length']).toBe(full.headers['content-length'])
        expect(head.headers.etag).toBe(full.headers.etag)
      }
    })
  }

  it('sends the new page, API and every coding of them, from the first request after a product changes', async () => {
    const codings = [CHROMIUM, 'gzip', 'identity']
    for (const path of ['/products', '/products?category=footwear'])
      for (const accept of codings) await get(path, { 'accept-encoding': accept })

    const changes = [
      () => site.t.store.updateProduct('oxford-brogue', (p) => ({ ...p, name: 'Oxford Brogue Mk III' })),
      () =>
        site.t.store.update((d) => ({
          ...d,
          products: d.products.map((p) => (p.id === 'oxford-brogue' ? { ...p, name: 'Oxford Brogue Mk IV' } : p)),
        })),
    ]
    for (const [i, change] of changes.entries()) {
      const name = `Oxford Brogue Mk ${['III', 'IV'][i]}`
      await change()
      for (const accept of codings) {
        for (const path of ['/products', '/products?category=footwear', '/api/products']) {
          // The first answer after the change (rendered) and the next (kept) both show it.
          for (let n = 0; n < 2; n++) {
            const res = await get(path, { 'accept-encoding': accept })
            expect(res.status).toBe(200)
            expect(decoded(res).includes(name), `${path} (${accept}), answer ${n + 1} after change ${i + 1}`).toBe(true)
          }
        }
      }
    }
  })
})

describe('a page is made once, however many ask for it at once', () => {
  const site = freshSite()

  it(
    'renders a page asked for by 30 visitors at the same moment once: the ' +
      'others get the kept answer, in their own coding',
    async () => {
      const accepts = [CHROMIUM, 'gzip', 'identity']
      const answers = await Promise.all(
        Array.from({ length: 30 }, (_, n) =>
          // Some of them through a tracking link: the same page, so the same render.
          site.http.send(n % 2 ? '/cookies' : `/cookies?fbclid=IwAR${n}`, {
            headers: { 'accept-encoding': accepts[n % accepts.length]! },
          }),
        ),
      )
      const statuses = answers.map((a) => a.headers['cache-status'])
      expect(statuses.filter((s) => s === 'ashbourne; fwd=uri-miss')).toHaveLength(1)
      expect(statuses.filter((s) => s === HIT)).toHaveLength(29)
      const page = decoded(answers[0]!)
      for (const [n, a] of answers.entries()) {
        expect(a.status).toBe(200)
        expect(decoded(a).equals(page), `answer ${n}`).toBe(true)
      }
    },
  )
})

describe('the cache key holds only what changes the page', () => {
  const site = freshSite()
  const get = (path: string, headers: Record<string, string> = { 'accept-encoding': CHROMIUM }) =>
    site.http.send(path, { headers })

  it(
    'answers links with tracking or unknown parameters from the page kept ' +
      'for the plain address, without making entries',
    async () => {
      const kept: Record<string, RawResponse> = {}
      for (const path of ['/products', '/', '/api/products', '/sitemap.xml']) {
        await get(path)
        kept[path] = await get(path)
      }
      // More such links than the cache holds entries: had each made one, /products would have gone.
      for (let n = 0; n < 250; n++) {
        const res = await get(`/?fbclid=IwAR${n}x`)
        expect(res.headers['cache-status']).toBe(HIT)
        expect(res.headers.etag).toBe(kept['/']!.headers.etag)
      }
      const tracked = [
        '/?utm_source=newsletter&utm_medium=email&utm_campaign=spring',
        '/?gclid=Cj0KCQ',
        '/?msclkid=abc123',
        '/?ref=somewhere&x=1',
        '/?',
      ]
      for (const path of tracked) {
        const res = await get(path)
        expect(res.headers['cache-status'], path).toBe(HIT)
        expect(res.body.equals(kept['/']!.body), path).toBe(true)
      }
      expect((await get('/api/products?utm_source=x')).headers.etag).toBe(kept['/api/products']!.headers.etag)
      expect((await get('/sitemap.xml?fbclid=1')).headers.etag).toBe(kept['/sitemap.xml']!.headers.etag)
      const products = await get('/products')
      expect(products.headers['cache-status']).toBe(HIT)
      expect(products.body.equals(kept['/products']!.body)).toBe(true)
    },
  )

  it(
    'renders a page first reached through a tracking link as the plain ' + 'page, with a clean canonical link',
    async () => {
      const first = await get('/terms?utm_source=news&fbclid=1', { 'accept-encoding': 'identity' })
      expect(first.status).toBe(200)
      expect(first.headers['cache-status']).not.toBe(HIT)
      const html = first.body.toString()
      expect(html).toContain('<link rel="canonical" href="https://www.example.co.uk/terms"/>')
      expect(html).not.toContain('utm_source')
      const plain = await get('/terms', { 'accept-encoding': 'identity' })
      expect(plain.headers['cache-status']).toBe(HIT)
      expect(plain.body.equals(first.body)).toBe(true)
    },
  )

  it('keeps the catalogue filter: one entry per category, tracking parameters beside it ignored', async () => {
    const all = (await get('/products')).body
    await get('/products?category=bags')
    const bags = await get('/products?category=bags', { 'accept-encoding': 'identity' })
    expect(bags.headers['cache-status']).toBe(HIT)
    expect(bags.body.toString()).toContain(
      '<link rel="canonical" href="https://www.example.co.uk/products?category=bags"/>',
    )
    const tracked = await get('/products?utm_source=x&category=bags&gclid=2', { 'accept-encoding': 'identity' })
    expect(tracked.headers['cache-status']).toBe(HIT)
    expect(tracked.body.equals(bags.body)).toBe(true)
    expect(tracked.body.equals(all)).toBe(false)
  })

  it("never answers the enquiry form's return visit (?form=) from the cache", async () => {
    await get('/contact')
    expect((await get('/contact')).headers['cache-status']).toBe(HIT)
    const back = await get('/contact?form=no-such-form', { 'accept-encoding': 'identity' })
    expect(back.status).toBe(200)
    expect(back.headers['cache-status']).toBeUndefined()
    expect(back.body.toString()).toContain('<form')
  })

  it('still refuses a malformed address whose page is kept', async () => {
    await get('/')
    expect((await get('/')).headers['cache-status']).toBe(HIT)
    expect((await get('/?fbclid=%E0%A4%A')).status).toBe(400)
    expect((await get('/%E0%A4%A')).status).toBe(400)
    expect((await get('/?x[]=1')).status).toBe(400)
  })
})

describe('a hit carries the headers the full path sent', () => {
  const site = freshSite()

  for (const path of ['/returns', '/no-such-page', '/api/products', '/sitemap.xml', '/robots.txt']) {
    it(
      `${path}: security headers, CSP and the rest equal on the miss, the ` + `early hit and a hit through the app`,
      async () => {
        const miss = await site.http.send(path, { headers: { 'accept-encoding': CHROMIUM } })
        expect(miss.headers['cache-status']).toBe('ashbourne; fwd=uri-miss')
        const hit = await site.http.send(path, { headers: { 'accept-encoding': CHROMIUM } })
        expect(hit.headers['cache-status']).toBe(HIT)
        expect(hit.status).toBe(miss.status)
        for (const name of SECURITY_HEADERS) expect(hit.headers[name], name).toBeTruthy()
        expect(sharedHeaders(hit)).toEqual(sharedHeaders(miss))
        // Through Express (a request the early answer leaves to the app): the same again, compressed once.
        const viaApp = await request(site.t.app).get(path).set('accept-encoding', CHROMIUM)
        expect(viaApp.headers['cache-status']).toBe(HIT)
        expect(viaApp.headers.etag).toBe(hit.headers.etag)
        // The kept brotli bytes as they are: the compression middleware did not compress them again.
        expect(viaApp.headers['content-encoding']).toBe('br')
        expect(viaApp.headers['content-length']).toBe(hit.headers['content-length'])
        expect(sharedHeaders(viaApp)).toEqual(sharedHeaders(hit))
      },
    )
  }
})

describe("pages rendered for one visitor are never kept; a product's page, the same for everyone, is", () => {
  const site = freshSite()
  const get = (path: string) => site.http.send(path, { headers: { 'accept-encoding': 'identity' } })
  const post = (path: string, fields: Record<string, string>) =>
    site.http.send(path, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'accept-encoding': 'identity' },
      body: new URLSearchParams(fields).toString(),
    })

  it(
    'keeps a product page, and its order form (?order=1) as a page of its ' +
      'own, whatever tracking parameters come along',
    async () => {
      await get('/products/oxford-brogue')
      const plain = await get('/products/oxford-brogue')
      expect(plain.headers['cache-status']).toBe(HIT)
      expect(plain.body.toString()).not.toContain('Place Your Order')
      await get('/products/oxford-brogue?order=1')
      const ordering = await get('/products/oxford-brogue?order=1&fbclid=IwAR1&utm_source=share')
      expect(ordering.headers['cache-status']).toBe(HIT)
      expect(ordering.body.toString()).toContain('Place Your Order')
      for (const tracked of [
        '/products/oxford-brogue?gclid=1',
        '/products/oxford-brogue?utm_campaign=spring&msclkid=2',
      ]) {
        const res = await get(tracked)
        expect(res.headers['cache-status'], tracked).toBe(HIT)
        expect(res.body.equals(plain.body), tracked).toBe(true)
      }
    },
  )

  it("answers the order form's post for that visitor alone, and never keeps it", async () => {
    const page = '/products/oxford-brogue?order=1'
    await get(page)
    expect((await get(page)).headers['cache-status']).toBe(HIT)
    for (let n = 0; n < 2; n++) {
      const back = await post(page, { firstName: 'Private Person', email: 'not-an-email' })
      expect(back.status).toBe(400)
      expect(back.headers['cache-status']).toBeUndefined()
      expect(back.headers['cache-control']).toBe('no-store')
      expect(back.body.toString()).toContain('Private Person')
    }
    const next = await get(page)
    expect(next.headers['cache-status']).toBe(HIT)
    expect(next.body.toString()).not.toContain('Private Person')
  })

  it('answers a returned enquiry form (/contact?form=...) for that visitor alone, and never keeps it', async () => {
    await get('/contact')
    const blank = await get('/contact')
    expect(blank.headers['cache-status']).toBe(HIT)
    const sent = await post('/contact', {
      firstName: 'Private Person',
      lastName: '',
      email: 'not-an-email',
      subject: 'general',
      message: '',
    })
    expect(sent.status).toBe(303)
    const back = String(sent.headers.location).replace(/#.*/, '')
    expect(back).toMatch(/^\/contact\?form=/)
    // As the visitor's browser asks: with the cookie the post set, which carries the form for that address.
    const cookie = (sent.headers['set-cookie'] ?? []).map((c) => c.split(';')[0]).join('; ')
    for (const address of [back, `${back}&utm_source=x`]) {
      const res = await site.http.send(address, { headers: { 'accept-encoding': 'identity', cookie } })
      expect(res.headers['cache-status'], address).not.toBe(HIT)
      expect(res.headers['cache-control'], address).toBe('no-store')
      expect(res.body.toString(), address).toContain('Private Person')
    }
    // Other spellings of /contact reach the same handler (the page router answers them 404, which is kept):
    // a kept answer exists for each, yet none is given to a request carrying the form.
    for (const spelling of ['/CONTACT', '/Contact']) {
      await get(spelling)
      expect((await get(spelling)).headers['cache-status'], spelling).toBe(HIT)
      const res = await get(back.replace('/contact', spelling))
      expect(res.headers['cache-status'], spelling).not.toBe(HIT)
      expect(res.headers['cache-control'], spelling).toBe('no-store')
    }
    const next = await get('/contact')
    expect(next.headers['cache-status']).toBe(HIT)
    expect(next.body.toString()).not.toContain('Private Person')
  })

  it('renders /admin for each request, however it is spelled (it shows who is asking)', async () => {
    for (const path of ['/admin', '/ADMIN', '/admin/', '/admin?utm_source=x']) {
      for (let n = 0; n < 2; n++) {
        const res = await get(path)
        expect(res.headers['cache-status'], path).not.toBe(HIT)
        expect(res.headers['cache-control'], path).toMatch(/no-store/)
      }
    }
  })
})

describe('nothing private is kept', () => {
  const PASSWORD = 'a-long-admin-password'
  const site = freshSite({ env: { ADMIN_PASSWORD: PASSWORD } })

  it('never replays the admin page, shown to the owner, to anyone without the password', async () => {
    const owner = { authorization: `Basic ${Buffer.from(`admin:${PASSWORD}`).toString('base64')}` }
    for (let n = 0; n < 2; n++) {
      const res = await site.http.send('/admin', { headers: owner })
      expect(res.status).toBe(200)
      expect(res.headers['cache-status']).not.toBe(HIT)
    }
    expect((await site.http.send('/admin')).status).toBe(401)
    expect((await site.http.send('/admin/index.pageContext.json')).status).toBe(401)
  })
})

describe('request log', () => {
  const lines: {
    req?: { id: number; method: string; url: string }
    res?: { statusCode: number }
    responseTime?: number
    msg: string
  }[] = []
  const site = freshSite({
    logger: pino({ level: 'info' }, { write: (line: string) => void lines.push(JSON.parse(line)) }),
  })

  it('writes one line per request, the same for an answer from the cache as for one from the app', async () => {
    const made = ['/terms', '/terms', '/terms?fbclid=1', '/api/products', '/api/products']
    for (const path of made) await site.http.send(path, { headers: { 'accept-encoding': CHROMIUM } })
    await expect.poll(() => lines.filter((l) => l.req).length).toBe(made.length)
    const requests = lines.filter((l) => l.req)
    // The query is never logged, only that there was one.
    expect(requests.map((l) => l.req!.url)).toEqual([
      '/terms',
      '/terms',
      '/terms?[redacted]',
      '/api/products',
      '/api/products',
    ])
    for (const l of requests) {
      expect(Object.keys(l.req!).sort()).toEqual(['id', 'method', 'url'])
      expect(l).toMatchObject({
        msg: 'request completed',
        req: { method: 'GET' },
        res: { statusCode: 200 },
        responseTime: expect.any(Number),
      })
    }
    expect(new Set(requests.map((l) => l.req!.id)).size).toBe(made.length)
  })

  it('warns of an unannounced proxy on a cache hit too (the first forwarded request may be one)', async () => {
    await site.http.send('/privacy')
    expect((await site.http.send('/privacy')).headers['cache-status']).toBe(HIT)
    expect(lines.filter((l) => /TRUST_PROXY/.test(l.msg))).toHaveLength(0)
    for (let n = 0; n < 2; n++) {
      const res = await site.http.send('/privacy', { headers: { 'x-forwarded-for': '203.0.113.9' } })
      expect(res.headers['cache-status']).toBe(HIT)
    }
    await expect.poll(() => lines.filter((l) => /TRUST_PROXY/.test(l.msg)).length).toBe(1)
  })
})
