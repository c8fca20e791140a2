/**
 * The owner's e-mail of each paid order, through the same outbox as enquiries (a real SMTP server on
 * loopback): sent once the payment is made, retried while the mail server refuses, recorded in the order.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { checkoutSession, stripeEvent, TEST_WEBHOOK_SECRET } from '../../support/stripe-events.ts'
import { startContactApp, type ContactHarness } from '../helpers/contact-app.ts'
import { ordersOnDisk, sendEvent } from '../helpers/orders.ts'
import { FakeSmtp } from '../helpers/smtp.ts'

const OWNER = 'owner@ashbourne.test'
const SENDER = 'Ashbourne website <web@ashbourne.test>'

let smtp: FakeSmtp
let h: ContactHarness
beforeEach(async () => {
  smtp = new FakeSmtp()
  await smtp.start()
  h = await startContactApp({
    env: { MAIL_TO: OWNER, MAIL_FROM: SENDER, SMTP_URL: smtp.url, STRIPE_WEBHOOK_SECRET: TEST_WEBHOOK_SECRET },
    retry: { firstDelayMs: 300, factor: 2, maxDelayMs: 1000 },
  })
})
afterEach(async () => {
  await h.close()
  await smtp.stop()
})

/** A header as a mail program shows it: RFC 2047 encoded words (the £ sign) decoded. */
const decoded = (header: string | undefined) =>
  (header ?? '').replace(/\?=\s+=\?/g, '?==?').replace(/=\?UTF-8\?Q\?([^?]*)\?=/gi, (_, q: string) =>
    Buffer.from(
      q.replace(/_/g, ' ').replace(/=([0-9A-F]{2})/gi, (__, h: string) => String.fromCharCode(parseInt(h, 16))),
      'latin1',
    ).toString('utf8'),
  )

const notificationOnDisk = (sessionId: string, status: string) =>
  vi.waitFor(
    async () => {
      const order = (await ordersOnDisk(h.dataFile)).find((o) => o.sessionId === sessionId)
      const notification = order?.notification as { status: string; attempts: { ok: boolean }[] } | undefined
      if (notification?.status !== status) throw new Error(`not ${status} yet: ${JSON.stringify(notification)}`)
      return notification
    },
    { timeout: 10_000, interval: 25 },
  )

describe('e-mailing the owner about paid orders (real SMTP server on loopback)', () => {
  it('sends what to send, where and to whom, Reply-To the customer, and records it as sent', async () => {
    const session = checkoutSession({ reference: 'oxford-brogue__42', amountTotal: 17900 })
    await sendEvent(h, stripeEvent('checkout.session.completed', session)).expect(200)
    await smtp.waitForMails(1)
    const mail = smtp.received[0]!
    expect(mail.rcptTo).toEqual([OWNER])
    expect(mail.mailFrom).toBe('web@ashbourne.test')
    expect(decoded(mail.headers.get('subject')?.[0])).toBe('Order paid: Oxford Brogue, size 42 (£179.00)')
    expect(mail.headers.get('reply-to')?.[0]).toContain('harriet.ashdown@example.com')
    for (const line of [
      'Product: Oxford Brogue, size 42',
      'Name: Harriet Ashdown',
      'E-mail: harriet.ashdown@example.com',
      'Phone: +447700900456',
      'Deliver to: Harriet Ashdown, 12 Orchard Lane, Bath, BA1 2AB, GB',
      `Stripe payment: ${session.payment_intent}`,
    ])
      expect(mail.text).toContain(line)
    expect(mail.text).toMatch(/Paid: £179\.00, \w+day, \d+ \w+ \d{4} at \d\d:\d\d/)
    expect(mail.html).toContain('12 Orchard Lane')
    const notification = await notificationOnDisk(session.id, 'sent')
    expect(notification.attempts).toEqual([expect.objectContaining({ ok: true })])
  })

  it('waits for an async payment to succeed, and never mails a failed one', async () => {
    const slow = checkoutSession({ paymentStatus: 'unpaid', reference: 'briefcase' })
    const failed = checkoutSession({ paymentStatus: 'unpaid', reference: 'tote-bag' })
    await sendEvent(h, stripeEvent('checkout.session.completed', slow)).expect(200)
    await sendEvent(h, stripeEvent('checkout.session.completed', failed)).expect(200)
    await sendEvent(h, stripeEvent('checkout.session.async_payment_failed', failed)).expect(200)
    await sendEvent(h, stripeEvent('checkout.session.async_payment_succeeded', { ...slow, payment_status: 'paid' }))
    await smtp.waitForMails(1)
    await notificationOnDisk(slow.id, 'sent')
    expect(smtp.received.map((m) => decoded(m.headers.get('subject')?.[0]))).toEqual([
      'Order paid: Heritage Briefcase (£185.00)',
    ])
    expect((await ordersOnDisk(h.dataFile)).find((o) => o.sessionId === failed.id)?.notification).toBeUndefined()
  })

  it('keeps the e-mail pending while the mail server refuses, and the retry delivers it once', async () => {
    smtp.mode = 'refuse'
    const session = checkoutSession({ reference: 'weekender-holdall' })
    const event = stripeEvent('checkout.session.completed', session)
    await sendEvent(h, event).expect(200)
    await vi.waitFor(() => expect(smtp.refused).toBeGreaterThanOrEqual(1), { timeout: 10_000 })
    const pending = await notificationOnDisk(session.id, 'pending')
    expect(pending.attempts[0]).toMatchObject({ ok: false })
    smtp.mode = 'accept'
    await smtp.waitForMails(1)
    await notificationOnDisk(session.id, 'sent')
    // A replay of the event changes nothing: the order's e-mail stays sent, once.
    expect((await sendEvent(h, event).expect(200)).body).toEqual({ received: true, duplicate: true })
    const after = await notificationOnDisk(session.id, 'sent')
    expect(after.attempts.filter((a) => a.ok)).toHaveLength(1)
    expect(smtp.received).toHaveLength(1)
  })
})
