/**
 * GET /api/products/{id}: one product as the shop sells it now,
 * which the order dialog asks before opening the payment page.
 */
import request from 'supertest'
import { describe, expect, it } from 'vitest'
import { testAppForFile } from '../helpers/server.ts'

const t = testAppForFile()

describe('GET /api/products/{id}', () => {
  it('answers the product with its price and availability as they are now, checked again on every use', async () => {
    await t.store.updateProduct('briefcase', (p) => ({
      ...p,
      price: '£420.00',
      availability: 'made-to-order',
      leadTime: '3 weeks',
    }))
    const res = await request(t.app).get('/api/products/briefcase').expect(200)
    expect(res.body).toMatchObject({
      id: 'briefcase',
      price: '£420.00',
      availability: 'made-to-order',
      leadTime: '3 weeks',
      category: 'bags',
    })
    expect(res.headers['cache-control']).toBe('no-cache')
    await request(t.app).get('/api/products/briefcase').set('If-None-Match', res.headers.etag!).expect(304)

    await t.store.updateProduct('briefcase', (p) => ({ ...p, availability: 'sold-out' }))
    const after = await request(t.app)
      .get('/api/products/briefcase')
      .set('If-None-Match', res.headers.etag!)
      .expect(200)
    expect(after.body.availability).toBe('sold-out')
  })

  it(
    'answers 404 JSON for an unknown product, names on the object prototype ' + 'included, and the product beside them',
    async () => {
      await request(t.app).get('/api/products/tote-bag').expect(200)
      for (const id of ['no-such-bag', '__proto__', 'constructor', 'hasOwnProperty']) {
        const res = await request(t.app).get(`/api/products/${id}`).expect(404)
        expect(res.body.error).toEqual(expect.any(String))
      }
    },
  )
})

describe('GET /api/products/{id} and drafts', () => {
  it('answers 404 for a draft, as its page does, and the product again once it is published', async () => {
    await t.store.updateProduct('tote-bag', (p) => ({ ...p, status: 'draft' }))
    await request(t.app).get('/api/products/tote-bag').expect(404)
    await t.store.updateProduct('tote-bag', (p) => ({ ...p, status: 'published' }))
    await request(t.app).get('/api/products/tote-bag').expect(200)
  })
})
