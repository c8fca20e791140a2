/**
 * The enquiry form sent back to a visitor without JavaScript (POST /contact → 303 /contact?form=<id>)
 * carries its values and messages in a signed cookie: it survives a restart, shows only for the id in
 * the address, and a cookie that was changed shows the plain form.
 */
import { stat } from 'node:fs/promises'
import path from 'node:path'
import request from 'supertest'
import { afterEach, describe, expect, it } from 'vitest'
import { createTestApp, type TestServer } from '../helpers/server.ts'

const typed = { firstName: 'Jane', lastName: '', email: 'jane@nowhere', subject: 'belts', message: 'Too short' }

let apps: TestServer[] = []
afterEach(async () => {
  for (const t of apps.reverse()) await t.close()
  apps = []
})
async function app(options: Parameters<typeof createTestApp>[0] = {}) {
  const t = await createTestApp({ env: { CONTACT_RATE_LIMIT: '0' }, ...options })
  apps.push(t)
  return t
}

const setCookies = (res: request.Response) => (res.headers['set-cookie'] ?? []) as unknown as string[]
const cookieHeader = (res: request.Response) =>
  setCookies(res)
    .map((c) => c.split(';')[0])
    .join('; ')
const formAddress = (res: request.Response) => String(res.headers.location).replace(/#.*/, '')

async function sendBack(t: TestServer, fields: Record<string, string> = typed, headers: Record<string, string> = {}) {
  const res = await request(t.app).post('/contact').set(headers).type('form').send(fields).expect(303)
  expect(res.headers.location).toMatch(/^\/contact\?form=[0-9a-f-]{36}#contact-form$/)
  return res
}

function expectReturned(html: string) {
  expect(html).toContain('Last name is required')
  expect(html).toContain('Please enter a valid email address')
  expect(html).toMatch(/name="email"[^>]*value="jane@nowhere"|value="jane@nowhere"[^>]*name="email"/)
  expect(html).toContain('Too short</textarea>')
}
function expectPlain(html: string) {
  expect(html).toContain('<form')
  expect(html).not.toContain('Last name is required')
  expect(html).not.toContain('jane@nowhere')
}

describe('a returned enquiry form', () => {
  it('survives a restart: posted to one server, shown by the next on the same data folder', async () => {
    const first = await app({ keepDir: true })
    const res = await sendBack(first)
    await first.close()
    apps = []

    const second = await app({ dir: first.dir })
    const page = await request(second.app).get(formAddress(res)).set('Cookie', cookieHeader(res)).expect(200)
    expect(page.headers['cache-control']).toBe('no-store')
    expectReturned(page.text)
    // The key that signs the cookies is the server's alone.
    expect((await stat(path.join(first.dir, 'form-state.key'))).mode & 0o777).toBe(0o600)
  })

  it('is carried in a short-lived, HttpOnly, SameSite=Lax cookie for /contact alone, Secure over HTTPS', async () => {
    const t = await app({ env: { CONTACT_RATE_LIMIT: '0', TRUST_PROXY: '1' } })
    const plain = await sendBack(t)
    expect(setCookies(plain)).toHaveLength(1)
    const cookie = setCookies(plain)[0]!
    expect(cookie).toMatch(
      /^contact-form\.0=[\w.-]+; Max-Age=1800; Path=\/contact; Expires=[^;]+; HttpOnly; SameSite=Lax$/,
    )
    for (const value of ['Jane', 'jane', 'nowhere', 'belts', 'Too short']) expect(cookie).not.toContain(value)
    const https = await sendBack(t, typed, { 'X-Forwarded-Proto': 'https' })
    expect(setCookies(https)[0]).toMatch(/; Secure/)
  })

  it('shows the plain form for a tampered cookie, a cookie made for another id, or none', async () => {
    const t = await app()
    const res = await sendBack(t)
    const cookie = cookieHeader(res)
    const [name, value] = cookie.split(/=(.*)/s) as [string, string]
    const flipped = value.replace(/^(.)/, (c) => (c === 'A' ? 'B' : 'A'))
    const tampered = await request(t.app).get(formAddress(res)).set('Cookie', `${name}=${flipped}`).expect(200)
    expectPlain(tampered.text)
    const other = await request(t.app)
      .get('/contact?form=00000000-0000-0000-0000-000000000000')
      .set('Cookie', cookie)
      .expect(200)
    expectPlain(other.text)
    expectPlain((await request(t.app).get(formAddress(res)).expect(200)).text)
    // The genuine cookie with its own address still shows it.
    expectReturned((await request(t.app).get(formAddress(res)).set('Cookie', cookie).expect(200)).text)
  })

  it(
    'keeps a long message that compresses badly within the cookies a ' + 'browser keeps, and clears them once sent',
    async () => {
      const t = await app()
      // 3,000 characters of CJK text in no order (three bytes each, nine in the form post): hardly compressible.
      let seed = 7
      const message = Array.from({ length: 3000 }, () =>
        String.fromCodePoint(0x4e00 + ((seed = (seed * 48271) % 2147483647) % 20000)),
      ).join('')
      const res = await sendBack(t, { ...typed, message })
      const cookies = setCookies(res)
      expect(cookies.length).toBeGreaterThanOrEqual(1)
      expect(cookies.length).toBeLessThanOrEqual(2)
      for (const c of cookies) expect(Buffer.byteLength(c.split(';')[0]!)).toBeLessThan(4096)
      const html = (await request(t.app).get(formAddress(res)).set('Cookie', cookieHeader(res)).expect(200)).text
      expect(html).toContain('Last name is required')
      expect(html).toContain(message.slice(0, 500)) // the start of what was typed, at least

      // Corrected and sent: the cookies go.
      const sent = await request(t.app)
        .post('/contact')
        .set('Cookie', cookieHeader(res))
        .type('form')
        .send({ ...typed, lastName: 'Smith', email: 'jane@example.com', message: 'Long enough this time.' })
        .expect(303)
      expect(sent.headers.location).toBe('/contact/sent')
      expect(setCookies(sent).every((c) => /^contact-form\.\d=;/.test(c) && /Expires=Thu, 01 Jan 1970/.test(c))).toBe(
        true,
      )
      expect(setCookies(sent).length).toBe(cookies.length)
    },
  )
})
