/**
 * A product's counted stock: set in the product form, 'Only 1 left' on its page when the owner asks, and
 * sold out at 0 in every place a visitor reads it, exactly as when the owner marks it sold out.
 */
import request from 'supertest'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { dataOnDisk } from '../helpers/on-disk.ts'
import { hiddenField, pageText } from '../helpers/page-text.ts'
import { setStock } from '../helpers/orders.ts'
import { sentBack } from '../helpers/sent-back.ts'
import { createTestApp, type TestServer } from '../helpers/server.ts'

let t: TestServer
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

const productOnDisk = async (id: string) =>
  (await dataOnDisk<{ products: Record<string, unknown>[] }>(t.dataFile)).products.find((p) => p.id === id)!

async function openForm(id: string) {
  const page = await request(t.app).get(`/admin/products/${id}`).expect(200)
  const base = JSON.parse(hiddenField(page.text, 'base')) as Record<string, string>
  const form: Record<string, string> = { ...base }
  form.base = hiddenField(page.text, 'base')
  return { page: page.text, form }
}

describe('the product form', () => {
  beforeEach(() => setStock(t, 'bridle-belt', undefined))

  it('asks for the pieces ready, with a label and a hint, and a box for "Only 1 left"', async () => {
    const { page } = await openForm('bridle-belt')
    expect(page).toMatch(/<label for="product-stock">Pieces ready to send<\/label>/)
    expect(page).toMatch(
      /<input type="text" inputMode="numeric"[^>]*id="product-stock" aria-describedby="product-stock-hint"/,
    )
    expect(pageText(page)).toContain('Each paid order takes one off; at 0 it shows as sold out.')
    // The box inside its label: the whole line is the target.
    expect(page).toMatch(
      /<label for="product-showFewLeft"><input type="checkbox" id="product-showFewLeft"[^>]*>Say “Only 1 left” on its page/,
    )
  })

  it('saves the stock as a number and the box as true; empty stops counting', async () => {
    const { form } = await openForm('bridle-belt')
    await request(t.app)
      .post('/admin/products/bridle-belt')
      .type('form')
      .send({ ...form, stock: ' 2 ', showFewLeft: 'on' })
      .expect(303)
    expect(await productOnDisk('bridle-belt')).toMatchObject({ stock: 2, showFewLeft: true })
    const again = await openForm('bridle-belt')
    expect(again.page).toMatch(/<input[^>]*id="product-stock"[^>]*value="2"/)
    expect(again.page).toMatch(/<input type="checkbox" id="product-showFewLeft"[^>]*checked=""/)
    const { showFewLeft: _, ...unticked } = again.form
    await request(t.app)
      .post('/admin/products/bridle-belt')
      .type('form')
      .send({ ...unticked, stock: '' })
      .expect(303)
    const saved = await productOnDisk('bridle-belt')
    expect(saved).not.toHaveProperty('stock')
    expect(saved).not.toHaveProperty('showFewLeft')
  })

  it('sends a stock that is not a whole number back with its message, saving nothing', async () => {
    const { form } = await openForm('bridle-belt')
    const res = await sentBack(
      t.app,
      await request(t.app)
        .post('/admin/products/bridle-belt')
        .type('form')
        .send({ ...form, stock: '2.5' }),
    )
    expect(pageText(res.text)).toContain('Write how many are ready as a whole number, such as 3, or leave it empty.')
    expect(await productOnDisk('bridle-belt')).not.toHaveProperty('stock')
  })
})

describe('what visitors see of the stock', () => {
  it('says "Only 1 left" (or 2) on the product page when the owner ticked it, and nowhere else', async () => {
    const page = async () => pageText((await request(t.app).get('/products/dress-belt').expect(200)).text)
    await setStock(t, 'dress-belt', 1, true)
    expect(await page()).toMatch(/In stock\s*Only 1 left/)
    await setStock(t, 'dress-belt', 2, true)
    expect(await page()).toContain('Only 2 left')
    await setStock(t, 'dress-belt', 3, true)
    expect(await page()).not.toMatch(/Only \d left/)
    await setStock(t, 'dress-belt', 1, false)
    expect(await page()).not.toContain('Only 1 left')
    await setStock(t, 'dress-belt', 1, true)
    expect(pageText((await request(t.app).get('/products').expect(200)).text)).not.toContain('Only 1 left')
  })

  it('sells the product out at 0, exactly as the owner’s mark: pages, API, order post and JSON-LD', async () => {
    await setStock(t, 'briefcase', 0)
    const page = await request(t.app).get('/products/briefcase').expect(200)
    expect(page.text).toMatch(/data-availability="sold-out"[^>]*>Sold out/)
    expect(page.text).toContain('"availability":"https://schema.org/SoldOut"')
    const ordering = pageText((await request(t.app).get('/products/briefcase?order=1').expect(200)).text)
    expect(ordering).toContain('This product is sold out and cannot be ordered at the moment.')
    const listing = await request(t.app).get('/products?category=bags').expect(200)
    expect(pageText(listing.text)).toMatch(/Briefcase .*Sold out/)
    const api = await request(t.app).get('/api/products/briefcase').expect(200)
    expect(api.body.availability).toBe('sold-out')
    const order = { firstName: 'A', lastName: 'B', email: 'a@example.com', phone: '1', address: 'x', size: '' }
    expect((await request(t.app).post('/products/briefcase').type('form').send(order)).status).toBe(409)
    // In stock again once the owner counts more.
    await setStock(t, 'briefcase', 4)
    expect((await request(t.app).get('/api/products/briefcase').expect(200)).body.availability).toBeUndefined()
    const back = await request(t.app).post('/products/briefcase').type('form').send(order)
    expect(back.status).toBe(303)
  })
})
