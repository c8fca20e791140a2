/**
 * The orders service the workspace's pages will read: the list, one order, the owner's mark, the counts
 * for "Needs you", the accountant's CSV, sales per day for Visits; orders moved to dated files, customers'
 * details erased after 7 years or when asked, leaving nothing of them in any file the site writes after.
 */
import { readFile, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { Writable } from 'node:stream'
import pino from 'pino'
import { extract } from 'tar'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { main as backup } from '../../scripts/backup.ts'
import { isToSend, stateOf } from '../../domain/shop-order.ts'
import { checkoutSession, refundedCharge, stripeEvent, TEST_WEBHOOK_SECRET } from '../../support/stripe-events.ts'
import { parseCsv } from '../helpers/csv.ts'
import { filesUnder } from '../helpers/data-folder.ts'
import { buyer, ordersOnDisk, sendEvent, setStock } from '../helpers/orders.ts'
import { createTestApp, type TestServer } from '../helpers/server.ts'

const DAY_S = 24 * 3600
const nowS = () => Math.floor(Date.now() / 1000)

let t: TestServer
const logLines: string[] = []
beforeAll(async () => {
  const logger = pino(
    { level: 'info' },
    new Writable({
      write(chunk, _enc, done) {
        logLines.push(String(chunk))
        done()
      },
    }),
  )
  t = await createTestApp({ env: { STRIPE_WEBHOOK_SECRET: TEST_WEBHOOK_SECRET }, logger })
})
afterAll(() => t.close())

async function paid(session: Parameters<typeof checkoutSession>[0]) {
  const s = checkoutSession(session)
  await sendEvent(t, stripeEvent('checkout.session.completed', s)).expect(200)
  return (await t.services.orders.list()).find((o) => o.sessionId === s.id)!
}

describe('the orders as the pages will list them', () => {
  it('lists those to send first, then the newest first; finds one; counts what needs the owner', async () => {
    await setStock(t, 'chelsea-boot', 1)
    const older = await paid({ reference: 'penny-loafer__41', created: nowS() - 3 * DAY_S, buyer: buyer('1') })
    const newer = await paid({ reference: 'penny-loafer__43', created: nowS() - DAY_S, buyer: buyer('2') })
    const awaiting = await paid({ reference: 'briefcase', paymentStatus: 'unpaid', buyer: buyer('3') })
    const last = await paid({ reference: 'chelsea-boot__42', created: nowS() - 2 * DAY_S, buyer: buyer('4') })
    const oversold = await paid({ reference: 'chelsea-boot__44', created: nowS() - 2 * DAY_S + 60, buyer: buyer('5') })
    expect(oversold.oversold).toBe(true)
    expect(await t.services.orders.markSent(newer.id, ' Royal Mail  TT123456789GB\n')).toMatchObject({
      sent: { tracking: 'Royal Mail  TT123456789GB' },
    })
    expect(await t.services.orders.markSent(awaiting.id)).toBeNull() // not paid yet: nothing to send

    const ids = (await t.services.orders.list()).map((o) => o.id)
    const ours = ids.filter((id) => [older, newer, awaiting, last, oversold].some((o) => o.id === id))
    // To send (newest first), then the rest (newest first).
    expect(ours).toEqual([oversold.id, last.id, older.id, awaiting.id, newer.id])
    const found = await t.services.orders.find(newer.id)
    expect(found && stateOf(found)).toBe('sent')
    expect(found && isToSend(found)).toBe(false)
    const counts = await t.services.orders.counts()
    const toSend = (await t.services.orders.list()).filter(isToSend).length
    expect(counts).toEqual({ toSend, oversold: 1 })
  })

  it('gives the accountant a CSV of every order, amounts as Stripe reported them', async () => {
    const order = await paid({ reference: 'tote-bag', amountTotal: 19950, buyer: buyer('6') })
    const rows = parseCsv([...(await t.services.orders.csv())].join('')).rows
    expect(rows[0]).toEqual([
      'Paid (UK time)',
      'State',
      'Product',
      'Amount',
      'Currency',
      'Refunded',
      'Name',
      'E-mail',
      'Phone',
      'Deliver to',
      'Sent (UK time)',
      'Tracking',
      'Note',
      'Order',
      'Stripe payment',
    ])
    const row = rows.find((r) => r[13] === order.id)!
    expect(row.slice(1, 10)).toEqual([
      'Paid',
      'Market Tote',
      '199.50',
      'GBP',
      '0.00',
      'Customer 6',
      'customer.6@example.com',
      "'+447700900006", // a cell starting with + is never read as a formula
      'Customer 6, 6 Tannery Row, Northampton, NN6 1AA, GB',
    ])
  })

  it('counts paid orders per product and the takings per UK day, net of refunds, for Visits', async () => {
    const day = new Date(Date.UTC(2031, 5, 14, 23, 30)) // 00:30 on 15 June in London (summer time)
    const at = Math.floor(day.getTime() / 1000)
    const a = checkoutSession({ reference: 'dress-belt', amountTotal: 6500, created: at })
    const b = checkoutSession({ reference: 'dress-belt', amountTotal: 6500, created: at })
    const c = checkoutSession({ reference: 'bridle-belt', amountTotal: 7500, created: at })
    for (const s of [a, b, c])
      await sendEvent(t, stripeEvent('checkout.session.completed', s, { created: at })).expect(200)
    await sendEvent(
      t,
      stripeEvent(
        'charge.refunded',
        refundedCharge({ paymentIntent: b.payment_intent!, amount: 6500, amountRefunded: 1000 }),
      ),
    ).expect(200)
    await sendEvent(
      t,
      stripeEvent('charge.refunded', refundedCharge({ paymentIntent: c.payment_intent!, amount: 7500 })),
    )
    expect(await t.services.orders.salesByDay({ from: '2031-06-15', to: '2031-06-15' })).toEqual([
      { day: '2031-06-15', orders: 2, products: { 'dress-belt': 2 }, takings: { gbp: 12000 } },
    ])
  })
})

describe('a backup is one moment of the orders too', () => {
  it('holds an event while the shop is copied, and stores and answers it once the copy is done', async () => {
    const onDisk = () => readFile(`${t.dataFile}.orders.jsonl`, 'utf8').catch(() => '')
    const before = await onDisk()
    const session = checkoutSession({ reference: 'tote-bag' })
    let answer: Promise<unknown> | undefined
    let answered = false
    // Watched, not replaced: the event has reached the orders once it is called.
    const reached = vi.spyOn(t.services.orders, 'handle')
    await t.store.whilePaused(async () => {
      answer = sendEvent(t, stripeEvent('checkout.session.completed', session))
        .expect(200)
        .then(() => (answered = true))
      await expect.poll(() => reached.mock.calls.length).toBe(1)
      // A negative needs a window: from its arrival, time enough to be stored were it not held.
      await new Promise((r) => setTimeout(r, 400))
      expect(answered).toBe(false)
      expect(await onDisk()).toBe(before)
    })
    await answer
    reached.mockRestore()
    expect((await ordersOnDisk(t.dataFile)).some((o) => o.sessionId === session.id)).toBe(true)
  })
})

describe('orders kept as enquiries are, and customers erased', () => {
  const ordersFile = () => `${t.dataFile}.orders.jsonl`

  it('moves settled orders older than 30 days to a dated file per month, and still finds and lists them', async () => {
    const created = nowS() - 45 * DAY_S
    const old = checkoutSession({ reference: 'messenger-bag', created, buyer: buyer('7') })
    await sendEvent(t, stripeEvent('checkout.session.completed', old)).expect(200)
    const order = (await t.services.orders.list()).find((o) => o.sessionId === old.id)!
    // Still to send: it stays in the orders file whatever its age.
    await t.services.orders.tidy()
    expect((await ordersOnDisk(t.dataFile)).some((o) => o.id === order.id)).toBe(true)
    await t.services.orders.markSent(order.id)
    await t.services.orders.tidy()
    expect((await ordersOnDisk(t.dataFile)).some((o) => o.id === order.id)).toBe(false)
    const month = new Date(created * 1000).toISOString().slice(0, 7)
    const dated = JSON.parse(await readFile(`${t.dataFile}.orders-${month}.json`, 'utf8')) as {
      orders: { id: string }[]
    }
    expect(dated.orders.map((o) => o.id)).toContain(order.id)
    expect((await t.services.orders.find(order.id))?.sent).toBeTruthy()
    expect((await t.services.orders.list()).some((o) => o.id === order.id)).toBe(true)
    // A refund of it, late, is applied where it lives.
    await sendEvent(t, stripeEvent('charge.refunded', refundedCharge({ paymentIntent: old.payment_intent! }))).expect(
      200,
    )
    const refunded = await t.services.orders.find(order.id)
    expect(refunded?.refundedInFull).toBe(true)
    expect(JSON.parse(await readFile(`${t.dataFile}.orders-${month}.json`, 'utf8')).orders).toContainEqual(
      expect.objectContaining({ id: order.id, refundedInFull: true }),
    )
  })

  it('erases the customer’s details 7 years after the order, keeping its amounts and dates', async () => {
    const created = nowS() - (7 * 365 + 3) * DAY_S
    const s = checkoutSession({ reference: 'bridle-belt', created, amountTotal: 7500, buyer: buyer('8') })
    await sendEvent(t, stripeEvent('checkout.session.completed', s)).expect(200)
    const order = (await t.services.orders.list()).find((o) => o.sessionId === s.id)!
    await t.services.orders.markSent(order.id, 'TT1')
    await t.services.orders.tidy()
    const kept = (await t.services.orders.find(order.id))!
    expect(kept.customer).toBeNull()
    expect(kept.sent).toEqual({ at: expect.any(String) }) // the tracking note leads to an address: gone too
    expect(kept).toMatchObject({
      amountTotal: 7500,
      currency: 'gbp',
      createdAt: order.createdAt,
      productId: 'bridle-belt',
    })
    expect(kept.erasedAt).toEqual(expect.any(String))
    for (const file of await filesUnder(t.dir)) expect(await readFile(file, 'latin1'), file).not.toContain('Customer 8')
  })

  it('erases one customer sooner when asked (UK GDPR): every order of theirs, and nothing of them stays in any file', async () => {
    const who = buyer('9')
    const first = await paid({ reference: 'reversible-belt', created: nowS() - 50 * DAY_S, buyer: who })
    await t.services.orders.markSent(first.id, `to ${who.line1}`)
    await t.services.orders.tidy() // the first is in a dated file now
    const second = await paid({ reference: 'braided-belt', buyer: { ...who, email: who.email.toUpperCase() } })
    const other = await paid({ reference: 'braided-belt', buyer: buyer('10') })
    const traces = [who.name, who.email, who.phone, who.line1, who.postalCode]
    const holding = async () => {
      const found: string[] = []
      for (const file of await filesUnder(t.dir)) {
        const text = (await readFile(file)).toString('latin1').toLowerCase()
        if (traces.some((s) => text.includes(s.toLowerCase()))) found.push(path.relative(t.dir, file))
      }
      return found
    }
    expect(await holding()).toEqual(expect.arrayContaining(['db.json.orders.jsonl']))

    expect(await t.services.orders.eraseCustomer(second.id)).toBe(2)
    expect(await holding()).toEqual([])
    for (const id of [first.id, second.id]) {
      const erased = (await t.services.orders.find(id))!
      expect(erased.customer).toBeNull()
      expect(erased.amountTotal).toBe(18500)
    }
    expect((await t.services.orders.find(other.id))?.customer?.name).toBe('Customer 10')
    // Nor in the log, nor in a backup made after.
    expect(logLines.join('').toLowerCase()).not.toContain(who.email)
    expect(logLines.join('')).not.toContain(who.line1)
    const archive = path.join(os.tmpdir(), `orders-backup-${process.pid}.tar.gz`)
    const out = path.join(os.tmpdir(), `orders-backup-${process.pid}`)
    try {
      const code = await backup(
        [archive, '--file', t.dataFile],
        () => {},
        () => {},
      )
      expect(code).toBe(0)
      await rm(out, { recursive: true, force: true })
      await (await import('node:fs/promises')).mkdir(out)
      await extract({ file: archive, cwd: out })
      const names = (await filesUnder(out)).map((f) => path.relative(out, f))
      expect(names).toEqual(expect.arrayContaining(['db.json.orders.jsonl']))
      expect(names.some((n) => /^db\.json\.orders-\d{4}-\d{2}\.json$/.test(n))).toBe(true)
      for (const file of await filesUnder(out)) {
        const text = (await readFile(file)).toString('latin1').toLowerCase()
        for (const trace of traces) expect(text, file).not.toContain(trace.toLowerCase())
      }
    } finally {
      await rm(archive, { force: true })
      await rm(out, { recursive: true, force: true })
    }
    expect(await readFile(ordersFile(), 'utf8')).toContain('Customer 10')
  })
})
