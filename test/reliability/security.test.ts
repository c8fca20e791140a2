/**
 * RELIABILITY.md §6, security: cross-site POSTs refused on every state-changing endpoint (so a hostile page
 * cannot spend the owner's image budget with the browser's cached Basic-auth credentials), forwarded hosts
 * believed only from a trusted proxy, repeated wrong admin passwords slowed down, limits per visitor.
 * (`npm audit --omit=dev`: see RELIABILITY.md; tests never reach the internet.) The rest of §6 is in
 * security-answers.test.ts.
 */
import { readFile } from 'node:fs/promises'
import request from 'supertest'
import { pino } from 'pino'
import { describe, expect, it } from 'vitest'
import { createSite } from '../../server/site.server.ts'
import { UNTRUSTED_PROXY_WARNING } from '../../server/http/proxy-warning.server.ts'
import { createServices } from '../../server/services.server.ts'
import { createTestApp, startTestServer } from '../helpers/server.ts'
import { basicAuth } from '../helpers/basic-auth.ts'
import { ENQUIRY, ENQUIRY_FORM, guardedShopsForFile, OWNER, PASSWORD, SITE } from '../helpers/guarded-shop.ts'
import { rawRequest } from '../helpers/raw-http.ts'

const { fake, shop, keep, closeNow } = guardedShopsForFile()

describe('cross-site POSTs are refused (CSRF)', () => {
  const HOSTILE: [string, Record<string, string>][] = [
    ['Sec-Fetch-Site: cross-site', { 'Sec-Fetch-Site': 'cross-site' }],
    ['Sec-Fetch-Site: same-site (a sibling subdomain)', { 'Sec-Fetch-Site': 'same-site' }],
    ['a foreign Origin', { Origin: 'https://evil.example' }],
    ['Origin: null (a sandboxed frame)', { Origin: 'null' }],
    ['a foreign Origin that only looks like ours', { Origin: 'https://www.example.co.uk.evil.example' }],
  ]

  for (const [what, headers] of HOSTILE) {
    it(
      `refuses ${what} with 403 JSON on /api/contact, /contact and ` +
        `/api/generate-images, with the owner's credentials too`,
      async () => {
        const { app, dataFile } = await shop()
        const before = await readFile(dataFile, 'utf8')
        const answers = [
          await request(app).post('/api/contact').set(headers).send(ENQUIRY),
          await request(app).post('/contact').set(headers).type('form').send(ENQUIRY_FORM),
          // The browser would attach the cached Basic-auth credentials to a hostile page's request.
          await request(app).post('/api/generate-images').set(headers).set('Authorization', OWNER),
        ]
        for (const res of answers) {
          expect(res.status).toBe(403)
          expect(res.headers['content-type']).toMatch(/^application\/json/)
          expect(res.body.error).toBe('This request came from another website and was refused.')
        }
        expect(await readFile(dataFile, 'utf8')).toBe(before) // nothing saved
        expect(fake.requests).toHaveLength(0) // nothing spent
      },
    )
  }

  it('lets the site’s own pages post (same origin), and clients that are not browsers', async () => {
    const { app } = await shop()
    const own = { 'Sec-Fetch-Site': 'same-origin', Origin: SITE }
    expect((await request(app).post('/api/contact').set(own).send(ENQUIRY)).status).toBe(201)
    expect((await request(app).post('/contact').set(own).type('form').send(ENQUIRY_FORM)).status).toBe(303)
    // Origin alone (older browsers): accepted when it is the site's own address or the Host it was sent to.
    expect((await request(app).post('/api/contact').set('Origin', SITE).send(ENQUIRY)).status).toBe(201)
    // curl and scripts send neither header, and carry no browser credentials to abuse.
    expect((await request(app).post('/api/contact').send(ENQUIRY)).status).toBe(201)

    const run = await request(app).post('/api/generate-images').set(own).set('Authorization', OWNER)
    expect(run.status).toBe(200)
    expect(run.body.results).toEqual({ successCount: 1, errorCount: 0, total: 1 })
    expect(fake.requests.length).toBeGreaterThan(0)
  })
})

describe('X-Forwarded-Host is believed only from a trusted proxy', () => {
  // Without SITE_URL the site's own host is the one each request names; a forged X-Forwarded-Host
  // must not make a foreign Origin look like ours.
  const forged = { Origin: 'https://evil.example', 'X-Forwarded-Host': 'evil.example' }

  it('refuses a foreign Origin that a forged X-Forwarded-Host names, when TRUST_PROXY is unset', async () => {
    const { app, dataFile } = await shop({ SITE_URL: '' })
    const before = await readFile(dataFile, 'utf8')
    expect((await request(app).post('/api/contact').set(forged).send(ENQUIRY)).status).toBe(403)
    expect((await request(app).post('/contact').set(forged).type('form').send(ENQUIRY_FORM)).status).toBe(403)
    expect(await readFile(dataFile, 'utf8')).toBe(before)
  })

  it('takes the host a trusted proxy passes on', async () => {
    const { app } = await shop({ SITE_URL: '', TRUST_PROXY: 'loopback' })
    expect((await request(app).post('/api/contact').set(forged).send(ENQUIRY)).status).toBe(201)
  })
})

