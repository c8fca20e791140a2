/**
 * The owner's Orders over HTTP, on real orders files made by signed Stripe events: who may see them,
 * the list's order and words, one order whole, "Mark as sent", erasing a customer's details (nothing of
 * them left in any file), the accountant's CSV, "Needs you" on the overview and the sales on Visits.
 */
import { mkdir, readFile } from 'node:fs/promises'
import path from 'node:path'
import request from 'supertest'
import { afterEach, describe, expect, it } from 'vitest'
import { ORDERS_SHOWN } from '../../domain/order-view.ts'
import { ukMoment } from '../../domain/uk-time.ts'
import { checkoutSession, refundedCharge, stripeEvent, TEST_WEBHOOK_SECRET } from '../../support/stripe-events.ts'
import { basicAuth } from '../helpers/basic-auth.ts'
import { parseCsv } from '../helpers/csv.ts'
import { filesUnder } from '../helpers/data-folder.ts'
import { buyer, ordersOnDisk, sendEvent, setStock } from '../helpers/orders.ts'
import { pageText } from '../helpers/page-text.ts'
import { createTestApp, type TestServer } from '../helpers/server.ts'

const PASSWORD = 'correct horse battery'
const OWNER = basicAuth(PASSWORD)
const nowS = () => Math.floor(Date.now() / 1000)

let t: TestServer | undefined
afterEach(async () => {
  await t?.close()
  t = undefined
})

async function shop(env: Record<string, string> = { ADMIN_PASSWORD: PASSWORD }) {
  t = await createTestApp({ env: { STRIPE_WEBHOOK_SECRET: TEST_WEBHOOK_SECRET, ...env } })
  return t
}

/** A checkout completed (paid unless told otherwise); resolves to the order it made. */
async function order(t: TestServer, session: Parameters<typeof checkoutSession>[0] = {}) {
  const s = checkoutSession(session)
  await sendEvent(t, stripeEvent('checkout.session.completed', s)).expect(200)
  return { ...(await t.services.orders.list()).find((o) => o.sessionId === s.id)!, session: s }
}

const owner = (t: TestServer, p: string) => request(t.app).get(p).set('Authorization', OWNER)
const post = (t: TestServer, p: string, form: Record<string, string>) =>
  request(t.app).post(p).set('Authorization', OWNER).type('form').send(form)
const shown = async (t: TestServer, p: string) => pageText((await owner(t, p).expect(200)).text)

describe('who may see the orders', () => {
  const spellings = (id: string) => [
    '/admin/orders',
    '/ADMIN/Orders',
    '/%61dmin/orders',
    '//admin//orders/',
    '/admin/%6Frders',
    `/admin/orders/${id}`,
    `/admin/orders/${id.toUpperCase()}`,
    `/admin/orders/${id}/index.pageContext.json`,
    '/admin/orders/index.pageContext.json',
    '/admin/orders.csv',
    '/Admin/Orders.CSV',
  ]

  it('asks for the password (401, no-store) on every spelling, pages, data, the CSV and posts alike', async () => {
    const t = await shop()
    const { id } = await order(t, { buyer: buyer('1') })
    for (const p of spellings(id)) {
      const res = await request(t.app).get(p)
      expect(res.status, p).toBe(401)
      expect(res.headers['cache-control'], p).toBe('private, no-store')
      expect(res.text, p).not.toContain('customer.1@example.com')
    }
    for (const form of [{ action: 'sent' }, { action: 'erase', confirm: 'yes' }]) {
      expect((await request(t.app).post(`/admin/orders/${id}`).type('form').send(form)).status).toBe(401)
    }
    const [stored] = await ordersOnDisk(t.dataFile)
    expect(stored?.sent).toBeUndefined()
    expect(stored?.customer).toMatchObject({ email: 'customer.1@example.com' })
  })

  it('answers 403 to anyone but the server machine when no password is set, and changes nothing', async () => {
    const t = await shop({})
    const { id } = await order(t, { buyer: buyer('2') })
    for (const p of spellings(id)) {
      const res = await request(t.app).get(p).set('X-Forwarded-For', '203.0.113.9')
      expect(res.status, p).toBe(403)
      expect(res.text, p).not.toContain('customer.2@example.com')
    }
    const res = await request(t.app)
      .post(`/admin/orders/${id}`)
      .set('X-Forwarded-For', '203.0.113.9')
      .type('form')
      .send({ action: 'erase', confirm: 'yes' })
    expect(res.status).toBe(403)
    expect((await ordersOnDisk(t.dataFile))[0]?.customer).toMatchObject({ name: 'Customer 2' })
    // The machine itself is the owner then.
    const own = await request(t.app).get('/admin/orders')
    expect(own.status).toBe(200)
    expect(own.headers['cache-control']).toBe('private, no-store')
    expect(pageText(own.text)).toContain('Customer 2')
  })

  it('refuses a post from another website (403), even with the owner’s password', async () => {
    const t = await shop()
    const { id } = await order(t)
    const res = await post(t, `/admin/orders/${id}`, { action: 'sent' })
      .set('Origin', 'https://evil.example')
      .set('Sec-Fetch-Site', 'cross-site')
    expect(res.status).toBe(403)
    expect((await ordersOnDisk(t.dataFile))[0]?.sent).toBeUndefined()
  })
})

