/**
 * Orders handed on to a product's payment page, counted per product: the form post's 303, and the
 * dialog's GET when the shop's own page sends it, a few a minute per visitor.
 */
import request from 'supertest'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { HANDOFFS_PER_MINUTE } from '../../../server/services/statistics/handoff-limit.ts'
import { createTestApp, type TestServer } from '../../helpers/server.ts'
import { todayOnDisk } from '../../helpers/statistics.ts'
import { JANE_ORDERS } from '../../helpers/order-form.ts'

const ORDER = { ...JANE_ORDERS, size: '42' }

/** What Chromium sends with the order dialog's `fetch` (components/order/terms-now.ts). */
const FROM_THE_DIALOG = { 'Sec-Fetch-Site': 'same-origin', 'Sec-Fetch-Mode': 'cors', 'Sec-Fetch-Dest': 'empty' }

let t: TestServer
beforeEach(async () => void (t = await createTestApp()))
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
    const res = await request(t.handler).get('/api/handoff/oxford-brogue').set(FROM_THE_DIALOG)
    expect(res.status).toBe(204)
    expect(res.headers['cache-control']).toBe('no-store')
    await request(t.handler).get('/api/handoff/oxford-brogue').set(FROM_THE_DIALOG).expect(204)
    await request(t.handler).get('/api/handoff/tote-bag').set(FROM_THE_DIALOG).expect(204)
    await request(t.handler).get('/api/handoff/no-such-product').set(FROM_THE_DIALOG).expect(404)
    await request(t.handler).get('/api/handoff/__proto__').set(FROM_THE_DIALOG).expect(404)
    // a script, not a visitor
    await request(t.handler)
      .get('/api/handoff/oxford-brogue')
      .set({ ...FROM_THE_DIALOG, 'User-Agent': 'curl/8.5.0' })
      .expect(204)
    expect((await todayOnDisk(t))?.handoffs).toEqual({ 'oxford-brogue': 2, 'tote-bag': 1 })
  })
})

describe('hand-offs only from the shop’s own page, a few a minute', () => {
  const handoff = (headers: Record<string, string>) =>
    request(t.handler).get('/api/handoff/tote-bag').set(headers).expect(204)

  it('counts nothing for an image or a link on another site, a page opened at the address, or a bare script', async () => {
    await handoff({ 'Sec-Fetch-Site': 'cross-site', 'Sec-Fetch-Mode': 'no-cors', 'Sec-Fetch-Dest': 'image' })
    await handoff({ 'Sec-Fetch-Site': 'same-site', 'Sec-Fetch-Mode': 'cors', 'Sec-Fetch-Dest': 'empty' })
    await handoff({ 'Sec-Fetch-Site': 'cross-site', 'Sec-Fetch-Mode': 'navigate', 'Sec-Fetch-Dest': 'document' })
    await handoff({ 'Sec-Fetch-Site': 'none', 'Sec-Fetch-Mode': 'navigate', 'Sec-Fetch-Dest': 'document' })
    await handoff({ 'Sec-Fetch-Site': 'same-origin', 'Sec-Fetch-Mode': 'no-cors', 'Sec-Fetch-Dest': 'image' })
    await handoff({})
    expect((await todayOnDisk(t))?.handoffs ?? {}).toEqual({})
    await handoff(FROM_THE_DIALOG)
    expect((await todayOnDisk(t))?.handoffs).toEqual({ 'tote-bag': 1 })
  })

  it(`counts at most ${HANDOFFS_PER_MINUTE} a minute from one visitor, the order form’s posts included`, async () => {
    for (let n = 0; n < 20; n++) await handoff(FROM_THE_DIALOG)
    expect((await request(t.app).post('/products/oxford-brogue').type('form').send(ORDER)).status).toBe(303)
    expect((await todayOnDisk(t))?.handoffs).toEqual({ 'tote-bag': HANDOFFS_PER_MINUTE })
  })
})

describe('hand-offs from visitors behind the shop’s proxy', () => {
  it('are limited per visitor: another visitor’s count in the same minute', async () => {
    await t.close()
    t = await createTestApp({ env: { TRUST_PROXY: 'loopback' } })
    const from = (address: string) =>
      request(t.handler)
        .get('/api/handoff/tote-bag')
        .set({ ...FROM_THE_DIALOG, 'X-Forwarded-For': address })
        .expect(204)
    for (let n = 0; n < 10; n++) await from('198.51.100.7')
    await from('203.0.113.9')
    expect((await todayOnDisk(t))?.handoffs).toEqual({ 'tote-bag': HANDOFFS_PER_MINUTE + 1 })
  })
})
