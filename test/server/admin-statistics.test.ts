/** The owner's statistics page and its CSV: the figures counted, for 7, 30 or 365 days, the owner's alone. */
import request from 'supertest'
import { afterEach, describe, expect, it } from 'vitest'
import { createTestApp, type TestServer } from '../helpers/server.ts'
import { validEnquiry } from '../helpers/valid-enquiry.ts'
import { pageText } from '../helpers/page-text.ts'

const BROWSER =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, ' +
  'like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36'
const PASSWORD = 'a-long-owner-password'
const OWNER = `Basic ${Buffer.from(`admin:${PASSWORD}`).toString('base64')}`

/** The order dialog's `fetch`, as the browser marks it: the shop's own page asks. */
const FROM_THE_DIALOG = { 'Sec-Fetch-Site': 'same-origin', 'Sec-Fetch-Mode': 'cors', 'Sec-Fetch-Dest': 'empty' }

let t: TestServer
afterEach(() => t.close())

const visit = (path: string, headers: Record<string, string> = {}) =>
  request(t.handler)
    .get(path)
    .set({ 'User-Agent': BROWSER, ...headers })

describe('the owner’s statistics page', () => {
  it(
    'shows the views, hand-offs and their share per product, referrers, ' +
      'campaigns, devices and enquiries by subject',
    async () => {
      t = await createTestApp({ env: { ADMIN_PASSWORD: PASSWORD } })
      for (let n = 0; n < 4; n++) await visit('/products/tote-bag', { Referer: 'https://www.instagram.com/' })
      await visit('/?utm_source=newsletter&utm_medium=email&utm_campaign=winter-boots')
      await visit('/api/handoff/tote-bag', FROM_THE_DIALOG).expect(204)
      await request(t.app)
        .post('/api/contact')
        .send({ ...validEnquiry, subject: 'bags' })
        .expect(201)

      const page = await request(t.app).get('/admin/statistics?days=30').set('Authorization', OWNER).expect(200)
      expect(page.headers['cache-control']).toBe('private, no-store')
      const shown = pageText(page.text)
      expect(shown).toContain('Market Tote 4 1 25.0%')
      expect(shown).toContain('instagram.com 4')
      expect(shown).toContain('winter-boots 1')
      expect(shown).toContain('newsletter 1')
      expect(shown).toContain('phone 5')
      expect(shown).toContain('Bags Enquiry 1')
      expect(page.text).toContain('<svg')
      expect(page.text).toContain('<a href="/admin/statistics?days=30" aria-current="page">')
      expect(page.text).toContain('href="/admin/statistics?days=365"')
      expect(page.text).toContain('href="/admin/statistics"')
    },
  )

  it('offers the daily figures of the range as a CSV, to the owner alone', async () => {
    t = await createTestApp({ env: { ADMIN_PASSWORD: PASSWORD } })
    await visit('/terms')
    await visit('/api/handoff/tote-bag', FROM_THE_DIALOG).expect(204)
    const csv = await request(t.app).get('/admin/statistics.csv?days=7').set('Authorization', OWNER).expect(200)
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8')
    expect(csv.headers['content-disposition']).toMatch(
      /^attachment; filename="visits-last-7-days-to-\d{4}-\d{2}-\d{2}\.csv"$/,
    )
    const rows = csv.text
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n')
    expect(rows[0]).toBe('date,views,visitors,hand-offs to payment')
    expect(rows).toHaveLength(8)
    expect(rows.at(-1)).toMatch(/^\d{4}-\d{2}-\d{2},1,1,1$/)
    // A visitor gets neither.
    expect((await request(t.app).get('/admin/statistics.csv?days=7')).status).toBe(401)
    expect((await request(t.app).get('/admin/statistics')).status).toBe(401)
  })
})
