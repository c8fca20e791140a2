/**
 * Likely spam is marked on the saved enquiry (`likelySpam`), never refused: it is still saved and
 * still e-mailed to the owner, with the reason in the e-mail.
 */
import request from 'supertest'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { StoredEnquiry } from '../../data/enquiry.server.ts'
import { mostlyLinks, RepeatedText } from '../../server/services/likely-spam.server.ts'
import { startContactApp, type ContactHarness } from '../helpers/contact-app.ts'
import { FakeSmtp } from '../helpers/smtp.ts'
import { dataOnDisk } from '../helpers/on-disk.ts'

const enquiry = (n: number, message: string) => ({
  firstName: `Visitor${n}`,
  lastName: 'Example',
  email: `visitor${n}@example.com`,
  subject: 'general',
  message,
})
const onDisk = async (h: ContactHarness): Promise<readonly StoredEnquiry[]> => (await dataOnDisk(h.dataFile)).messages

describe('the spam rules', () => {
  it('calls a message mostly links when web addresses are at least half of it', () => {
    expect(mostlyLinks('Cheap boots https://spam.example/x https://spam.example/y www.spam.example')).toMatch(
      /^mostly links: 3 web addresses, \d+% of the message$/,
    )
    expect(mostlyLinks('http://a.example/very-long-path-to-somewhere ok')).toMatch(/^mostly links: 1 web address/)
    expect(
      mostlyLinks(
        'I saw the Oxford Brogue on https://www.ashbourneleather.co.uk/products and would like it in size 44, please.',
      ),
    ).toBeNull()
    expect(mostlyLinks('No links here at all, just a question about belts.')).toBeNull()
  })

  it('marks one text from more addresses than the limit within a day, with the earlier ones of the campaign', () => {
    const rule = new RepeatedText(3)
    const now = Date.parse('2026-01-10T12:00:00Z')
    const counts = [1, 2, 3].map((n) => rule.count('Buy followers now', `bot${n}@example.com`, now))
    expect(counts.map((c) => c.reason)).toEqual([null, null, null])
    counts.forEach((c, i) => rule.saved(c, `id${i}`))
    // The same address again is not another address; spacing and capitals do not make another text.
    expect(rule.count('buy   FOLLOWERS now', 'BOT1@example.com', now).reason).toBeNull()
    const fourth = rule.count('Buy followers now', 'bot4@example.com', now)
    expect(fourth).toMatchObject({
      reason: 'the same text came from 4 e-mail addresses within a day',
      earlier: ['id0', 'id1', 'id2'],
    })
    // A day later the count starts again, and an enquiry with that text is not marked.
    const dayLater = rule.count('Buy followers now', 'bot5@example.com', now + 25 * 60 * 60 * 1000)
    expect(dayLater.reason).toBeNull()
    expect(rule.saved(dayLater, 'id5')).toBeNull()
    // 0 (CONTACT_RATE_LIMIT=0) turns the rule off.
    const off = new RepeatedText(0)
    for (let n = 0; n < 50; n++) expect(off.count('same', `a${n}@example.com`, now).reason).toBeNull()
  })
})

describe('likely spam through POST /api/contact', () => {
  let smtp: FakeSmtp | undefined
  let h: ContactHarness | undefined
  afterEach(async () => {
    await h?.close()
    await smtp?.stop()
    h = smtp = undefined
  })

  it('saves and e-mails an enquiry that is mostly links, marked with the reason', async () => {
    smtp = new FakeSmtp()
    await smtp.start()
    h = await startContactApp({ env: { SMTP_URL: `smtp://127.0.0.1:${smtp.port}` }, retry: { firstDelayMs: 300 } })
    const res = await request(h.app)
      .post('/api/contact')
      .send(enquiry(1, 'https://spam.example/buy-now https://spam.example/cheap'))
      .expect(201)
    const saved = (await onDisk(h)).find((m) => m.id === res.body.id)
    expect(saved?.likelySpam).toMatch(/^mostly links: 2 web addresses/)
    await vi.waitFor(() => expect(smtp!.received).toHaveLength(1), { timeout: 10_000 })
    expect(smtp.received[0]!.headers.get('subject')?.[0]).toMatch(/^\[Likely spam\] /)
    expect(smtp.received[0]!.text).toMatch(/Likely spam: mostly links/)
  })

  it(
    'marks the same text from more addresses than CONTACT_RATE_LIMIT, the ' + 'earlier ones too; every one is saved',
    async () => {
      // Each from its own address (behind a proxy that says so), as
      // a campaign's are: the per-visitor limit lets each through.
      h = await startContactApp({
        env: { CONTACT_RATE_LIMIT: '3', TRUST_PROXY: 'loopback' },
        retry: { firstDelayMs: 300 },
      })
      const send = (n: number, message: string) =>
        request(h!.app)
          .post('/api/contact')
          .set('X-Forwarded-For', `203.0.113.${n}`)
          .send(enquiry(n, message))
          .expect(201)
      const text = 'We can bring your website to the top of every search engine, reply today.'
      const ids: string[] = []
      for (let n = 0; n < 5; n++) ids.push((await send(n, text)).body.id)
      const other = (await send(9, 'Do you make belts in 44 inches?')).body.id
      await vi.waitFor(async () => {
        const saved = await onDisk(h!)
        expect(ids.map((id) => saved.find((m) => m.id === id)?.likelySpam)).toEqual([
          ...Array(4).fill('the same text came from 4 e-mail addresses within a day'),
          'the same text came from 5 e-mail addresses within a day',
        ])
        expect(saved.find((m) => m.id === other)).not.toHaveProperty('likelySpam')
      })
    },
  )

  it('never marks by repetition when CONTACT_RATE_LIMIT is 0', async () => {
    h = await startContactApp({ env: { CONTACT_RATE_LIMIT: '0' }, retry: { firstDelayMs: 300 } })
    for (let n = 0; n < 8; n++)
      await request(h.app)
        .post('/api/contact')
        .send(enquiry(n, 'The very same question, eight times over.'))
        .expect(201)
    expect((await onDisk(h)).filter((m) => m.likelySpam)).toEqual([])
  })
})