describe('the list', () => {
  it('puts those to send first, then the newest, each with its time, product, amount, name and state', async () => {
    const t = await shop()
    const hour = 3600
    const sent = await order(t, { reference: 'derby-shoe__43', created: nowS() - 5 * hour, buyer: buyer('1') })
    await t.services.orders.markSent(sent.id)
    const older = await order(t, { reference: 'oxford-brogue__42', created: nowS() - 4 * hour, buyer: buyer('2') })
    const awaiting = await order(t, {
      reference: 'tote-bag',
      created: nowS() - 3 * hour,
      paymentStatus: 'unpaid',
      buyer: buyer('3'),
    })
    const unknown = await order(t, {
      reference: 'gift-card',
      created: nowS() - 2 * hour,
      amountTotal: 4050,
      currency: 'eur',
      buyer: buyer('4'),
    })
    const refunded = await order(t, { reference: 'braided-belt', created: nowS() - hour, buyer: buyer('5') })
    await sendEvent(
      t,
      stripeEvent('charge.refunded', refundedCharge({ paymentIntent: refunded.paymentIntent!, amountRefunded: 5000 })),
    ).expect(200)

    const text = await shown(t, '/admin/orders')
    expect(text).toContain('3 orders to send')
    const rows = [refunded, unknown, older, awaiting, sent].map((o) => text.indexOf(o.customer!.name!))
    expect(rows.every((at) => at > 0)).toBe(true)
    expect([...rows].sort((a, b) => a - b)).toEqual(rows)
    const at = (o: { createdAt: string }) => ukMoment(o.createdAt)
    expect(text).toContain(`Oxford Brogue, size 42 £185.00 Paid – to send ${at(older)} Customer 2`)
    expect(text).toContain(`Product not recognised (gift-card) €40.50 Paid – to send ${at(unknown)} Customer 4`)
    expect(text).toContain(`Refunded in part – to send ${at(refunded)} Customer 5`)
    expect(text).toContain(`Awaiting payment ${at(awaiting)} Customer 3`)
    expect(text).toContain(`Sent ${at(sent)} Customer 1`)
    expect(text).toContain('every order as CSV')
    const html = (await owner(t, '/admin/orders')).text
    expect(html).toContain(`href="/admin/orders/${older.id}"`)
    expect(html).toContain('href="/admin/orders.csv"')
    expect(html).toMatch(/<a href="\/admin\/orders" aria-current="page">Orders<\/a>/)
  })

  it('says when an order paid for a piece already gone, and a failed or fully refunded payment', async () => {
    const t = await shop()
    await setStock(t, 'reversible-belt', 1)
    await order(t, { reference: 'reversible-belt', buyer: buyer('1') })
    await order(t, { reference: 'reversible-belt', buyer: buyer('2') })
    const failing = checkoutSession({ reference: 'tote-bag', paymentStatus: 'unpaid', buyer: buyer('3') })
    await sendEvent(t, stripeEvent('checkout.session.completed', failing)).expect(200)
    await sendEvent(t, stripeEvent('checkout.session.async_payment_failed', failing)).expect(200)
    const back = await order(t, { reference: 'braided-belt', buyer: buyer('4') })
    await sendEvent(t, stripeEvent('charge.refunded', refundedCharge({ paymentIntent: back.paymentIntent! }))).expect(
      200,
    )
    const text = await shown(t, '/admin/orders')
    expect(text).toContain('2 orders to send · 1 oversold: refund or make another')
    expect(text).toMatch(/Paid – to send Oversold: refund or make another [^·]*Customer 2/)
    expect(text).toMatch(/Payment failed [^·]*Customer 3/)
    expect(text).toMatch(/Refunded [^·]*Customer 4/)
  })

  it('shows the first 200 (those to send, then the newest) and says the CSV has every order', async () => {
    const t = await shop()
    for (let n = 0; n < ORDERS_SHOWN + 1; n++)
      await sendEvent(
        t,
        stripeEvent('checkout.session.completed', checkoutSession({ created: nowS() - 3600 + n, reference: null })),
      ).expect(200)
    const html = (await owner(t, '/admin/orders').expect(200)).text
    expect(html.match(/<li class="orders-item"/g)).toHaveLength(ORDERS_SHOWN)
    expect(pageText(html)).toContain(`Showing ${ORDERS_SHOWN} of ${ORDERS_SHOWN + 1}`)
    expect(pageText(html)).toContain('Every order is in the CSV below.')
    expect(parseCsv((await owner(t, '/admin/orders.csv')).text).rows).toHaveLength(ORDERS_SHOWN + 2)
  })

  it('says why when the orders file cannot be read, rather than an error page', async () => {
    t = await createTestApp({
      env: { STRIPE_WEBHOOK_SECRET: TEST_WEBHOOK_SECRET, ADMIN_PASSWORD: PASSWORD },
      prepare: (dir) => mkdir(path.join(dir, 'db.json.orders.jsonl')), // a folder where the file should be
    })
    const text = await shown(t, '/admin/orders')
    expect(text).toContain('The orders file cannot be read just now (EISDIR)')
    expect(text).not.toContain('orders to send')
    // The overview still opens, without the orders' counts.
    expect(pageText((await owner(t, '/admin').expect(200)).text)).toContain('Needs you')
  })

  it("says the same on an order's page, in the CSV and to a post (503), not an error 500", async () => {
    t = await createTestApp({
      env: { STRIPE_WEBHOOK_SECRET: TEST_WEBHOOK_SECRET, ADMIN_PASSWORD: PASSWORD },
      prepare: (dir) => mkdir(path.join(dir, 'db.json.orders.jsonl')),
    })
    const said = 'The orders file cannot be read just now (EISDIR); no order is lost'
    const page = await owner(t, '/admin/orders/ord_1').expect(503)
    expect(pageText(page.text)).toContain(said)
    expect(page.headers['cache-control']).toBe('private, no-store')
    const answers = {
      csv: await owner(t, '/admin/orders.csv'),
      post: await post(t, '/admin/orders/ord_1', { action: 'sent' }),
    }
    for (const [asked, res] of Object.entries(answers)) {
      expect(res.status, asked).toBe(503)
      expect(res.headers['content-type'], asked).toMatch(/^text\/plain/)
      expect(res.text, asked).toContain(said)
    }
  })

  it('says there is none yet when no order came', async () => {
    const t = await shop()
    const text = await shown(t, '/admin/orders')
    expect(text).toContain('0 orders to send')
    expect(text).toContain('No order yet.')
  })
})

