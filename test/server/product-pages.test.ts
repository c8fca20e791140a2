import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import request from 'supertest'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { buildOrderNote, buildPaymentUrl, clientReference, type OrderForm } from '../../domain/order.ts'
import { spawnServer, type ChildServer } from '../../support/child-server.ts'
import { testAppForFile } from '../helpers/server.ts'
import { pageText } from '../helpers/page-text.ts'
import { JANE_ORDERS } from '../helpers/order-form.ts'

const t = testAppForFile()

const jsonLd = (html: string) =>
  [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map(
    (m) => JSON.parse(m[1]!) as Record<string, unknown>,
  )

const EMPTY_ORDER: OrderForm = { firstName: '', lastName: '', email: '', phone: '', address: '', size: '' }
const ORDER = { ...JANE_ORDERS, size: '42' }

describe('a page for every product (/products/{id})', () => {
  it('answers 200 for every product with its name, sku, price, description and a Purchase Now control', async () => {
    for (const p of t.store.products) {
      const res = await request(t.app).get(`/products/${p.id}`).expect(200)
      const body = pageText(res.text)
      for (const s of [p.name, p.sku, p.price, p.description, 'Purchase Now'])
        expect(body, `${p.id}: ${s}`).toContain(s)
      expect(res.text).toContain(`<link rel="canonical" href="https://www.example.co.uk/products/${p.id}"`)
    }
  })

  it('answers 404 with the not-found page for an unknown product and for deeper addresses', async () => {
    for (const path of ['/products/no-such-thing', '/products/oxford-brogue/extra', '/products/x/y']) {
      const res = await request(t.app).get(path)
      expect(res.status, path).toBe(404)
      expect(res.text, path).toMatch(/noindex/)
    }
  })

  it('describes the product to search engines: Product with an offer in GBP, and its breadcrumb', async () => {
    const p = t.store.products.find((x) => x.id === 'oxford-brogue')!
    const res = await request(t.app).get('/products/oxford-brogue').expect(200)
    const blocks = jsonLd(res.text).flatMap((b) => (Array.isArray(b) ? b : [b])) as Record<string, unknown>[]
    const product = blocks.find((b) => b['@type'] === 'Product') as {
      name: string
      sku: string
      offers: { priceCurrency: string; price: string; url: string }
    }
    expect(product.name).toBe(p.name)
    expect(product.sku).toBe(p.sku)
    expect(product.offers.priceCurrency).toBe('GBP')
    expect(Number(product.offers.price)).toBeGreaterThan(0)
    expect(blocks.some((b) => b['@type'] === 'BreadcrumbList')).toBe(true)
  })

  it('gives search results a description they show whole: the price first, at most 155 characters', async () => {
    const meta = (html: string, attr: string) => new RegExp(`<meta ${attr}="([^"]*)"`).exec(html)?.[1]
    const long = `A roomy travel holdall. ${'Saddle-stitched by hand, with brass fittings and a cotton lining. '.repeat(25)}`
    const was = t.store.products.find((p) => p.id === 'weekender-holdall')!.description
    await t.store.updateProduct('weekender-holdall', (p) => ({ ...p, description: long }))
    try {
      for (const p of t.store.products) {
        const html = (await request(t.app).get(`/products/${p.id}`).expect(200)).text
        const description = meta(html, 'name="description" content')!
        expect(description.length, p.id).toBeLessThanOrEqual(155)
        expect(description, p.id).toMatch(new RegExp(`^${p.price.replace('.', '\\.')}, handmade in Northampton\\. `))
        expect(meta(html, 'property="og:description" content'), p.id).toBe(description)
      }
      const cut = meta((await request(t.app).get('/products/weekender-holdall')).text, 'name="description" content')
      expect(cut).toMatch(/ A roomy travel holdall\. Saddle-stitched .*[a-z]…$/)
    } finally {
      await t.store.updateProduct('weekender-holdall', (p) => ({ ...p, description: was }))
    }
  })

  it('shares as a product, with a 1200×630 JPEG card that the server makes', async () => {
    const res = await request(t.app).get('/products/oxford-brogue').expect(200)
    expect(res.text).toContain('<meta property="og:type" content="product"')
    const image = /<meta property="og:image" content="([^"]+)"/.exec(res.text)?.[1]
    expect(image).toMatch(/^https:\/\/www\.example\.co\.uk\/social\/products\/oxford-brogue-[\w-]+\.jpg$/)
    const card = await request(t.app).get(new URL(image!).pathname).expect(200)
    expect(card.headers['content-type']).toBe('image/jpeg')
    expect(card.body.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]))
  })

  it("renders 'Place Your Order' with every field at ?order=1, posting to the product's own address", async () => {
    const res = await request(t.app).get('/products/oxford-brogue?order=1').expect(200)
    const body = pageText(res.text)
    expect(body).toContain('Place Your Order')
    for (const label of ['First name', 'Last name', 'Email', 'Phone', 'Delivery address', 'Size'])
      expect(body).toContain(label)
    const form = res.text.match(/<form[^>]*action="\/products\/oxford-brogue\?order=1#order"[^>]*>/)?.[0]
    expect(form).toMatch(/ method="post"/)
  })
})

