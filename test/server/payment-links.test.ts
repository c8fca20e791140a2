/**
 * One product's wrong payment link stays that product's problem: with such a link in the data file
 * (there before the start, or saved by the owner while the site runs), every page, the enquiry API,
 * /healthz and the workspace answer as usual, the security header names valid origins only, the
 * product says to get in touch instead of taking an order, and the health panel names it.
 */
import { writeFile } from 'node:fs/promises'
import path from 'node:path'
import request from 'supertest'
import { afterEach, describe, expect, it } from 'vitest'
import { seedProducts } from '../../data/seed/products.ts'
import { isPaymentLink } from '../../domain/payment-link.ts'
import { BAD_PAYMENT_LINKS } from '../helpers/bad-payment-links.ts'
import { ownerSaves } from '../helpers/owner-save.ts'
import { createTestApp, type TestServer } from '../helpers/server.ts'
import { validEnquiry } from '../helpers/valid-enquiry.ts'
import { pageText } from '../helpers/page-text.ts'
import { JANE_ORDERS } from '../helpers/order-form.ts'

const ORDER = { ...JANE_ORDERS, size: '' }
const pretty = (data: unknown) => `${JSON.stringify(data, null, 2)}\n`
const withLink = (products: readonly { id: string }[], id: string, paymentLink: string) =>
  products.map((p) => (p.id === id ? { ...p, paymentLink } : p))

let t: TestServer | undefined
afterEach(async () => {
  await t?.close()
  t = undefined
})

/** The sources the security header lets forms lead on to. */
function formAction(res: request.Response): string[] {
  const csp = String(res.headers['content-security-policy'])
  const directive = csp
    .split(';')
    .map((d) => d.trim())
    .find((d) => d.startsWith('form-action '))!
  return directive.split(/\s+/).slice(1)
}

async function expectServedAround(app: TestServer['app'], id: string, link: string) {
  for (const page of ['/', '/products', '/products/oxford-brogue', '/admin', '/admin/products']) {
    const res = await request(app).get(page)
    expect(res.status, page).toBe(200)
    for (const source of formAction(res))
      expect(source === "'self'" || isPaymentLink(source), `${page}: ${source}`).toBe(true)
    expect(formAction(res)).toContain('https://buy.stripe.com')
  }
  // A monitor looking for "ok" tells the owner; the detail is
  // the owner's alone (this test asks from the server machine).
  const healthz = await request(app).get('/healthz').expect(200)
  expect(healthz.body.status).toBe('attention')
  expect(healthz.body.dataFile).toContain(`(id "${id}"), field "paymentLink"`)
  const api = (await request(app).get('/api/products').expect(200)).body as { id: string; paymentLink: string }[]
  expect(api.map((p) => p.id)).toContain('oxford-brogue')
  expect(api.map((p) => p.id)).not.toContain(id)
  for (const p of api) expect(isPaymentLink(p.paymentLink), p.id).toBe(true)
  expect((await request(app).post('/api/contact').send(validEnquiry)).status).toBe(201)

  const page = await request(app).get(`/products/${id}`).expect(200)
  expect(pageText(page.text)).toContain(
    'This product cannot be ordered online just now. Please get in touch to order it.',
  )
  expect(page.text).toMatch(/<a href="\/contact">Please get in touch to order it\.<\/a>/)
  const asked = await request(app).get(`/products/${id}?order=1`).expect(200)
  expect(asked.text).not.toContain('method="post"')

  const posted = await request(app).post(`/products/${id}`).type('form').send(ORDER)
  expect(posted.status).toBe(409)
  expect(posted.headers.location).toBeUndefined()
  expect(pageText(posted.text)).toContain('Please get in touch to order it.')

  const health = pageText((await request(app).get('/admin/health').expect(200)).text)
  const name = seedProducts.find((p) => p.id === id)!.name
  expect(health).toContain(`"${name}" (${id}) cannot be ordered: its field "paymentLink"`)
  expect(health).toContain(JSON.stringify(link))
}

describe('a wrong payment link in the data file', () => {
  it('written before the start: the site serves, and only that product cannot be ordered', async () => {
    t = await createTestApp({
      prepare: (dir) =>
        writeFile(
          path.join(dir, 'db.json'),
          pretty({ products: withLink(seedProducts, 'bridle-belt', BAD_PAYMENT_LINKS[0]), messages: [] }),
        ),
    })
    await expectServedAround(t.app, 'bridle-belt', BAD_PAYMENT_LINKS[0])
  })

  for (const link of BAD_PAYMENT_LINKS) {
    it(
      `saved by the owner while the site runs (${link}): the rest of the save ` +
        `is served, only that product cannot be ordered`,
      async () => {
        t = await createTestApp()
        const products = withLink(t.store.products, 'braided-belt', link).map((p) =>
          p.id === 'oxford-brogue' ? { ...p, price: '£199.00' } : p,
        )
        await ownerSaves(t.store, pretty({ ...t.store.data, products }))
        expect(t.store.problem).toBeNull()
        expect(pageText((await request(t.app).get('/products/oxford-brogue').expect(200)).text)).toContain('£199.00')
        await expectServedAround(t.app, 'braided-belt', link)
      },
    )
  }
})
