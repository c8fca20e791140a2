import { readFile, writeFile } from 'node:fs/promises'
import request from 'supertest'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { seedProducts } from '../../data/seed/products.ts'
import type { StoredEnquiry } from '../../data/enquiry.server.ts'
import { retryDelay } from '../../server/services/mail-outbox.server.ts'
import { startContactApp, type ContactHarness } from '../helpers/contact-app.ts'
import { FakeSmtp } from '../helpers/smtp.ts'
import { validEnquiry as valid } from '../helpers/valid-enquiry.ts'

const OWNER = 'owner@ashbourne.test'
const SENDER = 'Ashbourne website <web@ashbourne.test>'
const RETRY = { firstDelayMs: 300, factor: 2, maxDelayMs: 1000 }

type Harness = ContactHarness

/** The app as server.ts builds it, with the contact feature's retries shortened to fractions of a second. */
function startApp(smtpUrl: string | undefined, prepare?: (dataFile: string) => Promise<void>): Promise<Harness> {
  return startContactApp({
    env: { MAIL_TO: OWNER, MAIL_FROM: SENDER, ...(smtpUrl ? { SMTP_URL: smtpUrl } : {}) },
    retry: RETRY,
    prepare,
  })
}

/** The enquiries as they are on disk. */
async function onDisk(h: Harness): Promise<StoredEnquiry[]> {
  return JSON.parse(await readFile(h.dataFile, 'utf8')).messages
}

/** The enquiry once it is on disk in the state `ok` wants. */
const enquiryOnDisk = (h: Harness, id: string, ok: (m: StoredEnquiry) => boolean) =>
  vi.waitFor(
    async () => {
      const found = (await onDisk(h)).find((m) => m.id === id && ok(m))
      if (!found) throw new Error(`enquiry ${id} is not on disk as expected yet`)
      return found
    },
    { timeout: 10_000, interval: 25 },
  )

let smtp: FakeSmtp
let h: Harness | undefined
beforeEach(async () => {
  smtp = new FakeSmtp()
  await smtp.start()
})
afterEach(async () => {
  await h?.close()
  h = undefined
  await smtp.stop()
})