describe('one order', () => {
  it('shows the whole order: the customer as Stripe collected them, and a mailto link to write to them', async () => {
    const t = await shop()
    const o = await order(t, { reference: 'oxford-brogue__42', buyer: buyer('7') })
    const res = await owner(t, `/admin/orders/${o.id}`).expect(200)
    expect(res.headers['cache-control']).toBe('private, no-store')
    const text = pageText(res.text)
    for (const fact of [
      'Oxford Brogue, size 42',
      '£185.00',
      'Paid – to send',
      `Ordered ${ukMoment(o.createdAt)}`,
      'Name Customer 7',
      'E-mail customer.7@example.com',
      'Phone +447700900007',
      'Deliver to Customer 7 7 Tannery Row Northampton NN7 1AA GB',
      `Stripe payment ${o.paymentIntent}`,
    ])
      expect(text).toContain(fact)
    const mailto = /href="(mailto:[^"]+)"[^>]*>E-mail the customer</.exec(res.text)?.[1]?.replace(/&amp;/g, '&')
    expect(mailto).toMatch(/^mailto:customer\.7@example\.com\?subject=/)
    expect(new URL(mailto!).searchParams.get('subject')).toBe(
      'Your order from Ashbourne Leather: Oxford Brogue, size 42',
    )
    expect(res.text).toContain('<title>Order: Oxford Brogue, size 42 | Ashbourne Leather</title>')
  })

  it('answers 404 for an id of no order, the object prototype’s names included, and for their page data', async () => {
    const t = await shop()
    const { id } = await order(t)
    for (const unknown of ['no-such-order', '__proto__', 'constructor', 'hasOwnProperty', 'toString', `${id}x`]) {
      const page = await owner(t, `/admin/orders/${unknown}`)
      expect(page.status, unknown).toBe(404)
      expect(page.headers['cache-control'], unknown).toBe('private, no-store')
      // The page's data, as Vike answers a navigation: the error page's, with the 404.
      const data = await owner(t, `/admin/orders/${unknown}/index.pageContext.json`)
      expect(JSON.parse(data.text), unknown).toMatchObject({ abortStatusCode: 404, pageId: '/pages/_error' })
      const res = await post(t, `/admin/orders/${unknown}`, { action: 'sent' })
      expect(res.status, unknown).toBe(303)
      expect(res.headers.location).toBe('/admin/orders?done=gone')
    }
    expect(pageText((await owner(t, '/admin/orders/__proto__')).text)).toContain('Page Not Found')
    expect(pageText((await owner(t, '/admin/orders?done=gone')).text)).toContain('That order is not there.')
    expect(pageText((await owner(t, '/admin/orders?done=__proto__')).text)).not.toContain('[object')
    expect((await ordersOnDisk(t.dataFile))[0]?.sent).toBeUndefined()
  })

  it('marks it sent with a tracking note (post, then 303 to the order, which says so at once)', async () => {
    const t = await shop()
    const o = await order(t, { reference: 'derby-shoe__41' })
    const res = await post(t, `/admin/orders/${o.id}`, { action: 'sent', tracking: 'Royal Mail AB123456789GB' })
    expect(res.status).toBe(303)
    expect(res.headers.location).toBe(`/admin/orders/${o.id}?done=sent`)
    const [stored] = await ordersOnDisk(t.dataFile)
    expect(stored?.sent).toMatchObject({ tracking: 'Royal Mail AB123456789GB' })
    const text = await shown(t, res.headers.location!)
    expect(text).toContain('Marked as sent.')
    expect(text).toMatch(/Sent \w{3} \d{1,2} \w{3}, \d\d:\d\d Tracking: Royal Mail AB123456789GB/)
    expect(text).not.toContain('Mark as sent')
    expect(await shown(t, '/admin/orders')).toContain('0 orders to send')
    // An order not paid cannot be sent.
    const unpaid = await order(t, { paymentStatus: 'unpaid' })
    const refused = await post(t, `/admin/orders/${unpaid.id}`, { action: 'sent' })
    expect(refused.headers.location).toBe(`/admin/orders/${unpaid.id}?done=not-paid`)
    expect((await t.services.orders.find(unpaid.id))?.sent).toBeUndefined()
    expect((await post(t, `/admin/orders/${o.id}`, { action: 'constructor' })).status).toBe(400)
  })

  it('erases the customer’s details after a confirmation that needs no script, leaving nothing of them on disk', async () => {
    const t = await shop()
    const who = buyer('9')
    const first = await order(t, { reference: 'braided-belt', buyer: who })
    await post(t, `/admin/orders/${first.id}`, { action: 'sent', tracking: `to ${who.line1}` }).expect(303)
    const second = await order(t, { reference: 'tote-bag', buyer: who })
    const other = await order(t, { reference: 'tote-bag', buyer: buyer('10') })

    const page = await owner(t, `/admin/orders/${second.id}`)
    expect(page.text).toContain(`href="/admin/orders/${second.id}?confirm=erase#confirm-erase"`)
    expect(pageText(page.text)).toContain("Erase this customer's details…")
    const confirm = pageText((await owner(t, `/admin/orders/${second.id}?confirm=erase`)).text)
    expect(confirm).toContain("Erase this customer's details?")
    expect(confirm).toContain('Erase their details')

    // Without the confirmation nothing goes.
    const unconfirmed = await post(t, `/admin/orders/${second.id}`, { action: 'erase' })
    expect(unconfirmed.headers.location).toBe(`/admin/orders/${second.id}?done=confirm-first`)
    expect((await t.services.orders.find(second.id))?.customer?.email).toBe(who.email)

    const res = await post(t, `/admin/orders/${second.id}`, { action: 'erase', confirm: 'yes' })
    expect(res.status).toBe(303)
    expect(res.headers.location).toBe(`/admin/orders/${second.id}?done=erased`)
    const traces = [who.name, who.email, who.phone, who.line1, who.postalCode].map((s) => s.toLowerCase())
    for (const file of await filesUnder(t.dir)) {
      const text = (await readFile(file)).toString('latin1').toLowerCase()
      for (const trace of traces) expect(text, `${path.relative(t.dir, file)} holds ${trace}`).not.toContain(trace)
    }
    const after = await shown(t, res.headers.location!)
    expect(after).toContain("The customer's details were erased")
    expect(after).toContain('£185.00')
    expect(after).not.toContain('E-mail the customer')
    expect(await shown(t, `/admin/orders/${other.id}`)).toContain('Customer 10')
  })
})

