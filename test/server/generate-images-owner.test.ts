/**
 * Who may generate images: the owner signed in with ADMIN_PASSWORD, or without one only a request
 * from the machine itself; anyone else is refused before anything is spent.
 */
import { readFile } from 'node:fs/promises'
import request from 'supertest'
import { describe, expect, it, vi } from 'vitest'
import { isFromThisMachine } from '../../server/owner/from-this-machine.server.ts'
import { NOT_OWNER_MESSAGE } from '../../server/routes/generate-images.server.ts'
import { basicAuth } from '../helpers/basic-auth.ts'
import { imageRunsForFile, TWO } from '../helpers/image-runs.ts'

// Each run converts dozens of images with sharp; on a busy two-core machine that takes a while.
vi.setConfig({ testTimeout: 90_000 })

const { fake, app } = imageRunsForFile()

describe('ADMIN_PASSWORD', () => {
  it('requires HTTP Basic auth as admin for /admin and the API, and lets the owner in', async () => {
    const { app: a, store } = await app({ ADMIN_PASSWORD: 'correct horse' }, TWO)
    for (const auth of [
      undefined,
      basicAuth('wrong'),
      basicAuth('correct horse', 'root'),
      'Bearer correct horse',
      basicAuth('correct horse '),
    ]) {
      const req = request(a).post('/api/generate-images')
      const res = await (auth ? req.set('Authorization', auth) : req)
      expect(res.status, String(auth)).toBe(401)
      expect(res.headers['www-authenticate']).toBe('Basic realm="Admin", charset="UTF-8"')
      expect(res.body.error).toMatch(/admin/)
    }
    expect(fake.requests).toHaveLength(0)

    const page = await request(a).get('/admin')
    expect(page.status).toBe(401)
    expect(page.headers['www-authenticate']).toBe('Basic realm="Admin", charset="UTF-8"')
    expect(page.text).not.toContain('Generate All Product Images')
    expect((await request(a).get('/admin/index.pageContext.json')).status).toBe(401)
    expect((await request(a).get('/api/generate-images')).status).toBe(401)
    expect((await request(a).get('/api/generate-images/events')).status).toBe(401)
    expect((await request(a).post('/api/generate-images/cancel')).status).toBe(401)
    // The rest of the site stays public.
    expect((await request(a).get('/products')).status).toBe(200)

    const ok = await request(a).get('/admin').set('Authorization', basicAuth('correct horse')).expect(200)
    expect(ok.text).toContain('Generate All Product Images')
    const run = await request(a)
      .post('/api/generate-images')
      .set('Authorization', basicAuth('correct horse'))
      .expect(200)
    expect(run.body.results.successCount).toBe(store.products.length)
  })

  it('leaves /admin open when no password is set (no login screen either way)', async () => {
    const { app: a } = await app()
    const res = await request(a).get('/admin').expect(200)
    expect(res.text).toContain('Generate All Product Images')
    expect(res.text).not.toMatch(/type="password"/)
  })
})