describe('ordering without JavaScript (POST /products/{id})', () => {
  it('answers a valid order with 303 to the payment link carrying the same note as the dialog', async () => {
    const p = t.store.products.find((x) => x.id === 'oxford-brogue')!
    const res = await request(t.app).post('/products/oxford-brogue').type('form').send(ORDER).expect(303)
    expect(res.headers.location).toBe(
      buildPaymentUrl(p.paymentLink, buildOrderNote(p, ORDER), clientReference(p, ORDER.size)),
    )
    expect(res.headers['cache-control']).toBe('no-store')
  })

  it('asks no size for a belt', async () => {
    const belt = t.store.products.find((x) => x.category === 'belts')!
    const res = await request(t.app)
      .post(`/products/${belt.id}`)
      .type('form')
      .send({ ...ORDER, size: '' })
      .expect(303)
    expect(res.headers.location).toBe(
      buildPaymentUrl(belt.paymentLink, buildOrderNote(belt, { ...ORDER, size: '' }), clientReference(belt, '')),
    )
  })

  it(
    'sends an order with mistakes back as the page, with each message ' + 'beside its field and the values kept',
    async () => {
      const res = await request(t.app)
        .post('/products/oxford-brogue')
        .type('form')
        .send({ ...EMPTY_ORDER, firstName: 'Jane', email: 'not-an-email' })
        .expect(400)
      const body = pageText(res.text)
      for (const m of [
        'Last name is required',
        'Invalid email format',
        'Phone number is required',
        'Delivery address is required',
        'Please select a size',
      ]) {
        expect(body).toContain(m)
      }
      expect(body).not.toContain('First name is required')
      expect(res.text).toMatch(/name="firstName"[^>]*value="Jane"|value="Jane"[^>]*name="firstName"/)
      expect(res.text).toMatch(/name="email"[^>]*value="not-an-email"|value="not-an-email"[^>]*name="email"/)
      expect(res.headers['cache-control']).toBe('no-store')
      expect(res.headers['x-robots-tag']).toBe('noindex')
    },
  )

  it('escapes what was typed when the form comes back', async () => {
    const res = await request(t.app)
      .post('/products/oxford-brogue')
      .type('form')
      .send({ ...EMPTY_ORDER, firstName: '"><script>alert(1)</script>' })
      .expect(400)
    expect(res.text).not.toContain('<script>alert(1)</script>')
  })

  it("keeps one visitor's order out of the next visitor's page", async () => {
    await request(t.app)
      .post('/products/oxford-brogue')
      .type('form')
      .send({ ...EMPTY_ORDER, firstName: 'Private Person' })
      .expect(400)
    const next = await request(t.app).get('/products/oxford-brogue?order=1').expect(200)
    expect(next.text).not.toContain('Private Person')
  })

  it('refuses a post from another website (403), an unknown product (404) and an oversized body (413)', async () => {
    await request(t.app)
      .post('/products/oxford-brogue')
      .set('Sec-Fetch-Site', 'cross-site')
      .type('form')
      .send(ORDER)
      .expect(403)
    await request(t.app)
      .post('/products/oxford-brogue')
      .set('Origin', 'https://evil.example')
      .type('form')
      .send(ORDER)
      .expect(403)
    await request(t.app).post('/products/no-such-thing').type('form').send(ORDER).expect(404)
    const big = await request(t.app)
      .post('/products/oxford-brogue')
      .type('form')
      .send({ ...ORDER, address: 'x'.repeat(200_000) })
    expect(big.status).toBe(413)
    expect(big.text).toMatch(/too long/)
  })
})

describe('an order is neither stored nor logged', () => {
  let s: ChildServer
  let dataFile: string
  beforeAll(async () => {
    dataFile = path.join(await mkdtemp(path.join(tmpdir(), 'orders-')), 'db.json')
    s = await spawnServer({ DATA_FILE: dataFile, LOG_LEVEL: 'debug' })
  })
  afterAll(async () => {
    s.child.kill('SIGKILL')
    await s.exited
    await rm(path.dirname(dataFile), { recursive: true, force: true })
  })

  it('leaves no trace of the personal fields in the log or the data file', async () => {
    const form = new URLSearchParams({ ...ORDER, firstName: 'Zebedee', address: '99 Secret Lane' })
    const ok = await fetch(`${s.url}/products/oxford-brogue`, { method: 'POST', body: form, redirect: 'manual' })
    expect(ok.status).toBe(303)
    const bad = await fetch(`${s.url}/products/oxford-brogue`, {
      method: 'POST',
      body: new URLSearchParams({ firstName: 'Zebedee', email: 'zeb@secret.example' }),
    })
    expect(bad.status).toBe(400)
    // Both requests' lines are in the log before it is searched: an empty log would hide nothing.
    const linesOf = (status: number) =>
      s
        .output()
        .split('\n')
        .filter((l) => l.includes('"url":"/products/oxford-brogue"') && l.includes(`"statusCode":${status}`))
    await vi.waitFor(() => expect([linesOf(303).length, linesOf(400).length]).toEqual([1, 1]), {
      timeout: 30_000,
      interval: 20,
    })
    const log = s.output()
    for (const secret of ['Zebedee', 'Secret Lane', 'zeb@secret.example', '07700']) expect(log).not.toContain(secret)
    const file = await readFile(dataFile, 'utf8')
    expect(file).toContain('oxford-brogue')
    expect(file).not.toContain('Zebedee')
  })
})