describe('the CSV for the accountant', () => {
  it('offers every order with its columns, as a download, to the owner alone', async () => {
    const t = await shop()
    const o = await order(t, { reference: 'oxford-brogue__42', buyer: buyer('3') })
    const res = await owner(t, '/admin/orders.csv').expect(200)
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8')
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="orders-\d{4}-\d{2}-\d{2}\.csv"$/)
    const { bom, rows } = parseCsv(res.text)
    expect(bom).toBe(true)
    // The service's own CSV (its columns are tested with it), served whole.
    expect(rows).toEqual(parseCsv([...(await t.services.orders.csv())].join('')).rows)
    expect(rows[0]).toEqual(expect.arrayContaining(['Paid (UK time)', 'Product', 'Amount', 'Currency', 'Deliver to']))
    expect(rows[1]).toEqual(
      expect.arrayContaining(['Paid', 'Oxford Brogue, size 42', '185.00', 'GBP', 'Customer 3', o.id, o.paymentIntent]),
    )
    expect((await request(t.app).get('/admin/orders.csv')).status).toBe(401)
  })
})

describe('the overview and Visits', () => {
  it('"Needs you" says how many orders are to send, and how many oversold, each linking to the orders', async () => {
    const t = await shop()
    const needs = async () => {
      const html = (await owner(t, '/admin').expect(200)).text
      const section = /<section class="needs-you[\s\S]*?<\/section>/.exec(html)![0]
      return { text: pageText(section), html: section }
    }
    expect((await needs()).text).not.toMatch(/to send|oversold/)
    await setStock(t, 'weekender-holdall', 1)
    await order(t, { reference: 'weekender-holdall' })
    let shownNeeds = await needs()
    expect(shownNeeds.text).toContain('1 order to send')
    expect(shownNeeds.text).not.toContain('oversold')
    expect(shownNeeds.html).toContain('<a href="/admin/orders">1 order to send</a>')
    await order(t, { reference: 'weekender-holdall' })
    shownNeeds = await needs()
    expect(shownNeeds.text).toContain('2 orders to send')
    expect(shownNeeds.html).toContain('<a href="/admin/orders">1 oversold: refund or make another</a>')
  })

  it('Visits shows paid orders and their share of views per product, and the day’s orders and takings', async () => {
    const t = await shop()
    for (let n = 0; n < 4; n++) await request(t.handler).get('/products/tote-bag').set('User-Agent', BROWSER)
    await order(t, { reference: 'tote-bag', amountTotal: 9500 })
    const refunded = await order(t, { reference: 'tote-bag' })
    await sendEvent(
      t,
      stripeEvent('charge.refunded', refundedCharge({ paymentIntent: refunded.paymentIntent!, amountRefunded: 1000 })),
    ).expect(200)
    const text = await shown(t, '/admin/statistics')
    // Views, hand-offs, their share as before; then the orders paid and their share of the views.
    expect(text).toContain('Market Tote 4 0 0.0% 2 50.0%')
    expect(text).toContain('Orders paid 2')
    expect(text).toContain('Takings £270.00')
    expect(text).toMatch(/Paid share ?: orders paid for every 100 views/)
    const csv = await owner(t, '/admin/statistics.csv?days=7').expect(200)
    const rows = csv.text
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n')
    expect(rows[0]).toBe('date,views,visitors,hand-offs to payment,paid orders,takings GBP')
    expect(rows.at(-1)).toMatch(/^\d{4}-\d{2}-\d{2},4,1,0,2,270\.00$/)
  })
})

const BROWSER =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, ' +
  'like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36'
