/**
 * What counts as a page view, and what is kept of it: the page, the referring site, the campaign, the kind of device.
 */
import request from 'supertest'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createTestApp, type TestServer } from '../../helpers/server.ts'
import { todayOnDisk } from '../../helpers/statistics.ts'
import { JANE_ORDERS } from '../../helpers/order-form.ts'

const PHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) ' +
  'AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 ' +
  'Safari/604.1'
const TABLET =
  'Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Safari/604.1'
const DESKTOP =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36'
const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)'
const HIT = 'ashbourne; hit'
const ORDER = { ...JANE_ORDERS, size: '42' }

let t: TestServer
afterEach(() => t.close())

/** Through the listener the server uses, so a second request is answered from the page cache. */
const get = (path: string, headers: Record<string, string> = {}) =>
  request(t.handler)
    .get(path)
    .set({ 'User-Agent': DESKTOP, ...headers })

describe('page views', () => {
  beforeEach(async () => {
    t = await createTestApp()
  })

  it('counts a product page when rendered and when answered from the page cache, with one visitor', async () => {
    expect((await get('/products/oxford-brogue')).status).toBe(200)
    const cached = await get('/products/oxford-brogue')
    expect(cached.headers['cache-status']).toBe(HIT)
    const etag = cached.headers.etag as string
    // a revalidation counts too
    expect((await get('/products/oxford-brogue', { 'If-None-Match': etag })).status).toBe(304)
    const day = await todayOnDisk(t)
    expect(day?.pages['/products/oxford-brogue']).toEqual({ views: 3, visitors: 1 })
    expect(day?.views).toBe(3)
    expect(day?.visitors).toBe(1)
  })

  it('counts the home page, and the catalogue by known category only', async () => {
    await get('/')
    await get('/products')
    await get('/products?category=bags')
    await get('/products?category=bags&utm_source=x')
    await get('/products?category=made-up')
    const day = await todayOnDisk(t)
    expect(day?.pages['/']?.views).toBe(1)
    expect(day?.pages['/products']?.views).toBe(2)
    expect(day?.pages['/products?category=bags']?.views).toBe(2)
    expect(Object.keys(day?.pages ?? {}).sort()).toEqual(['/', '/products', '/products?category=bags'])
  })

  it(
    'leaves out bots, prefetches, prerenders, HEAD, assets, APIs, the ' + 'workspace and addresses of no page',
    async () => {
      await get('/products', { 'User-Agent': GOOGLEBOT })
      await get('/products', { 'Sec-Purpose': 'prefetch' })
      await get('/products', { 'Sec-Purpose': 'prefetch;prerender' })
      await get('/products', { Purpose: 'prefetch' })
      expect((await request(t.handler).head('/products').set('User-Agent', DESKTOP)).status).toBe(200)
      await get('/api/products')
      await get('/api/products/oxford-brogue')
      await get('/robots.txt')
      await get('/sitemap.xml')
      await get('/images/seed/does-not-matter.jpg')
      await get('/admin')
      await get('/products/no-such-product')
      await get('/products/__proto__')
      await get('/constructor')
      await get('/no/such/page')
      expect(await todayOnDisk(t)).toBeUndefined()
    },
  )

  it('keeps the referring site’s domain, never our own, and the campaign tags', async () => {
    await get('/?utm_source=Instagram&utm_medium=social&utm_campaign=winter-boots', {
      Referer: 'https://www.instagram.com/p/abc?igsh=secret',
    })
    await get('/products', { Referer: 'https://www.example.co.uk/' }) // our own page
    await get('/products', { Referer: 'http://127.0.0.1/' }) // the address it was asked at
    await get('/terms', { Referer: 'https://news.example.org/a/long/path?q=leather' })
    await get('/privacy?utm_source=__proto__&utm_campaign=constructor')
    const day = await todayOnDisk(t)
    expect(day?.referrers).toEqual({ 'instagram.com': 1, 'news.example.org': 1 })
    // As a name like any other: it changes no object's prototype.
    expect(day?.sources).toEqual(
      Object.fromEntries([
        ['instagram', 1],
        ['__proto__', 1],
      ]),
    )
    expect(day?.mediums).toEqual({ social: 1 })
    expect(day?.campaigns).toEqual({ 'winter-boots': 1, constructor: 1 })
    expect(JSON.stringify(day)).not.toContain('igsh')
  })

  it('keeps at most 200 campaign names a day, adding up the rest as other', async () => {
    for (let n = 0; n < 205; n++) await get(`/?utm_campaign=c${n}`)
    const day = await todayOnDisk(t)
    expect(Object.keys(day?.campaigns ?? {})).toHaveLength(201)
    expect(day?.campaigns.other).toBe(5)
    expect(day?.views).toBe(205)
  })

  it('tells visitors apart within a day, and the kind of device each used', async () => {
    for (const ua of [PHONE, PHONE, TABLET, DESKTOP]) await get('/terms', { 'User-Agent': ua })
    await get('/privacy', { 'User-Agent': PHONE })
    const day = await todayOnDisk(t)
    expect(day?.pages['/terms']).toEqual({ views: 4, visitors: 3 })
    expect(day?.pages['/privacy']).toEqual({ views: 1, visitors: 1 })
    expect(day?.visitors).toBe(3)
    expect(day?.devices).toEqual({ phone: 3, tablet: 1, desktop: 1 })
  })

  it('never sets a cookie on a visitor’s answer', async () => {
    const answers = [
      await get('/'),
      await get('/'),
      await get('/products/oxford-brogue'),
      await get('/api/handoff/oxford-brogue'),
      await get('/terms?utm_source=x'),
    ]
    answers.push(await get('/', { 'If-None-Match': answers[1]!.headers.etag as string }), await get('/no-such-page'))
    // The order form's post without JavaScript, sent on to the payment page.
    answers.push(await request(t.handler).post('/products/oxford-brogue').type('form').send(ORDER))
    expect(answers.map((res) => res.status)).toEqual([200, 200, 200, 204, 200, 304, 404, 303])
    for (const res of answers) expect(res.headers['set-cookie']).toBeUndefined()
    expect((await todayOnDisk(t))?.views).toBe(5)
  })
})

describe('the owner', () => {
  beforeEach(async () => {
    t = await createTestApp({ env: { ADMIN_PASSWORD: 'a-long-owner-password' } })
  })

  it('is not counted when signed in, while a visitor on the same machine is', async () => {
    const owner = `Basic ${Buffer.from('admin:a-long-owner-password').toString('base64')}`
    await get('/products/oxford-brogue', { Authorization: owner })
    await get('/api/handoff/oxford-brogue', { Authorization: owner })
    await get('/products/oxford-brogue', {
      Authorization: `Basic ${Buffer.from('admin:wrong-password!!').toString('base64')}`,
    })
    const day = await todayOnDisk(t)
    expect(day?.pages['/products/oxford-brogue']?.views).toBe(1)
    expect(day?.handoffs).toEqual({})
  })
})

describe('with STATISTICS=off', () => {
  beforeEach(async () => {
    t = await createTestApp({ env: { STATISTICS: 'off' } })
  })

  it('counts nothing and writes no file', async () => {
    await get('/')
    await get('/api/handoff/oxford-brogue')
    expect(await todayOnDisk(t)).toBeUndefined()
  })
})
