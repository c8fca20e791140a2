/**
 * The owner's product pages over HTTP, as a browser without JavaScript uses them: every change posts,
 * goes through the store (the data file on disk changes), is served at once, and is in the history.
 */
import { readFile } from 'node:fs/promises'
import request from 'supertest'
import { describe, expect, it } from 'vitest'
import { testAppForEachTest } from '../helpers/server.ts'
import { BAD_PAYMENT_LINKS } from '../helpers/bad-payment-links.ts'
import { ownerSaves } from '../helpers/owner-save.ts'
import { dataOnDisk } from '../helpers/on-disk.ts'
import { hiddenField, pageText } from '../helpers/page-text.ts'
import { openProductForm } from '../helpers/product-form.ts'
import { sentBack } from '../helpers/sent-back.ts'

const t = testAppForEachTest()

const onDisk = async () => dataOnDisk<{ products: Record<string, unknown>[]; messages: unknown[] }>(t.dataFile)

describe('the products list', () => {
  it('lists every product for the owner, privately, with search and a category filter', async () => {
    const all = await request(t.app).get('/admin/products').expect(200)
    expect(all.headers['cache-control']).toBe('private, no-store')
    expect(all.headers['x-robots-tag']).toBe('noindex')
    for (const p of t.store.products) expect(pageText(all.text)).toContain(p.name)
    const searched = pageText((await request(t.app).get('/admin/products?q=fw-oxb').expect(200)).text)
    expect(searched).toContain('Oxford Brogue')
    expect(searched).not.toContain('Chelsea Boot')
    const belts = pageText((await request(t.app).get('/admin/products?category=belts').expect(200)).text)
    expect(belts).toContain('Braided Belt')
    expect(belts).not.toContain('Market Tote')
  })
})

