import { describe, expect, it } from 'vitest'
import type { StoredEnquiry } from '../../data/enquiry.server.ts'
import { INBOX_PAGE_SIZE, inboxQuery, parseInboxFilter } from '../../domain/inbox.ts'
import { describeDelivery, plainReason } from '../../server/services/enquiry-state.server.ts'
import { inboxView, newEnquiryCount, replyLink } from '../../server/services/inbox.server.ts'

const at = (minute: number) => new Date(Date.UTC(2025, 0, 14, 10, minute)).toISOString()

function enquiry(n: number, fields: Record<string, unknown> = {}): StoredEnquiry {
  return {
    id: `id-${n}`,
    createdAt: at(n),
    firstName: `Ann${n}`,
    lastName: 'Lee',
    email: `ann${n}@example.com`,
    subject: 'general',
    message: `Question number ${n}.`,
    notification: { status: 'sent', attempts: [{ at: at(n), ok: true }], sentAt: at(n) },
    ...fields,
  } as StoredEnquiry
}
const newestFirst = (list: StoredEnquiry[]) => [...list].reverse()

describe('the inbox', () => {
  it('lists newest first, one page at a time, and counts the new ones (not those held as likely spam)', () => {
    const all = newestFirst(
      Array.from({ length: 60 }, (_, i) => enquiry(i, i === 5 ? { likelySpam: 'Many links' } : {})),
    )
    const view = inboxView(all, parseInboxFilter({}))
    expect(view.rows).toHaveLength(INBOX_PAGE_SIZE)
    expect(view.rows[0]!.id).toBe('id-59')
    expect(view.total).toBe(59)
    expect(view.pages).toBe(3)
    expect(view.counts).toEqual({ new: 59, spam: 1, unsent: 0 })
    expect(newEnquiryCount(all)).toBe(59)
    const last = inboxView(all, parseInboxFilter({ page: '3' }))
    expect(last.rows.map((r) => r.id)).toEqual(['id-9', 'id-8', 'id-7', 'id-6', 'id-4', 'id-3', 'id-2', 'id-1', 'id-0'])
    expect(inboxView(all, parseInboxFilter({ page: '99' })).filter.page).toBe(3)
    expect(inboxView(all, parseInboxFilter({ spam: '1' })).rows.map((r) => r.id)).toEqual(['id-5'])
  })

  it(
    'filters by state, subject and unsent, and searches name, e-mail and ' + 'message in any case and without accents',
    () => {
      const all = newestFirst([
        enquiry(1),
        enquiry(2, { readAt: at(30) }),
        enquiry(3, { readAt: at(30), answeredAt: at(31), subject: 'bags' }),
        enquiry(4, { archived: true, firstName: 'José' }),
        enquiry(5, {
          notification: { status: 'pending', attempts: [{ at: at(5), ok: false, error: '451 busy' }] },
          email: 'Buyer@Shop.example',
        }),
        enquiry(6, { message: 'Do you make a brown BELT\nin size 34?' }),
      ])
      const ids = (query: Record<string, string>) => inboxView(all, parseInboxFilter(query)).rows.map((r) => r.id)
      expect(ids({})).toEqual(['id-6', 'id-5', 'id-3', 'id-2', 'id-1'])
      expect(ids({ state: 'new' })).toEqual(['id-6', 'id-5', 'id-1'])
      expect(ids({ state: 'read' })).toEqual(['id-2'])
      expect(ids({ state: 'answered' })).toEqual(['id-3'])
      expect(ids({ state: 'archived' })).toEqual(['id-4'])
      expect(ids({ state: 'all' })).toHaveLength(6)
      expect(ids({ subject: 'bags' })).toEqual(['id-3'])
      expect(ids({ unsent: '1' })).toEqual(['id-5'])
      expect(ids({ q: 'buyer@shop' })).toEqual(['id-5'])
      expect(ids({ q: 'brown belt' })).toEqual(['id-6'])
      expect(ids({ q: 'belt size 35' })).toEqual([])
      expect(ids({ q: 'jose', state: 'all' })).toEqual(['id-4'])
      expect(inboxView(all, parseInboxFilter({})).rows[0]!.firstLine).toBe('Do you make a brown BELT')
    },
  )

  it('reads only what it knows from the address, and writes back only what is not the default', () => {
    const filter = parseInboxFilter({ state: 'nonsense', subject: 'hats', page: '-2', q: ['a', 'b'], unsent: '1' })
    expect(filter).toEqual({ state: 'open', subject: null, q: '', unsent: true, spam: false, page: 1 })
    expect(inboxQuery(filter)).toBe('?unsent=1')
    expect(inboxQuery(parseInboxFilter({ q: 'ann & co', state: 'new', page: '2' }))).toBe(
      '?state=new&q=ann+%26+co&page=2',
    )
  })
})

