import { readFile } from 'node:fs/promises'
import request from 'supertest'
import { describe, expect, it } from 'vitest'
import { checkDataText } from '../../data/check.server.ts'
import { seedProducts } from '../../data/seed/products.ts'
import type { Availability } from '../../domain/availability.ts'
import { SOLD_OUT_MESSAGE } from '../../domain/availability.ts'
import { testAppForFile } from '../helpers/server.ts'
import { pageText } from '../helpers/page-text.ts'
import { JANE_ORDERS } from '../helpers/order-form.ts'
import { PUBLIC_PRODUCT_FIELDS } from '../helpers/product-form.ts'

const t = testAppForFile()

const offerOf = (html: string) => {
  const blocks = [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].flatMap((m) =>
    [JSON.parse(m[1]!)].flat(),
  ) as Record<string, unknown>[]
  return (blocks.find((b) => b['@type'] === 'Product') as { offers: { availability: string } }).offers
}
const ORDER = { ...JANE_ORDERS, size: '' }

async function setAvailability(id: string, availability: Availability | undefined, leadTime?: string) {
  await t.store.updateProduct(id, (p) => {
    const { availability: _a, leadTime: _l, ...rest } = p
    return { ...rest, ...(availability ? { availability } : {}), ...(leadTime ? { leadTime } : {}) }
  })
}

describe('availability', () => {
  it('is in stock when the data file does not say (the seed catalogue as it is)', async () => {
    const res = await request(t.app).get('/products/tote-bag').expect(200)
    expect(pageText(res.text)).toContain('In stock')
    expect(offerOf(res.text).availability).toBe('https://schema.org/InStock')
    expect(pageText(res.text)).toContain('Purchase Now')
  })

  it(
    'sold out: the page and its photographs stay, Purchase Now says so, and ' +
      'no order is taken with or without JavaScript',
    async () => {
      await setAvailability('tote-bag', 'sold-out')
      const page = await request(t.app).get('/products/tote-bag').expect(200)
      expect(pageText(page.text)).toContain('Sold out')
      expect(page.text).toMatch(/<img[^>]+tote-bag/)
      expect(page.text).not.toContain('action="/products/tote-bag#order"')
      expect(page.text).toMatch(/<button[^>]*disabled[^>]*>Sold out<\/button>/)
      expect(offerOf(page.text).availability).toBe('https://schema.org/SoldOut')

      const form = await request(t.app).get('/products/tote-bag?order=1').expect(200)
      expect(pageText(form.text)).toContain(SOLD_OUT_MESSAGE)
      expect(form.text).not.toMatch(/name="firstName"/)

      const post = await request(t.app).post('/products/tote-bag').type('form').send(ORDER)
      expect(post.status).toBe(409)
      expect(post.headers.location).toBeUndefined()
      expect(pageText(post.text)).toContain(SOLD_OUT_MESSAGE)

      const catalogue = await request(t.app).get('/products?category=bags').expect(200)
      const card = /<article class="product-card"[^>]*aria-labelledby="product-tote-bag"[\s\S]*?<\/article>/.exec(
        catalogue.text,
      )![0]
      expect(card).toContain('Sold out')
      expect(card).not.toContain('action="/products/tote-bag#order"')
      await setAvailability('tote-bag', undefined)
      expect((await request(t.app).post('/products/tote-bag').type('form').send(ORDER)).status).toBe(303)
    },
  )

  it('made to order: the lead time is shown, the offer says MadeToOrder, and orders are taken', async () => {
    await setAvailability('briefcase', 'made-to-order', '3 weeks')
    const page = await request(t.app).get('/products/briefcase').expect(200)
    expect(pageText(page.text)).toContain('Made to order: ready in 3 weeks')
    expect(offerOf(page.text).availability).toBe('https://schema.org/MadeToOrder')
    expect((await request(t.app).post('/products/briefcase').type('form').send(ORDER)).status).toBe(303)
  })

  it(
    'made to order says one thing: the page and the card give the lead time ' +
      'instead of the dispatch promise, and the order note carries it',
    async () => {
      await setAvailability('briefcase', 'made-to-order', '3 weeks')
      const page = pageText((await request(t.app).get('/products/briefcase').expect(200)).text)
      expect(page).toContain('Made to order: ready in 3 weeks; 14 days to change your mind')
      expect(page).not.toMatch(/Dispatched in/i)
      const catalogue = await request(t.app).get('/products?category=bags').expect(200)
      const card = pageText(
        /<article class="product-card"[^>]*aria-labelledby="product-briefcase"[\s\S]*?<\/article>/.exec(
          catalogue.text,
        )![0],
      )
      expect(card).toContain('Made to order: ready in 3 weeks')
      expect(card).not.toMatch(/Dispatched in/i)
      const post = await request(t.app).post('/products/briefcase').type('form').send(ORDER).expect(303)
      expect(new URL(post.headers.location!).searchParams.get('note')!.split('\n')).toContain(
        'Made to order: ready in 3 weeks',
      )

      expect(pageText((await request(t.app).get('/products/weekender-holdall').expect(200)).text)).toContain(
        'Dispatched in 5-7 business days; 14 days to change your mind',
      )
    },
  )

  it('stays out of GET /api/products, which keeps its eight fields', async () => {
    const products = (await request(t.app).get('/api/products').expect(200)).body as Record<string, unknown>[]
    expect(Object.keys(products.find((p) => p.id === 'briefcase')!)).toEqual(PUBLIC_PRODUCT_FIELDS)
    expect(
      JSON.parse(await readFile(t.dataFile, 'utf8')).products.find((p: { id: string }) => p.id === 'briefcase'),
    ).toMatchObject({ availability: 'made-to-order', leadTime: '3 weeks' })
  })
})

describe('the data file check of availability', () => {
  const file = (extra: object) =>
    JSON.stringify({ products: [{ ...seedProducts[0], ...extra }], messages: [] }, null, 2)
  it(
    'accepts no field, each of the three values, and refuses anything else ' +
      'or a made-to-order without its lead time',
    () => {
      for (const extra of [
        {},
        { availability: 'in-stock' },
        { availability: 'sold-out' },
        { availability: 'made-to-order', leadTime: '2 weeks' },
      ]) {
        expect(checkDataText(file(extra), 'db.json').ok, JSON.stringify(extra)).toBe(true)
      }
      const wrong = checkDataText(file({ availability: 'gone' }), 'db.json')
      expect(!wrong.ok && wrong.problem.message).toMatch(
        /field "availability", line \d+, column \d+ must be one of "in-stock", "made-to-order", "sold-out"/,
      )
      const noLead = checkDataText(file({ availability: 'made-to-order' }), 'db.json')
      expect(!noLead.ok && noLead.problem.message).toMatch(
        /field "leadTime".* must say how long a made-to-order product takes/,
      )
    },
  )
})