describe('editing a product', () => {
  it('saves a new price to the file and the site, and records it in the history', async () => {
    const form = await openProductForm(t, 'oxford-brogue')
    const res = await request(t.app)
      .post('/admin/products/oxford-brogue')
      .type('form')
      .send({ ...form, price: '£199.00' })
    expect(res.status).toBe(303)
    expect(res.headers.location).toBe('/admin/products/oxford-brogue?done=saved')
    expect((await onDisk()).products.find((p) => p.id === 'oxford-brogue')!.price).toBe('£199.00')
    expect(pageText((await request(t.app).get('/products').expect(200)).text)).toContain('£199.00')
    const api = (await request(t.app).get('/api/products').expect(200)).body as { id: string; price: string }[]
    expect(api.find((p) => p.id === 'oxford-brogue')!.price).toBe('£199.00')
    const history = pageText((await request(t.app).get('/admin/history').expect(200)).text)
    expect(history).toMatch(/Oxford Brogue: changed .* You, in the workspace .*Price £185\.00 → £199\.00/)
  })

  it('sends a wrong form back with the messages beside the fields and the values kept, saving nothing', async () => {
    const before = await readFile(t.dataFile, 'utf8')
    const form = await openProductForm(t, 'oxford-brogue')
    const res = await sentBack(
      t.app,
      await request(t.app)
        .post('/admin/products/oxford-brogue')
        .type('form')
        .send({ ...form, price: '185 pounds', paymentLink: 'not a link', availability: 'made-to-order', leadTime: '' }),
    )
    expect(res.headers['cache-control']).toBe('private, no-store')
    expect(res.text).toMatch(
      /id="product-price"[^>]*aria-invalid="true"[^>]*aria-describedby="product-price-hint product-price-error"/,
    )
    expect(res.text).toContain('id="product-price-error">Write the price in pounds, such as 185')
    expect(res.text).toContain('id="product-leadTime-error">Say how long it takes to make')
    expect(res.text).toContain('id="product-paymentLink-error">')
    expect(res.text).toMatch(/value="185 pounds"/)
    expect(await readFile(t.dataFile, 'utf8')).toBe(before)
  })

  it(
    'takes a price and a payment link as people type them, and writes them ' + 'to the file as the shop shows them',
    async () => {
      const form = await openProductForm(t, 'oxford-brogue')
      await request(t.app)
        .post('/admin/products/oxford-brogue')
        .type('form')
        .send({ ...form, price: '375', paymentLink: 'buy.stripe.com/ash_oxford' })
        .expect(303)
      const saved = (await onDisk()).products.find((p) => p.id === 'oxford-brogue')!
      expect([saved.price, saved.paymentLink]).toEqual(['£375.00', 'https://buy.stripe.com/ash_oxford'])
      const fresh = {
        id: '',
        name: 'Ash Belt',
        price: '£1,250.5',
        category: 'belts',
        availability: 'in-stock',
        leadTime: '',
        sku: 'BL-ASH-001',
        description: '',
        paymentLink: 'buy.stripe.com/ash_belt',
      }
      await request(t.app).post('/admin/products/new').type('form').send(fresh).expect(303)
      const added = (await onDisk()).products.find((p) => p.id === 'ash-belt')!
      expect([added.price, added.paymentLink]).toEqual(['£1,250.50', 'https://buy.stripe.com/ash_belt'])
    },
  )

  it(
    'lists every mistake at the top of the form it sends back, each a link ' +
      'to its field, focused as the page opens',
    async () => {
      const form = await openProductForm(t, 'oxford-brogue')
      const fresh = {
        id: 'Ash Belt',
        name: '',
        price: 'lots',
        category: 'belts',
        availability: 'in-stock',
        leadTime: '',
        sku: 'BL-ASH-001',
        description: '',
        paymentLink: 'buy stripe.com',
      }
      for (const [url, body, listed] of [
        [
          '/admin/products/oxford-brogue',
          { ...form, price: 'lots', paymentLink: 'buy stripe.com' },
          ['price', 'paymentLink'],
        ],
        ['/admin/products/new', fresh, ['name', 'id', 'price', 'paymentLink']],
      ] as const) {
        const res = await sentBack(t.app, await request(t.app).post(url).type('form').send(body))
        const summary = /<div id="error-summary"([^>]*)>([\s\S]*?)<\/div>/.exec(res.text)
        expect(summary, url).not.toBeNull()
        expect(summary![1]).toMatch(/role="alert"/)
        expect(summary![1]).toMatch(/tabindex="-1"/)
        expect(summary![1]).toMatch(/autofocus=""/)
        expect(pageText(summary![2]!)).toMatch(/^ ?There is a problem /)
        expect([...summary![2]!.matchAll(/<a href="#product-(\w+)">/g)].map((m) => m[1])).toEqual(listed)
        for (const field of listed) expect(res.text).toContain(`id="product-${field}-error"`)
        expect(res.text.indexOf('id="error-summary"'), 'above the fields').toBeLessThan(
          res.text.indexOf('id="product-name"'),
        )
        expect(res.text).toContain('value="lots"')
        expect(res.text).toContain('value="buy stripe.com"')
      }
    },
  )

  it(
    'refuses a payment link that is not https:// with a valid host name, ' +
      'with the message beside the field, on an edit and on a new product',
    async () => {
      const before = await readFile(t.dataFile, 'utf8')
      const form = await openProductForm(t, 'bridle-belt')
      const fresh = {
        id: '',
        name: 'Ash Belt',
        price: '£95.00',
        category: 'belts',
        availability: 'in-stock',
        leadTime: '',
        sku: 'BL-ASH-001',
        description: '',
        mainImage: '/images/seed/bridle-belt.svg',
      }
      for (const link of BAD_PAYMENT_LINKS) {
        for (const [url, body] of [
          ['/admin/products/bridle-belt', { ...form, paymentLink: link }],
          ['/admin/products/new', { ...fresh, paymentLink: link }],
        ] as const) {
          const res = await sentBack(t.app, await request(t.app).post(url).type('form').send(body))
          expect(res.text).toMatch(
            /aria-invalid="true"[^>]*aria-describedby="product-paymentLink-hint product-paymentLink-error"/,
          )
          expect(res.text).toContain(
            'id="product-paymentLink-error">Write the whole address of the card ' +
              'payment page, starting with https:// and a host name such as ' +
              'buy.stripe.com, without spaces or commas.<',
          )
        }
      }
      expect(await readFile(t.dataFile, 'utf8')).toBe(before)
    },
  )

  it('marks a product sold out from the form: it can no longer be ordered', async () => {
    const form = await openProductForm(t, 'tote-bag')
    await request(t.app)
      .post('/admin/products/tote-bag')
      .type('form')
      .send({ ...form, availability: 'sold-out' })
      .expect(303)
    expect((await onDisk()).products.find((p) => p.id === 'tote-bag')!.availability).toBe('sold-out')
    const order = { firstName: 'A', lastName: 'B', email: 'a@example.com', phone: '1', address: 'x', size: '' }
    expect((await request(t.app).post('/products/tote-bag').type('form').send(order)).status).toBe(409)
  })

  it('refuses a form posted from another website', async () => {
    const form = await openProductForm(t, 'oxford-brogue')
    const res = await request(t.app)
      .post('/admin/products/oxford-brogue')
      .set('Origin', 'https://evil.example')
      .type('form')
      .send({ ...form, price: '£1.00' })
    expect(res.status).toBe(403)
    expect((await onDisk()).products.find((p) => p.id === 'oxford-brogue')!.price).toBe('£185.00')
  })
})

