/**
 * POST /api/payments/stripe driven with events shaped as Stripe's documentation shows them and signed by the
 * `stripe` package's own test helper: what is stored, what is refused, and what a replay or events out of
 * order leave on disk.
 */
import { mkdir, readFile, stat } from 'node:fs/promises'
import path from 'node:path'
import request from 'supertest'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { historyFileFor } from '../../data/catalogue-history.server.ts'
import {
  checkoutSession,
  refundedCharge,
  signed,
  stripeEvent,
  TEST_WEBHOOK_SECRET,
} from '../../support/stripe-events.ts'
import { ordersOnDisk, sendEvent, setStock, stockOnDisk, type OrderOnDisk } from '../helpers/orders.ts'
import { pageText } from '../helpers/page-text.ts'
import { createTestApp, type TestServer } from '../helpers/server.ts'

const ordersFile = (t: TestServer) => `${t.dataFile}.orders.jsonl`
const bytesOf = (file: string) => readFile(file, 'utf8').catch(() => null)
const completed = (session = checkoutSession()) => stripeEvent('checkout.session.completed', session)
const orderOf = async (t: TestServer, sessionId: string): Promise<OrderOnDisk | undefined> =>
  (await ordersOnDisk(t.dataFile)).find((o) => o.sessionId === sessionId)

