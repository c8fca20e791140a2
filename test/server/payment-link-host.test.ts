/**
 * One rule for a payment link's host, at every door: at most 253 characters (the most DNS allows), in
 * the workspace's form, in the data file the running site reads, and in `npm run check-data`.
 */
import { readFile, writeFile } from 'node:fs/promises'
import request from 'supertest'
import { afterEach, describe, expect, it } from 'vitest'
import { seedProducts } from '../../data/seed/products.ts'
import { isPaymentLink } from '../../domain/payment-link.ts'
import { main as checkData } from '../../scripts/check-data.ts'
import { ANY_HTTPS_PAGE, PAYMENT_ORIGINS_BUDGET, paymentOriginsOf } from '../../server/http/security.server.ts'
import { hostOfLength } from '../helpers/bad-payment-links.ts'
import { ownerSaves } from '../helpers/owner-save.ts'
import { openProductForm } from '../helpers/product-form.ts'
import { sentBack } from '../helpers/sent-back.ts'
import { createTestApp, type TestServer } from '../helpers/server.ts'

const LONGEST = `https://${hostOfLength(253)}/pay`
const TOO_LONG = `https://${hostOfLength(254)}/pay`

let t: TestServer | undefined
afterEach(async () => {
  await t?.close()
  t = undefined
})

describe('a payment link’s host name', () => {
  it('may have 253 characters, never 254', () => {
    expect(isPaymentLink(LONGEST)).toBe(true)
    expect(isPaymentLink(TOO_LONG)).toBe(false)
  })

  it('longer than 253 characters: the workspace refuses it beside the field, saying why; 253 is saved', async () => {
    t = await createTestApp()
    const form = await openProductForm(t, 'bridle-belt')
    const before = await readFile(t.dataFile, 'utf8')
    const refused = await sentBack(
      t.app,
      await request(t.app)
        .post('/admin/products/bridle-belt')
        .type('form')
        .send({ ...form, paymentLink: TOO_LONG }),
    )
    expect(refused.text).toContain(
      'id="product-paymentLink-error">This address cannot be a card payment page: its host name (the part after ' +
        'https:// up to the first /) is 254 characters long, and no real one has more than 253.<',
    )
    expect(await readFile(t.dataFile, 'utf8')).toBe(before)
    await request(t.app)
      .post('/admin/products/bridle-belt')
      .type('form')
      .send({ ...form, paymentLink: LONGEST })
      .expect(303)
    expect(t.store.products.find((p) => p.id === 'bridle-belt')!.paymentLink).toBe(LONGEST)
  })

  it('longer than 253 characters in the data file: only that product stops taking orders, and check-data says why', async () => {
    t = await createTestApp()
    const products = t.store.products.map((p) => (p.id === 'bridle-belt' ? { ...p, paymentLink: TOO_LONG } : p))
    const text = `${JSON.stringify({ ...t.store.data, products }, null, 2)}\n`
    await ownerSaves(t.store, text)
    const page = await request(t.app).get('/products/bridle-belt').expect(200)
    expect(page.text).toContain('This product cannot be ordered online just now.')
    expect(String(page.headers['content-security-policy'])).not.toContain(hostOfLength(254))

    await writeFile(t.dataFile, text)
    const err: string[] = []
    const code = await checkData(
      [t.dataFile],
      () => {},
      (s) => err.push(s),
      {},
    )
    expect(code).toBe(1)
    const at = seedProducts.findIndex((p) => p.id === 'bridle-belt') + 1
    expect(err.join('')).toContain(
      `product ${at} (id "bridle-belt"), field "paymentLink", line ` +
        `${text.split('\n').findIndex((l) => l.includes(TOO_LONG)) + 1}, column 22 must be a card payment page ` +
        'starting with https:// and a host name such as buy.stripe.com, without spaces or commas: its host name ' +
        '(the part after https:// up to the first /) is 254 characters long, and no real one has more than 253',
    )
  })

  it('goes into the security header while the origins fit its budget; past it, any https page, so every order still goes through', () => {
    const links = (hosts: number) =>
      Array.from({ length: hosts }, (_, i) => ({ paymentLink: `https://${hostOfLength(253, i)}/pay` }))
    const origins = (products: { paymentLink: string; status?: 'draft' | 'published' }[]) =>
      paymentOriginsOf({ products, productsVersion: 1 })()
    // Three of the longest hosts fit (3 × 261 characters and two spaces), a fourth does not.
    expect(3 * 261 + 2).toBeLessThanOrEqual(PAYMENT_ORIGINS_BUDGET)
    expect(origins(links(3))).toEqual(
      links(3)
        .map((p) => new URL(p.paymentLink).origin)
        .sort(),
    )
    expect(origins(links(4))).toEqual([ANY_HTTPS_PAGE])
    expect(origins(links(1000))).toEqual([ANY_HTTPS_PAGE])
    // A draft's link and a wrong one never count.
    expect(
      origins([...links(3), { paymentLink: TOO_LONG }, { ...links(4)[3]!, status: 'draft' as const }]),
    ).toHaveLength(3)
  })
})