describe('two tabs on the same product', () => {
  it(
    'tells the second save that it is out of date, shows both versions, and ' + 'saves nothing until it is sent again',
    async () => {
      const first = await openProductForm(t, 'chelsea-boot')
      const second = await openProductForm(t, 'chelsea-boot')
      await request(t.app)
        .post('/admin/products/chelsea-boot')
        .type('form')
        .send({ ...first, price: '£220.00' })
        .expect(303)
      const late = await sentBack(
        t.app,
        await request(t.app)
          .post('/admin/products/chelsea-boot')
          .type('form')
          .send({ ...second, price: '£230.00' }),
      )
      const shown = pageText(late.text)
      expect(shown).toContain('saved in another tab or window after you opened it')
      expect(shown).toMatch(/Price Saved now: £220\.00 Yours: £230\.00/)
      expect((await onDisk()).products.find((p) => p.id === 'chelsea-boot')!.price).toBe('£220.00')
      // Sending the form it came back with keeps the owner's version, knowingly.
      const again = {
        ...second,
        price: '£230.00',
        base: hiddenField(late.text, 'base'),
      }
      await request(t.app).post('/admin/products/chelsea-boot').type('form').send(again).expect(303)
      expect((await onDisk()).products.find((p) => p.id === 'chelsea-boot')!.price).toBe('£230.00')
    },
  )
})

describe('the browser and an editor on the same product', () => {
  it(
    'keeps the field each side changed; where both changed one, the later ' +
      'save wins and the other is in the history',
    async () => {
      const stale = await readFile(t.dataFile, 'utf8')
      const form = await openProductForm(t, 'penny-loafer')
      // The editor's copy, opened before: the name and the price changed there.
      const edited = JSON.parse(stale) as { products: Record<string, unknown>[] }
      const loafer = edited.products.find((p) => p.id === 'penny-loafer')!
      loafer.name = 'Penny Loafer in Cognac'
      loafer.price = '£170.00'
      await ownerSaves(t.store, JSON.stringify(edited, null, 2))
      // The browser, later, from the form opened before that save: price and description.
      await request(t.app)
        .post('/admin/products/penny-loafer')
        .type('form')
        .send({ ...form, price: '£175.00', description: 'Now with a leather sole.' })
        .expect(303)
      const saved = (await onDisk()).products.find((p) => p.id === 'penny-loafer')!
      expect(saved).toMatchObject({
        name: 'Penny Loafer in Cognac',
        description: 'Now with a leather sole.',
        price: '£175.00',
      })
      const history = pageText((await request(t.app).get('/admin/history').expect(200)).text)
      expect(history).toMatch(/An edit of the data file .*Price £165\.00 → £170\.00/)
    },
  )
})