describe('POST /api/payments/stripe with STRIPE_WEBHOOK_SECRET set', () => {
  let t: TestServer
  beforeAll(async () => {
    t = await createTestApp({ env: { STRIPE_WEBHOOK_SECRET: TEST_WEBHOOK_SECRET } })
  })
  afterAll(() => t.close())
  beforeEach(() => setStock(t, 'oxford-brogue', 3))

  it('stores a paid checkout as an order, on disk before the 200, and takes one piece off the stock', async () => {
    const session = checkoutSession({ reference: 'oxford-brogue__42', amountTotal: 17900 })
    const event = completed(session)
    const res = await sendEvent(t, event).expect(200)
    expect(res.body).toEqual({ received: true })

    const order = await orderOf(t, session.id)
    expect(order).toMatchObject({
      productId: 'oxford-brogue',
      productName: 'Oxford Brogue',
      size: '42',
      reference: 'oxford-brogue__42',
      // Stripe's amount, not the shop's own price (£185.00).
      amountTotal: 17900,
      currency: 'gbp',
      payment: 'paid',
      paymentIntent: session.payment_intent,
      createdAt: new Date((session.created as number) * 1000).toISOString(),
      events: [event.id],
      stock: { held: true },
      customer: {
        name: 'Harriet Ashdown',
        email: 'harriet.ashdown@example.com',
        phone: '+447700900456',
        delivery: {
          name: 'Harriet Ashdown',
          address: {
            line1: '12 Orchard Lane',
            line2: null,
            city: 'Bath',
            state: null,
            postalCode: 'BA1 2AB',
            country: 'GB',
          },
        },
      },
    })
    expect(await stockOnDisk(t.dataFile, 'oxford-brogue')).toBe(2)
    // The history says which order took it.
    const history = (await readFile(historyFileFor(t.dataFile), 'utf8'))
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l))
    expect(history.at(-1)).toMatchObject({
      who: 'order',
      action: 'stock',
      orderId: order!.id,
      productId: 'oxford-brogue',
      before: { stock: 3 },
      after: { stock: 2 },
    })
    expect((await stat(ordersFile(t))).mode & 0o777).toBe(0o600)
    // And the owner reads it so in the workspace's history.
    const page = pageText((await request(t.app).get('/admin/history').expect(200)).text)
    expect(page).toContain(`Oxford Brogue: stock counted by an order`)
    expect(page).toMatch(new RegExp(`Order ${order!.id} Pieces ready to send 3 → 2`))
  })

  it('reads the delivery address of older API versions (shipping_details) too', async () => {
    const session = checkoutSession({ reference: 'weekender-holdall' })
    const { collected_information: _, ...older } = session
    const event = completed({
      ...older,
      shipping_details: { name: 'H. Ashdown', address: { line1: '1 Mill Row', city: 'Leeds', country: 'GB' } },
    } as never)
    await sendEvent(t, event).expect(200)
    expect((await orderOf(t, session.id))?.customer).toMatchObject({
      delivery: { name: 'H. Ashdown', address: { line1: '1 Mill Row', city: 'Leeds', country: 'GB' } },
    })
    expect(await orderOf(t, session.id)).toMatchObject({ productId: 'weekender-holdall', size: '' })
  })

  it('changes nothing the second time it gets the same event (a retry, a replay)', async () => {
    const event = completed()
    await sendEvent(t, event).expect(200)
    const [orders, data, history] = await Promise.all([
      bytesOf(ordersFile(t)),
      bytesOf(t.dataFile),
      bytesOf(historyFileFor(t.dataFile)),
    ])
    // Stripe signs each delivery afresh: the same event with a new signature and time.
    const again = await sendEvent(t, event, { timestamp: Math.floor(Date.now() / 1000) + 1 }).expect(200)
    expect(again.body).toEqual({ received: true, duplicate: true })
    expect(await bytesOf(ordersFile(t))).toBe(orders)
    expect(await bytesOf(t.dataFile)).toBe(data)
    expect(await bytesOf(historyFileFor(t.dataFile))).toBe(history)
    expect(await stockOnDisk(t.dataFile, 'oxford-brogue')).toBe(2)
  })

  describe('refuses with 400 and a sentence, storing nothing', () => {
    const nothingStored = async (send: () => request.Test, said: RegExp) => {
      const before = await Promise.all([bytesOf(ordersFile(t)), bytesOf(t.dataFile)])
      const res = await send().expect(400)
      expect(res.headers['content-type']).toMatch(/application\/json/)
      expect(res.body.error).toMatch(said)
      expect(res.body.error).toMatch(/nothing was stored\.$/)
      expect(await Promise.all([bytesOf(ordersFile(t)), bytesOf(t.dataFile)])).toEqual(before)
    }

    it('a signature made with another secret', () =>
      nothingStored(() => sendEvent(t, completed(), { secret: 'whsec_notTheShopsSecret' }), /does not match/))

    it('a body changed after it was signed', async () => {
      const { signature } = signed(completed())
      await nothingStored(() => sendEvent(t, completed(), { signature }), /does not match/)
    })

    it('no Stripe-Signature header', () =>
      nothingStored(() => sendEvent(t, completed(), { signature: null }), /no Stripe-Signature header/))

    it('a signature older than the default tolerance (5 minutes)', () =>
      nothingStored(
        () => sendEvent(t, completed(), { timestamp: Math.floor(Date.now() / 1000) - 6 * 60 }),
        /older than Stripe allows/,
      ))

    it('a signed body that is not an event', async () => {
      await nothingStored(() => sendEvent(t, { hello: 'world' }), /not a Stripe event/)
      await nothingStored(() => sendEvent(t, 'not json at all'), /not a Stripe event/)
      await nothingStored(() => sendEvent(t, '[1, 2]'), /not a Stripe event/)
    })
  })

  it('answers 200 to an event of another kind and stores nothing', async () => {
    const before = await bytesOf(ordersFile(t))
    const res = await sendEvent(t, stripeEvent('customer.created', { id: 'cus_1', object: 'customer' })).expect(200)
    expect(res.body).toEqual({ received: true, ignored: true })
    expect(await bytesOf(ordersFile(t))).toBe(before)
  })

  it('keeps an order whose reference names no product, marked "product not recognised"', async () => {
    for (const reference of ['gift-card', null, 'oxford-brogue__42__x']) {
      const session = checkoutSession({ reference })
      await sendEvent(t, completed(session)).expect(200)
      expect(await orderOf(t, session.id)).toMatchObject({ productId: null, reference, payment: 'paid' })
    }
    const order = (await t.services.orders.list()).find((o) => o.reference === 'gift-card')!
    expect(order.productId).toBeNull()
    expect(await stockOnDisk(t.dataFile, 'oxford-brogue')).toBe(3)
  })

  describe('a slower payment method (async)', () => {
    it('holds the piece while the payment is awaited, and keeps it once the payment succeeds', async () => {
      const session = checkoutSession({ paymentStatus: 'unpaid' })
      await sendEvent(t, completed(session)).expect(200)
      expect(await orderOf(t, session.id)).toMatchObject({ payment: 'awaiting', stock: { held: true } })
      expect(await stockOnDisk(t.dataFile, 'oxford-brogue')).toBe(2)
      const paid = { ...session, payment_status: 'paid' }
      await sendEvent(t, stripeEvent('checkout.session.async_payment_succeeded', paid)).expect(200)
      expect(await orderOf(t, session.id)).toMatchObject({ payment: 'paid', stock: { held: true } })
      expect(await stockOnDisk(t.dataFile, 'oxford-brogue')).toBe(2)
    })

    it('puts the piece back when the payment fails, and the history says so', async () => {
      const session = checkoutSession({ paymentStatus: 'unpaid' })
      await sendEvent(t, completed(session)).expect(200)
      await sendEvent(t, stripeEvent('checkout.session.async_payment_failed', session)).expect(200)
      const order = await orderOf(t, session.id)
      expect(order).toMatchObject({ payment: 'failed', stock: { held: false } })
      expect(await stockOnDisk(t.dataFile, 'oxford-brogue')).toBe(3)
      const history = (await readFile(historyFileFor(t.dataFile), 'utf8'))
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l))
      expect(history.slice(-2)).toMatchObject([
        { orderId: order!.id, before: { stock: 3 }, after: { stock: 2 } },
        { orderId: order!.id, before: { stock: 2 }, after: { stock: 3 } },
      ])
    })

    it('ends paid when the success arrives before the checkout completed event', async () => {
      const session = checkoutSession({ paymentStatus: 'unpaid' })
      await sendEvent(
        t,
        stripeEvent('checkout.session.async_payment_succeeded', { ...session, payment_status: 'paid' }),
      )
      await sendEvent(t, completed(session)).expect(200)
      expect(await orderOf(t, session.id)).toMatchObject({ payment: 'paid', stock: { held: true } })
      expect(await stockOnDisk(t.dataFile, 'oxford-brogue')).toBe(2)
    })

    it('ends failed, with the stock as it was, when the failure arrives first', async () => {
      const session = checkoutSession({ paymentStatus: 'unpaid' })
      await sendEvent(t, stripeEvent('checkout.session.async_payment_failed', session)).expect(200)
      await sendEvent(t, completed(session)).expect(200)
      expect(await orderOf(t, session.id)).toMatchObject({ payment: 'failed' })
      expect(await stockOnDisk(t.dataFile, 'oxford-brogue')).toBe(3)
    })
  })

  describe('refunds', () => {
    it('after the payment: in full puts the piece back, in part keeps it', async () => {
      const whole = checkoutSession()
      const part = checkoutSession()
      await sendEvent(t, completed(whole)).expect(200)
      await sendEvent(t, completed(part)).expect(200)
      expect(await stockOnDisk(t.dataFile, 'oxford-brogue')).toBe(1)
      await sendEvent(
        t,
        stripeEvent('charge.refunded', refundedCharge({ paymentIntent: part.payment_intent!, amountRefunded: 2000 })),
      ).expect(200)
      expect(await orderOf(t, part.id)).toMatchObject({ amountRefunded: 2000, stock: { held: true } })
      expect((await orderOf(t, part.id))?.refundedInFull).toBeUndefined()
      await sendEvent(
        t,
        stripeEvent('charge.refunded', refundedCharge({ paymentIntent: whole.payment_intent! })),
      ).expect(200)
      expect(await orderOf(t, whole.id)).toMatchObject({
        amountRefunded: 18500,
        refundedInFull: true,
        stock: { held: false },
      })
      expect(await stockOnDisk(t.dataFile, 'oxford-brogue')).toBe(2)
    })

    it('before its payment: kept, then joined by the checkout, refunded and the stock untouched', async () => {
      const session = checkoutSession()
      await sendEvent(
        t,
        stripeEvent('charge.refunded', refundedCharge({ paymentIntent: session.payment_intent! })),
      ).expect(200)
      await sendEvent(t, completed(session)).expect(200)
      const orders = (await ordersOnDisk(t.dataFile)).filter((o) => o.paymentIntent === session.payment_intent)
      expect(orders).toHaveLength(1)
      expect(orders[0]).toMatchObject({
        sessionId: session.id,
        payment: 'paid',
        refundedInFull: true,
        productId: 'oxford-brogue',
      })
      expect(await stockOnDisk(t.dataFile, 'oxford-brogue')).toBe(3)
      const found = await t.services.orders.find(orders[0]!.id)
      expect(found && (await import('../../domain/shop-order.ts')).stateOf(found)).toBe('refunded')
    })

    it('a late event of an earlier, smaller refund takes nothing back', async () => {
      const session = checkoutSession()
      await sendEvent(t, completed(session)).expect(200)
      const pi = session.payment_intent!
      await sendEvent(t, stripeEvent('charge.refunded', refundedCharge({ paymentIntent: pi, amountRefunded: 5000 })))
      await sendEvent(t, stripeEvent('charge.refunded', refundedCharge({ paymentIntent: pi, amountRefunded: 2000 })))
      expect(await orderOf(t, session.id)).toMatchObject({ amountRefunded: 5000 })
    })
  })

  it('sells the last piece once when it is paid for twice at once, and marks the second order oversold', async () => {
    await setStock(t, 'oxford-brogue', 1)
    const first = checkoutSession()
    const second = checkoutSession()
    const answers = await Promise.all([sendEvent(t, completed(first)), sendEvent(t, completed(second))])
    expect(answers.map((a) => a.status)).toEqual([200, 200])
    const orders = [await orderOf(t, first.id), await orderOf(t, second.id)]
    expect(orders.filter((o) => o?.stock?.held)).toHaveLength(1)
    expect(orders.filter((o) => o?.oversold === true)).toHaveLength(1)
    expect(await stockOnDisk(t.dataFile, 'oxford-brogue')).toBe(0)
    expect((await t.services.orders.counts()).oversold).toBeGreaterThanOrEqual(1)
    // Sold out everywhere a visitor reads it.
    const api = await request(t.app).get('/api/products/oxford-brogue').expect(200)
    expect(api.body.availability).toBe('sold-out')
  })
})