describe('admin password guessing', () => {
  it(
    'answers 429 (Retry-After) after repeated wrong passwords from one ' +
      'client, even to the right one, while others get in',
    async () => {
      const { app } = await shop({ TRUST_PROXY: '1' })
      const attacker = '203.0.113.7'
      const statuses: number[] = []
      for (let i = 0; i < 20; i++) {
        const res =
          i % 2 === 0
            ? await request(app)
                .get('/admin')
                .set('X-Forwarded-For', attacker)
                .set('Authorization', basicAuth(`guess-${i}`))
            : await request(app)
                .post('/api/generate-images')
                .set('X-Forwarded-For', attacker)
                .set('Authorization', basicAuth(`guess-${i}`))
        statuses.push(res.status)
        if (res.status === 429) expect(Number(res.headers['retry-after'])).toBeGreaterThan(0)
      }
      // The owner's first typos are answered normally; then the guessing is stopped, and stays stopped.
      expect(statuses.slice(0, 3)).toEqual([401, 401, 401])
      const first429 = statuses.indexOf(429)
      expect(first429, `statuses: ${statuses.join(' ')}`).toBeGreaterThan(0)
      expect(first429).toBeLessThanOrEqual(10)
      expect(statuses.slice(first429).every((s) => s === 429)).toBe(true)
      expect(fake.requests).toHaveLength(0)

      // While stopped, even the right password is not checked for this client (a guess must not tell).
      expect(
        (await request(app).get('/admin').set('X-Forwarded-For', attacker).set('Authorization', OWNER)).status,
      ).toBe(429)
      // The owner, elsewhere, is not locked out.
      expect(
        (await request(app).get('/admin').set('X-Forwarded-For', '198.51.100.20').set('Authorization', OWNER)).status,
      ).toBe(200)
    },
  )
})

describe('limits per visitor, not per socket', () => {
  it('counts wrong admin passwords from anywhere in the loopback range as one client', async () => {
    const t = keep(await startTestServer({ env: { SITE_URL: SITE, ADMIN_PASSWORD: PASSWORD } }))
    const statuses: number[] = []
    // 10 loopback addresses × 4 guesses: each address alone stays under the lock-out.
    for (let i = 0; i < 10; i++) {
      for (let g = 0; g < 4; g++)
        statuses.push(
          (
            await rawRequest(
              t.url,
              '/admin',
              { Authorization: basicAuth(`guess-${i}-${g}`) },
              { localAddress: `127.0.0.${i + 2}` },
            )
          ).status,
        )
    }
    expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401])
    expect(statuses.slice(5).every((s) => s === 429)).toBe(true)
  })

  it('groups IPv6 addresses by /64, and IPv4-mapped addresses with their IPv4 address', async () => {
    const { app } = await shop({ TRUST_PROXY: '1' })
    const guess = (from: string, i: number) =>
      request(app)
        .post('/api/generate-images')
        .set('X-Forwarded-For', from)
        .set('Authorization', basicAuth(`guess-${i}`))
    const statuses: number[] = []
    for (let i = 0; i < 8; i++) statuses.push((await guess(`2001:db8:1:2::${(i + 1).toString(16)}:${i}`, i)).status)
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429, 429, 429])
    // The next /64 is another subscriber: not locked out.
    expect(
      (await request(app).get('/admin').set('X-Forwarded-For', '2001:db8:1:3::1').set('Authorization', OWNER)).status,
    ).toBe(200)

    for (let i = 0; i < 5; i++) await guess(i % 2 ? '203.0.113.7' : '::ffff:203.0.113.7', i)
    expect(
      (await request(app).get('/admin').set('X-Forwarded-For', '203.0.113.7').set('Authorization', OWNER)).status,
    ).toBe(429)
  })

  it('warns once, naming TRUST_PROXY, when X-Forwarded-For arrives while TRUST_PROXY is unset', async () => {
    const lines: { level: number; msg: string }[] = []
    const logger = pino({ level: 'warn' }, { write: (line: string) => void lines.push(JSON.parse(line)) })
    const build = async (env: Record<string, string>) => {
      const t = keep(await createTestApp({ env: { SITE_URL: SITE, ...env } }))
      const services = createServices({ config: t.config, store: t.store, logger })
      return (await createSite({ config: t.config, store: t.store, services, logger })).app
    }
    const app = await build({})
    await request(app).get('/').expect(200) // no header: nothing to say
    expect(lines).toEqual([])
    for (const path of ['/', '/products', '/api/products'])
      await request(app).get(path).set('X-Forwarded-For', '203.0.113.7')
    await request(app).post('/api/contact').set('X-Forwarded-For', '203.0.113.8').send(ENQUIRY).expect(201)
    await request(app).get('/').set('Forwarded', 'for=203.0.113.9')
    const warnings = lines.filter((l) => /TRUST_PROXY/.test(l.msg))
    expect(warnings).toHaveLength(1)
    expect(warnings[0]).toMatchObject({ level: 40, msg: UNTRUSTED_PROXY_WARNING })
    expect(UNTRUSTED_PROXY_WARNING).toMatch(/X-Forwarded-For .* TRUST_PROXY is not set/)
    expect(lines.filter((l) => l.level >= 40)).toHaveLength(1) // and no other warning or error about it
    await closeNow()

    // Told about the proxy: nothing to warn of.
    lines.length = 0
    const proxied = await build({ TRUST_PROXY: '1' })
    await request(proxied).get('/').set('X-Forwarded-For', '203.0.113.7').expect(200)
    expect(lines).toEqual([])
  })
})