describe('adding, duplicating, removing, ordering', () => {
  it('adds a product with an id made from its name, unique, and serves its page once published', async () => {
    const product = {
      name: 'Oxford Brogue',
      price: '£1,250.00',
      category: 'footwear',
      availability: 'made-to-order',
      leadTime: '6 weeks',
      sku: 'FW-BSP-001',
      description: 'Bespoke.',
      paymentLink: 'https://buy.stripe.com/bespoke',
      id: '',
    }
    const res = await request(t.app).post('/admin/products/new').type('form').send(product)
    expect(res.status).toBe(303)
    expect(res.headers.location).toBe('/admin/products/oxford-brogue-2?done=added')
    expect((await onDisk()).products.at(-1)).toMatchObject({
      id: 'oxford-brogue-2',
      price: '£1,250.00',
      availability: 'made-to-order',
      leadTime: '6 weeks',
      status: 'draft',
    })
    const form = await openProductForm(t, 'oxford-brogue-2')
    await request(t.app)
      .post('/admin/products/oxford-brogue-2')
      .type('form')
      .send({ ...form, mainImage: '/images/seed/oxford-brogue.svg' })
      .expect(303)
    await request(t.app).post('/admin/products/oxford-brogue-2/publish').expect(303)
    expect(pageText((await request(t.app).get('/products/oxford-brogue-2').expect(200)).text)).toContain(
      'Made to order: ready in 6 weeks',
    )
    const taken = await sentBack(
      t.app,
      await request(t.app)
        .post('/admin/products/new')
        .type('form')
        .send({ ...product, id: 'oxford-brogue' }),
    )
    expect(taken.text).toContain('Another product already has the id oxford-brogue')
  })

  it('duplicates a product just after it', async () => {
    const res = await request(t.app).post('/admin/products/briefcase/duplicate').expect(303)
    expect(res.headers.location).toBe('/admin/products/briefcase-copy?done=duplicated')
    const ids = (await onDisk()).products.map((p) => p.id)
    expect(ids[ids.indexOf('briefcase') + 1]).toBe('briefcase-copy')
  })

  it('removes a product (history keeps it) and brings it back where it stood', async () => {
    const order = t.store.products.map((p) => p.id)
    const res = await request(t.app).post('/admin/products/monk-strap/remove').expect(303)
    expect((await onDisk()).products.some((p) => p.id === 'monk-strap')).toBe(false)
    expect((await request(t.app).get('/products/monk-strap')).status).toBe(404)
    const list = await request(t.app).get(res.headers.location!).expect(200)
    expect(pageText(list.text)).toContain('Double Monk Strap was removed from the shop.')
    const undo = /action="(\/admin\/history\/[^"]+\/restore)"/.exec(list.text)![1]!
    await request(t.app).post(undo).expect(303)
    expect((await onDisk()).products.map((p) => p.id)).toEqual(order)
    expect((await request(t.app).get('/products/monk-strap')).status).toBe(200)
  })

  it('moves a product up and down the list the shop shows', async () => {
    await request(t.app).post('/admin/products/chelsea-boot/move').type('form').send({ to: 'up' }).expect(303)
    expect((await onDisk()).products.slice(0, 2).map((p) => p.id)).toEqual(['chelsea-boot', 'oxford-brogue'])
    await request(t.app).post('/admin/products/chelsea-boot/move').type('form').send({ to: 'down' }).expect(303)
    expect((await onDisk()).products.slice(0, 2).map((p) => p.id)).toEqual(['oxford-brogue', 'chelsea-boot'])
  })
})