describe('POST /api/payments/stripe without STRIPE_WEBHOOK_SECRET', () => {
  let t: TestServer
  beforeAll(async () => {
    t = await createTestApp()
  })
  afterAll(() => t.close())

  it('answers 404 JSON, as any unknown API address, and writes no orders file', async () => {
    const res = await sendEvent(t, completed()).expect(404)
    expect(res.headers['content-type']).toMatch(/application\/json/)
    expect(res.body).toEqual({ error: 'There is no API endpoint POST /api/payments/stripe.' })
    expect(await bytesOf(ordersFile(t))).toBeNull()
  })
})

describe('an orders file the shop cannot read', () => {
  it('still serves the shop, and answers events 503 so that Stripe sends them again', async () => {
    // A folder where the orders file should be: reading it fails, as a damaged disk would.
    const t = await createTestApp({
      env: { STRIPE_WEBHOOK_SECRET: TEST_WEBHOOK_SECRET },
      prepare: (dir) => mkdir(path.join(dir, 'db.json.orders.jsonl')),
    })
    try {
      await request(t.app).get('/products/oxford-brogue').expect(200)
      const res = await sendEvent(t, completed()).expect(503)
      expect(res.body.error).toMatch(/could not be saved just now.*Stripe sends it again/)
    } finally {
      await t.close()
    }
  })
})
