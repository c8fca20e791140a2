/**
 * The render cache keeps nothing private: a hit repeats every header of the full answer, pages rendered
 * for one visitor (an order form, an owner's page) are never kept, and the request log says what was a hit.
 */
import pino from 'pino'
import request from 'supertest'
import { describe, expect, it } from 'vitest'
import { CHROMIUM, freshSite, HIT, SECURITY_HEADERS, sharedHeaders } from '../helpers/page-cache.ts'

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
