import request from 'supertest'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { COMPANY, POLICY, REGISTERED_OFFICE_LINE } from '../../domain/business.ts'
import { RETURNED_FORM_TTL_MS } from '../../server/http/returned-contact-form.server.ts'
import { pageText } from '../helpers/page-text.ts'
import { createTestApp, type TestServer } from '../helpers/server.ts'

let t: TestServer
const pages = new Map<string, { html: string; text: string }>()

/** The text as read, typographic apostrophes made plain, no space left before punctuation. */
const visibleText = (html: string) =>
  pageText(html)
    .replace(/[\u2018\u2019]/g, "'")
    .replace(/ ([,.;:)])/g, '$1') // a tag that ended just before punctuation

const LEGAL = [
  { path: '/terms', title: 'Terms & Conditions' },
  { path: '/privacy', title: 'Privacy Policy' },
  { path: '/cookies', title: 'Cookies Policy' },
  { path: '/returns', title: 'Returns Policy' },
] as const

beforeAll(async () => {
  t = await createTestApp()
  for (const { path } of LEGAL) {
    const res = await request(t.app).get(path).expect(200)
    expect(res.headers['content-type']).toMatch(/text\/html/)
    pages.set(path, { html: res.text, text: visibleText(res.text) })
  }
})
afterAll(() => t.close())

const page = (path: string) => pages.get(path)!

/** The policy terms (docs/site.md), worded as the pages state them, every number read from POLICY. */
const TERMS = {
  dispatch: new RegExp(`dispatch orders within ${POLICY.dispatchBusinessDays} business days`),
  inspect: new RegExp(`within ${POLICY.inspectWithinHours} hours of delivery`),
  cancel: new RegExp(`cancel your order (for any reason )?within ${POLICY.cancellationDays} days`),
  refund: new RegExp(`within ${POLICY.refundWithinDaysOfNotice} days of receiving your notice of cancellation`),
  returnGoods: new RegExp(
    `(send the goods back to us|on its way to us) within ${POLICY.returnGoodsWithinDays} days of the day you`,
  ),
  faulty: new RegExp(`within ${POLICY.faultyReportWithinDays} days of delivery`),
  processing: new RegExp(`processed within ${POLICY.refundProcessingBusinessDays} business days`),
  records: new RegExp(`${POLICY.orderRecordsYears} years`),
  payments: /card payment provider/,
}

