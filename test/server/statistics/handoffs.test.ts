/** Orders handed on to a product's payment page, counted per product: the form post's 303, and the dialog's GET. */
import request from 'supertest'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createTestApp, type TestServer } from '../../helpers/server.ts'
import { todayOnDisk } from '../../helpers/statistics.ts'

const ORDER = {
  firstName: 'Jane',
  lastName: 'Doe',
  email: 'jane@example.com',
  phone: '07700 900123',
  address: '1 High Street, Leeds',
  size: '42',
}

let t: TestServer
beforeEach(async () => {
  t = await createTestApp()
})
afterEach(() => t.close())

describe('hand-offs to payment', () => {
  it('counts an order posted without JavaScript once it is sent on to the payment page', async () => {
    const res = await request(t.app).post('/products/oxford-brogue').type('form').send(ORDER)
    expect(res.status).toBe(303)
    // A refused order (a field missing) goes nowhere, so it is not counted.
    expect(
      (
        await request(t.app)
          .post('/products/oxford-brogue')
          .type('form')
          .send({ ...ORDER, phone: '' })
      ).status,
    ).toBe(400)
    expect((await todayOnDisk(t))?.handoffs).toEqual({ 'oxford-brogue': 1 })
  })

  it('counts the dialog’s GET naming a real product, and nothing for an unknown one', async () => {
    const res = await request(t.handler).get('/api/handoff/oxford-brogue')
    expect(res.status).toBe(204)
    expect(res.headers['cache-control']).toBe('no-store')
    await request(t.handler).get('/api/handoff/oxford-brogue').expect(204)
    await request(t.handler).get('/api/handoff/tote-bag').expect(204)
    await request(t.handler).get('/api/handoff/no-such-product').expect(404)
    await request(t.handler).get('/api/handoff/__proto__').expect(404)
    // a script, not a visitor
    await request(t.handler).get('/api/handoff/oxford-brogue').set('User-Agent', 'curl/8.5.0').expect(204)
    expect((await todayOnDisk(t))?.handoffs).toEqual({ 'oxford-brogue': 2, 'tote-bag': 1 })
  })
})