describe('Reply', () => {
  it('is a mailto link with the address, a Re: subject and the message quoted, every part encoded', () => {
    const link = replyLink(
      enquiry(1, {
        email: 'o.brien+shop@example.co.uk',
        subject: 'custom',
        firstName: 'Seán',
        lastName: "O'Brien",
        message: 'Hello & welcome?\nSecond line = 100%',
      }),
    )
    const url = new URL(link)
    expect(url.protocol).toBe('mailto:')
    expect(decodeURIComponent(url.pathname)).toBe('o.brien+shop@example.co.uk')
    expect(url.searchParams.get('subject')).toBe('Re: Custom Order')
    expect(url.searchParams.get('body')).toBe(
      "\r\n\r\nOn 14 Jan 2025, 10:01, Seán O'Brien wrote:\r\n> Hello & welcome?\r\n> Second line = 100%",
    )
    expect(link).not.toMatch(/[\s&]body=.*&/) // no bare & inside the body could start another header
  })

  const LONG_WORDS = `${'Très belle chaussure 👞 größe 42. '.repeat(300)}The end.`

  it('quotes a long message in part, cut after a word, so the link stays within 2,000 characters', () => {
    const message = LONG_WORDS
    const link = replyLink(enquiry(1, { message }))
    expect(link.length).toBeLessThanOrEqual(2000)
    expect(link.length).toBeGreaterThan(1800) // it uses the room it has
    const body = new URL(link).searchParams.get('body')!
    const [, quote] = /wrote:\r\n> ([\s\S]*)\r\n> \[…\]$/.exec(body)!
    expect(message.startsWith(quote!)).toBe(true)
    expect(message[quote!.length]).toBe(' ') // whole words only
    // One word longer than the room, of characters that take 12 each once encoded: cut between characters.
    const word = new URL(replyLink(enquiry(2, { message: '𝔘'.repeat(5000) }))).searchParams.get('body')!
    expect(word).toMatch(/wrote:\r\n> 𝔘{100,}\r\n> \[…\]$/u)
    // The longest name and address leave no room for a quote, and the link is still far under 8 KB.
    const longest = {
      firstName: '👞'.repeat(100),
      lastName: '👞'.repeat(100),
      email: `${'a'.repeat(64)}@${'b'.repeat(185)}.uk`,
    }
    expect(replyLink(enquiry(3, { ...longest, message: LONG_WORDS })).length).toBeLessThan(8192)
    // A short one is quoted whole.
    expect(new URL(replyLink(enquiry(4))).searchParams.get('body')).toMatch(/> Question number 4\.$/)
  })

  it('cannot be made to add a recipient or a header through the stored address', () => {
    const link = replyLink(enquiry(1, { email: 'a@b.example?cc=evil@x.example&bcc=x@y' }))
    const url = new URL(link)
    expect([...url.searchParams.keys()]).toEqual(['subject', 'body'])
  })
})

describe('the e-mail notification, in words', () => {
  it('says a failed one failed, with the mail server’s own words, a plain reason, and Send again', () => {
    const failed = enquiry(1, {
      notification: {
        status: 'pending',
        attempts: [{ at: at(1), ok: false, error: '451 4.3.0 Mailbox busy, try again later' }],
        nextAttemptAt: at(2),
      },
    })
    const d = describeDelivery(failed, true)
    expect(d.state).toBe('failed')
    expect(d.summary).toBe('Not e-mailed: the mail server is busy or asked to try again later (1 try).')
    expect(d.serverSaid).toBe('451 4.3.0 Mailbox busy, try again later')
    expect(d.canSendAgain).toBe(true)
    expect(describeDelivery(failed, false).canSendAgain).toBe(false)
    expect(describeDelivery(enquiry(2), true)).toMatchObject({ state: 'sent', canSendAgain: false })
    expect(plainReason('connect ECONNREFUSED 127.0.0.1:25 (ESOCKET)')).toMatch(/refused the connection/)
    expect(plainReason('Invalid login: 535 5.7.8 Authentication failed (EAUTH)')).toMatch(/user name or password/)
    expect(plainReason('550 5.1.1 No such user')).toBe('the mail server refused the message')
  })
})
