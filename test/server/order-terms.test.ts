/**
 * The order form's post without JavaScript (POST /products/{id}) against the product as it is now:
 * the form carries the terms its page showed, and an order on terms that changed since comes back
 * (409) with the new terms, a sentence saying what changed, and everything typed.
 */
import request from 'supertest'
import { describe, expect, it } from 'vitest'
import type { StoredProduct } from '../../domain/product.ts'
import { testAppForEachTest } from '../helpers/server.ts'
import { pageText } from '../helpers/page-text.ts'
import { JANE_ORDERS } from '../helpers/order-form.ts'

const t = testAppForEachTest()

const typed = { ...JANE_ORDERS, size: '' }

/** The hidden fields of the order form as the product's page renders it. */
async function shownTerms(id: string): Promise<Record<string, string>> {
  const page = await request(t.app).get(`/products/${id}?order=1`).expect(200)
  const form = /<form[^>]*method="post"[\s\S]*?<\/form>/.exec(page.text)![0]
  const hidden = [...form.matchAll(/<input type="hidden" name="(\w+)" value="([^"]*)"/g)].map((m) => [m[1]!, m[2]!])
  expect(hidden.length).toBeGreaterThan(0)
  return Object.fromEntries(hidden)
}

const change = (id: string, patch: Partial<StoredProduct>) => t.store.updateProduct(id, (p) => ({ ...p, ...patch }))
const order = (id: string, fields: Record<string, string>) =>
  request(t.app).post(`/products/${id}?order=1`).type('form').send(fields)

/**
 * Loads the order form, lets the owner change the product, then posts
 * what was typed with the terms the form was shown with: refused.
 */
async function orderAfterChange(id: string, patch: Partial<StoredProduct>, fields: Record<string, string> = typed) {
  const shown = await shownTerms(id)
  await change(id, patch)
  const res = await order(id, { ...fields, ...shown })
  expect(res.status).toBe(409)
  expect(res.headers.location).toBeUndefined()
  return { res, said: pageText(res.text) }
}

function expectTypedKept(html: string) {
  expect(html).toMatch(/value="Jane"/)
  expect(html).toMatch(/value="jane@example.com"/)
  expect(html).toContain('1 High Street, Leeds</textarea>')
}

describe('an order posted from a page shown before the product changed', () => {
  it('goes to the payment page when nothing changed', async () => {
    const res = await order('tote-bag', { ...typed, ...(await shownTerms('tote-bag')) }).expect(303)
    expect(res.headers.location).toMatch(/^https:\/\/buy\.stripe\.com\//)
  })

  it(
    'comes back with the new price and what was typed when the price ' + 'changed; the next press orders at it',
    async () => {
      const { res, said } = await orderAfterChange('tote-bag', { price: '£210.00' })
      expect(res.headers['cache-control']).toBe('no-store')
      expect(said).toContain('The price is now £210.00.')
      expect(said).not.toContain('£195.00')
      expectTypedKept(res.text)

      const again = await order('tote-bag', { ...typed, ...(await shownTerms('tote-bag')) }).expect(303)
      expect(new URL(again.headers.location!).searchParams.get('note')).toContain('Product: Market Tote (£210.00)')
    },
  )

  it('comes back with the lead time when the product became made to order, or its lead time changed', async () => {
    const { res, said } = await orderAfterChange('tote-bag', { availability: 'made-to-order', leadTime: '3 weeks' })
    expect(said).toContain('It is now made to order: ready in 3 weeks.')
    expectTypedKept(res.text)
    expect((await orderAfterChange('tote-bag', { leadTime: '5 weeks' })).said).toContain(
      'It will now be ready in 5 weeks.',
    )
  })

  it('says a product sold out meanwhile, keeps what was typed, and offers no Purchase', async () => {
    const { res, said } = await orderAfterChange('tote-bag', { availability: 'sold-out' })
    expect(said).toContain('This bag sold out a moment ago.')
    expectTypedKept(res.text)
    expect(res.text).not.toMatch(/<button type="submit"[^>]*>Purchase<\/button>/)
  })

  it('names the product by its kind: a belt, a pair of shoes', async () => {
    for (const [id, sentence] of [
      ['bridle-belt', 'This belt sold out a moment ago.'],
      ['oxford-brogue', 'This pair sold out a moment ago.'],
    ] as const) {
      expect((await orderAfterChange(id, { availability: 'sold-out' }, { ...typed, size: '42' })).said).toContain(
        sentence,
      )
    }
  })
})