describe('the legal pages and the policy terms they state', () => {
  it.each(LEGAL)('$path is a static page titled "$title", last updated January 2025', ({ path, title }) => {
    const { html, text } = page(path)
    expect(html).toContain(`<title>${title.replace('&', '&amp;')} | Ashbourne Leather</title>`)
    expect(html.match(/<h1[\s>]/g)).toHaveLength(1)
    expect(html).toMatch(new RegExp(`<h1>${title.replace('&', '&amp;')}</h1>`))
    expect(text).toContain('Last updated: January 2025')
    const description = /<meta name="description" content="([^"]+)"/.exec(html)?.[1]
    expect(description?.length).toBeGreaterThan(50)
    // Real policy text, not a placeholder: several numbered sections of prose.
    expect(html.match(/<section id="[a-z-]+" aria-labelledby=/g)!.length).toBeGreaterThanOrEqual(5)
    expect(text.length).toBeGreaterThan(3000)
    // The company behind it, from the business constants.
    expect(text).toContain(COMPANY.legalName)
    expect(text).toContain(COMPANY.companyNumber)
    expect(text).toContain(REGISTERED_OFFICE_LINE)
  })

  it('Terms & Conditions state every policy term, under UK consumer law', () => {
    const { text } = page('/terms')
    for (const [name, pattern] of Object.entries(TERMS)) expect(text, name).toMatch(pattern)
    expect(text).toContain('Consumer Rights Act 2015')
    expect(text).toContain('Consumer Contracts (Information, Cancellation and Additional Charges) Regulations 2013')
    expect(text).toMatch(/does not apply to goods made to your specifications/)
    expect(text).toMatch(/law of England and Wales/)
  })

  it('the Returns Policy states the cancellation, return, refund and faulty-goods terms', () => {
    const { text } = page('/returns')
    for (const name of ['dispatch', 'inspect', 'refund', 'returnGoods', 'faulty', 'processing', 'payments'] as const) {
      expect(text, name).toMatch(TERMS[name])
    }
    expect(text).toContain(`Cancel within ${POLICY.cancellationDays} days of delivery`)
    expect(text).toContain(`Return goods within ${POLICY.returnGoodsWithinDays} days of cancelling`)
    expect(text).toContain(`Report within ${POLICY.faultyReportWithinDays} days for a full refund`)
  })

  it('the Privacy Policy names the data controller, the lawful bases, retention, rights and the ICO', () => {
    const { text, html } = page('/privacy')
    expect(text).toMatch(
      new RegExp(
        `controller of your personal data is ${COMPANY.legalName}, a company ` +
          `registered in ${COMPANY.registeredIn} under company number ` +
          `${COMPANY.companyNumber}`,
      ),
    )
    expect(text).toContain('UK GDPR')
    expect(text).toContain('Data Protection Act 2018')
    expect(text).toMatch(TERMS.records)
    expect(text).toMatch(TERMS.payments)
    for (const right of ['access', 'rectification', 'erasure', 'restriction', 'portability'])
      expect(text).toContain(`(${right})`)
    expect(text).toContain("Information Commissioner's Office")
    expect(html).toContain('href="https://ico.org.uk/make-a-complaint/"')
    expect(html).toContain(`href="mailto:${COMPANY.emails.enquiries}"`)
    expect(text).toMatch(/we never see or store them/)
  })

  it('the Cookies Policy names the one cookie the site sets (what, why, how long), and who else may set some', () => {
    const { text } = page('/cookies')
    expect(text).toContain('Our website sets one cookie, and only when you need it.')
    expect(text).toMatch(/no tracking or advertising cookies/)
    expect(text).toMatch(/Strictly necessary: contact-form \(and contact-form\.1 for a long message\)/)
    expect(text).toMatch(/What it holds: what you typed into our enquiry form/)
    expect(text).toMatch(
      /Why: it is set only when you send the enquiry form while your browser is not running our scripts/,
    )
    expect(text).toContain(`How long: ${RETURNED_FORM_TTL_MS / 60_000} minutes`)
    expect(text).toContain('Last updated: January 2025')
    expect(text).toMatch(/card payment provider, which you reach through the payment link/)
    expect(text).toMatch(/sets its own cookies/)
    expect(text).toContain('Privacy and Electronic Communications Regulations 2003')
  })

  it('and indeed no page of the site sets a cookie', async () => {
    for (const path of ['/', '/products', ...LEGAL.map((l) => l.path)]) {
      const res = await request(t.app).get(path).expect(200)
      expect(res.headers['set-cookie'], path).toBeUndefined()
    }
  })

  it('each page links its sections from a table of contents', () => {
    for (const { path } of LEGAL) {
      const { html } = page(path)
      const ids = [...html.matchAll(/<section id="([a-z-]+)" aria-labelledby=/g)].map((m) => m[1]!)
      for (const id of ids) expect(html, `${path}#${id}`).toContain(`<a href="#${id}">`)
    }
  })
})

describe('how visits are counted, said plainly', () => {
  it(
    'the privacy and cookie policies each say what is counted, that no ' +
      'cookie is used for it, and when that was added',
    () => {
      for (const path of ['/privacy', '/cookies']) {
        const { text } = page(path)
        expect(text, path).toContain('Added November 2026.')
        expect(text, path).toMatch(/counts visits (itself|to its pages itself), on our own server/)
        expect(text, path).toMatch(
          /No cookie or similar technology is used for it|uses no cookie, local storage or tracking pixel for this/,
        )
        expect(text, path).toMatch(/Last updated:? January 2025/i)
      }
      const privacy = page('/privacy').text
      for (const counted of [
        'each page was viewed',
        'different visitors',
        'payment page for each product',
        'instagram.com',
        'campaign',
        'a phone, a tablet or a computer',
      ]) {
        expect(privacy).toContain(counted)
      }
      expect(privacy).toContain('a random value that changes every day and is never stored')
      expect(page('/cookies').text).not.toContain('we use no analytics')
    },
  )
})