describe('e-mailing enquiries to the owner (real SMTP server on loopback)', () => {
  it('sends each saved enquiry to MAIL_TO from MAIL_FROM, Reply-To the visitor, and records it as sent', async () => {
    h = await startApp(smtp.url)
    const res = await request(h.app).post('/api/contact').send(valid).expect(201)
    await smtp.waitForMails(1)
    const mail = smtp.received[0]!

    expect(mail.rcptTo).toEqual([OWNER]) // the owner only: never an auto-reply to the visitor
    expect(mail.mailFrom).toBe('web@ashbourne.test')
    expect(mail.headers.get('from')).toEqual(['Ashbourne website <web@ashbourne.test>'])
    expect(mail.headers.get('to')).toEqual([OWNER])
    expect(mail.headers.get('reply-to')).toEqual(['Jane Smith <jane.smith@example.co.uk>'])
    expect(mail.headers.get('subject')).toEqual(['Footwear Enquiry from Jane Smith'])
    expect(mail.headers.get('x-enquiry-id')).toEqual([res.body.id])
    for (const part of [mail.text, mail.html]) {
      expect(part).toContain('Jane Smith')
      expect(part).toContain('jane.smith@example.co.uk')
      expect(part).toContain('Footwear Enquiry')
      expect(part).toContain('Do you make the Oxford brogue in a size 46?')
    }

    const saved = await enquiryOnDisk(h, res.body.id, (m) => m.notification.status === 'sent')
    expect(saved.notification.attempts).toEqual([{ at: expect.any(String), ok: true }])
    expect(saved.notification.sentAt).toBe(saved.notification.attempts[0]!.at)
    expect(saved.notification.nextAttemptAt).toBeNull()
    expect(smtp.received).toHaveLength(1)
  })

  it('saves a new enquiry as pending and answers before the e-mail is sent', async () => {
    smtp.mode = { holdMs: 1500 } // a slow mail server
    h = await startApp(smtp.url)
    const res = await request(h.app).post('/api/contact').send(valid).expect(201)
    expect(smtp.received).toHaveLength(0) // answered while the mail server still holds the e-mail
    const right = (await onDisk(h)).find((m) => m.id === res.body.id)!
    expect(right.notification.status).toBe('pending')
    expect(right.notification.attempts).toEqual([])
    await enquiryOnDisk(h, res.body.id, (m) => m.notification.status === 'sent')
  })

  it(
    'keeps the enquiry pending when the server refuses, and the retry ' +
      'delivers it once the server takes mail again',
    async () => {
      smtp.mode = 'refuse'
      h = await startApp(smtp.url)
      const res = await request(h.app).post('/api/contact').send(valid).expect(201)

      const refused = await enquiryOnDisk(h, res.body.id, (m) => m.notification.attempts.length >= 1)
      expect(refused.notification.status).toBe('pending')
      const first = refused.notification.attempts[0]!
      expect(first.ok).toBe(false)
      expect(first.error).toMatch(/451/)
      expect(Date.parse(refused.notification.nextAttemptAt!)).toBeGreaterThan(Date.parse(first.at))
      expect(smtp.received).toHaveLength(0)

      // Backoff: the waits grow (300 ms, then 600 ms) until capped (1000 ms).
      const thrice = await enquiryOnDisk(h, res.body.id, (m) => m.notification.attempts.length >= 3)
      const waits = thrice.notification.attempts
        .slice(0, 3)
        .map((a, i, all) => (all[i + 1] ? Date.parse(all[i + 1]!.at) - Date.parse(a.at) : null))
      expect(waits[0]).toBeGreaterThanOrEqual(RETRY.firstDelayMs - 20)
      expect(waits[1]).toBeGreaterThanOrEqual(RETRY.firstDelayMs * 2 - 20)
      expect(thrice.notification.status).toBe('pending')

      smtp.mode = 'accept'
      await smtp.waitForMails(1)
      const sent = await enquiryOnDisk(h, res.body.id, (m) => m.notification.status === 'sent')
      const attempts = sent.notification.attempts
      expect(attempts.at(-1)).toEqual({ at: expect.any(String), ok: true })
      expect(attempts.slice(0, -1).every((a) => a.ok === false && /451/.test(a.error ?? ''))).toBe(true)
      expect(smtp.received).toHaveLength(1) // delivered once, not once per attempt
    },
  )

  it('keeps the enquiry pending while the server is down, and delivers it when it comes back', async () => {
    const port = smtp.port
    await smtp.stop()
    h = await startApp(`smtp://127.0.0.1:${port}`)
    const res = await request(h.app).post('/api/contact').send(valid).expect(201)
    const failed = await enquiryOnDisk(h, res.body.id, (m) => m.notification.attempts.length >= 1)
    expect(failed.notification.status).toBe('pending')
    expect(failed.notification.attempts[0]!.error).toMatch(/ECONNREFUSED|connect/i)

    await smtp.start(port)
    await smtp.waitForMails(1)
    await enquiryOnDisk(h, res.body.id, (m) => m.notification.status === 'sent')
  })

  it('sends, at start-up, what was left pending before a restart', async () => {
    const left: StoredEnquiry = {
      id: 'left-pending-0001',
      createdAt: '2025-01-14T10:32:00.000Z',
      ...valid,
      firstName: 'Arthur',
      lastName: 'Dent',
      subject: 'bags',
      notification: {
        status: 'pending',
        attempts: [{ at: '2025-01-14T10:32:01.000Z', ok: false, error: 'connect ECONNREFUSED' }],
        nextAttemptAt: '2025-01-14T10:33:01.000Z',
        sentAt: null,
      },
    }
    const alreadySent: StoredEnquiry = {
      ...left,
      id: 'already-sent-0002',
      notification: { status: 'sent', attempts: [{ at: left.createdAt, ok: true }], sentAt: left.createdAt },
    }
    const disabled: StoredEnquiry = { ...left, id: 'disabled-0003', notification: { status: 'disabled', attempts: [] } }
    h = await startApp(smtp.url, (file) =>
      writeFile(file, JSON.stringify({ products: seedProducts, messages: [left, alreadySent, disabled] }, null, 2)),
    )
    await smtp.waitForMails(1)
    expect(smtp.received[0]!.headers.get('subject')).toEqual(['Bags Enquiry from Arthur Dent'])
    const sent = await enquiryOnDisk(h, left.id, (m) => m.notification.status === 'sent')
    expect(sent.notification.attempts).toHaveLength(2)
    await h.contact.stop() // a shutdown waits for every send under way
    expect(smtp.received).toHaveLength(1) // the sent and the disabled ones are not sent again
  })

  it('sends nothing and keeps enquiries saved when SMTP_URL is unset', async () => {
    h = await startApp(undefined)
    const res = await request(h.app).post('/api/contact').send(valid).expect(201)
    // Saved as "disabled" in the answer's own write; a stop waits for any send under way.
    expect((await onDisk(h)).find((m) => m.id === res.body.id)!.notification).toEqual({
      status: 'disabled',
      attempts: [],
    })
    await h.contact.stop()
    expect(smtp.received).toHaveLength(0)
  })

  it('cannot be used to inject headers or recipients through any field', async () => {
    h = await startApp(smtp.url)
    // Names are one line of text: a line break is refused before anything is saved or sent.
    const refused = await request(h.app)
      .post('/api/contact')
      .send({ ...valid, firstName: 'Jane\r\nBcc: victim@example.org', lastName: 'Smith\nSubject: Free money' })
      .expect(400)
    expect(refused.body.issues).toEqual({
      firstName: 'First name must be a single line, without line breaks or invisible control characters',
      lastName: 'Last name must be a single line, without line breaks or invisible control characters',
    })
    await request(h.app)
      .post('/api/contact')
      .send({
        firstName: 'Jane',
        lastName: 'Smith',
        email: 'jane@example.com',
        subject: 'general',
        message: 'Hello there\r\n\r\nBcc: another@example.org\r\n.\r\nMAIL FROM:<x@example.org>',
      })
      .expect(201)
    await smtp.waitForMails(1)
    const mail = smtp.received[0]!
    expect(mail.rcptTo).toEqual([OWNER])
    expect(mail.headers.has('bcc')).toBe(false)
    expect(mail.headers.get('subject')).toEqual(['General Enquiry from Jane Smith'])
    expect(mail.headers.get('reply-to')![0]).toMatch(/<jane@example\.com>$/)
    expect(mail.raw.split('\r\n\r\n')[0]).not.toMatch(/^(Bcc|Subject: Free)/im)
    // the message body carries it as indented text, harmlessly
    expect(mail.text).toContain('    MAIL FROM:<x@example.org>')
    expect(smtp.received).toHaveLength(1)
  })

  it('stops retrying when the server shuts down', async () => {
    smtp.mode = 'refuse'
    h = await startApp(smtp.url)
    const res = await request(h.app).post('/api/contact').send(valid).expect(201)
    await enquiryOnDisk(h, res.body.id, (m) => m.notification.attempts.length >= 1)
    await h.contact.stop!()
    const count = smtp.refused
    // An absence: no retry within three retry delays after the stop.
    await new Promise((r) => setTimeout(r, RETRY.firstDelayMs * 3))
    expect(smtp.refused).toBe(count)
  })
})

describe('retries', () => {
  it('backs off exponentially up to a ceiling', () => {
    const policy = { firstDelayMs: 60_000, factor: 2, maxDelayMs: 3_600_000 }
    expect([1, 2, 3, 4, 5, 6, 7, 8, 20].map((n) => retryDelay(n, policy))).toEqual([
      60_000, 120_000, 240_000, 480_000, 960_000, 1_920_000, 3_600_000, 3_600_000, 3_600_000,
    ])
  })
})
