/**
 * The render cache: pages kept and compressed once, made once however many ask at once, kept under a key
 * that holds only what changes the page.
 */
import request from 'supertest'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CHROMIUM, freshSite, HIT, sharedHeaders } from '../helpers/page-cache.ts'
import { createTestApp, type TestServer } from '../helpers/server.ts'
import { decoded, type RawResponse } from '../helpers/raw-http.ts'

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