describe('without ADMIN_PASSWORD: only the machine itself', () => {
  /** Headers a proxy on this machine adds when it passes on a visitor's request. */
  const FORWARDED: Record<string, string>[] = [
    { 'X-Forwarded-For': '203.0.113.9' },
    { Forwarded: 'for=203.0.113.9;proto=https' },
    { 'X-Real-IP': '203.0.113.9' },
    { 'X-Forwarded-For': '127.0.0.1' }, // a proxy's header is never taken at its word
  ]

  it('runs generation for a request from the machine itself (a loopback peer, no forwarding headers)', async () => {
    const { app: a, store } = await app({}, TWO)
    expect((await request(a).get('/api/generate-images').expect(200)).body).toMatchObject({
      configured: true,
      running: false,
    })
    const res = await request(a).post('/api/generate-images').expect(200)
    expect(res.body.results.successCount).toBe(store.products.length)
  })

  it('refuses a request from this machine that names another host (DNS rebinding), spending nothing', async () => {
    // Without SITE_URL any well-formed host is the site's, so the owner check itself must refuse it.
    const first = await app({ SITE_URL: '' }, TWO)
    const res = await request(first.app).post('/api/generate-images').set('Host', 'shop-offers.example')
    expect(res.status).toBe(403)
    expect(res.body).toEqual({ error: NOT_OWNER_MESSAGE })
    await first.close()
    // With SITE_URL, a host that is not its own is refused before any route.
    const { app: b } = await app({}, TWO)
    expect((await request(b).post('/api/generate-images').set('Host', 'shop-offers.example')).status).toBe(400)
    expect(fake.requests).toHaveLength(0)
  })

  it(
    'refuses start, cancel, progress and status details with 403 and a ' + 'sentence to a request a proxy passed on',
    async () => {
      const { app: a, dataFile } = await app({}, TWO)
      const before = await readFile(dataFile, 'utf8')
      for (const headers of FORWARDED) {
        for (const res of [
          await request(a).post('/api/generate-images').set(headers),
          await request(a).post('/api/generate-images?stream=1').set(headers),
          await request(a).post('/api/generate-images/cancel').set(headers),
          await request(a).get('/api/generate-images').set(headers),
          await request(a).get('/api/generate-images/events').set(headers),
        ]) {
          expect(res.status, JSON.stringify(headers)).toBe(403)
          expect(res.headers['content-type']).toMatch(/^application\/json/)
          expect(res.body).toEqual({ error: NOT_OWNER_MESSAGE })
          expect(res.text).not.toMatch(/configured|model|gpt-image/)
        }
      }
      expect(NOT_OWNER_MESSAGE).toMatch(
        /^Image generation is only for the shop owner\. Set ADMIN_PASSWORD .+ on the server itself\.$/,
      )
      expect(fake.requests).toHaveLength(0)
      expect(await readFile(dataFile, 'utf8')).toBe(before)
    },
  )

  it('knows the machine itself by the connection, never by a header', () => {
    const req = (remoteAddress: string, localAddress: string, headers: Record<string, string> = {}) =>
      ({
        socket: { remoteAddress, localAddress },
        headers: { host: `${localAddress.includes(':') ? `[${localAddress}]` : localAddress}:3000`, ...headers },
      }) as unknown as Parameters<typeof isFromThisMachine>[0]
    expect(isFromThisMachine(req('127.0.0.1', '127.0.0.1'))).toBe(true)
    expect(isFromThisMachine(req('127.0.0.2', '127.0.0.1'))).toBe(true)
    expect(isFromThisMachine(req('::1', '::1'))).toBe(true)
    expect(isFromThisMachine(req('::ffff:127.0.0.1', '::ffff:127.0.0.1'))).toBe(true)
    // The server asked at its own public address, from the server itself.
    expect(isFromThisMachine(req('198.51.100.4', '198.51.100.4'))).toBe(true)
    expect(isFromThisMachine(req('203.0.113.9', '198.51.100.4'))).toBe(false)
    expect(isFromThisMachine(req('::ffff:203.0.113.9', '::ffff:198.51.100.4'))).toBe(false)
    expect(isFromThisMachine(req('2001:db8::9', '2001:db8::4'))).toBe(false)
    expect(isFromThisMachine(req('203.0.113.9', '198.51.100.4', { 'x-forwarded-for': '127.0.0.1' }))).toBe(false)
    for (const header of ['x-forwarded-for', 'forwarded', 'x-real-ip', 'x-forwarded-host', 'via']) {
      expect(isFromThisMachine(req('127.0.0.1', '127.0.0.1', { [header]: 'x' })), header).toBe(false)
    }
    // It must name this machine: a page whose domain was pointed at 127.0.0.1 (DNS rebinding) does not count.
    for (const host of ['localhost:3000', 'localhost', '127.0.0.1', '127.0.0.1:3000', '[::1]:3000', 'LOCALHOST:3000']) {
      expect(isFromThisMachine(req('127.0.0.1', '127.0.0.1', { host })), host).toBe(true)
    }
    for (const host of ['evil.example', 'evil.example:3000', 'localhost.evil.example', '127.0.0.1.evil.example', '']) {
      expect(isFromThisMachine(req('127.0.0.1', '127.0.0.1', { host })), host).toBe(false)
    }
    expect(isFromThisMachine(req('::ffff:198.51.100.4', '::ffff:198.51.100.4', { host: '198.51.100.4:3000' }))).toBe(
      true,
    )
  })

  it(
    'refuses anyone else on /admin (403), telling in plain words how the ' +
      'owner turns it on, and never serves one the other’s page',
    async () => {
      const { app: a } = await app({}, TWO)
      const visitor = () => request(a).get('/admin').set('X-Forwarded-For', '203.0.113.9')
      const owner = () => request(a).get('/admin')
      // Alternating, so a page kept for one would show up for the other.
      for (const round of [1, 2]) {
        const v = await visitor()
        expect(v.status, `round ${round}`).toBe(403)
        expect(v.headers['cache-control']).toBe('private, no-store')
        expect(v.headers['x-robots-tag']).toBe('noindex')
        const text = v.text.replace(/<[^>]+>/g, '')
        expect(text).toContain('Only the shop owner can generate images here')
        expect(text).toMatch(
          /set ADMIN_PASSWORD \(12 characters or more\) in the server(&#x27;|')s environment and restart the site/,
        )
        expect(text).toContain('Generate All Product Images')
        expect(v.text).toMatch(/<button[^>]*disabled=""[^>]*aria-describedby="owner-only"/)
        // Nothing about the set-up or the spending reaches a visitor.
        expect(v.text).not.toMatch(/Daily limit|OPENAI_API_KEY|"configured":true|allowance":\{/)

        const o = await owner()
        expect(o.status).toBe(200)
        expect(o.text).not.toContain('Only the shop owner can generate images here')
        expect(o.text).toMatch(/Daily limit/)
        // The owner's button is not the visitor's: it waits only for the page's script to run.
        expect(o.text).not.toMatch(/aria-describedby="owner-only"/)
      }
      // The page data of client-side navigation says the same.
      const data = await request(a)
        .get('/admin/index.pageContext.json')
        .set('X-Forwarded-For', '203.0.113.9')
        .expect(403)
      expect(data.text).toContain('"access":"visitor"')
      expect(data.text).not.toContain('"access":"owner"')
    },
  )
})
