/**
 * POST /api/generate-images through the real `openai` SDK against a fake images API on loopback:
 * requests sent, images stored and served, the data file updated, counts, failures, safety.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { existsSync } from 'node:fs'
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import sharp from 'sharp'
import request from 'supertest'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { seedProducts } from '../../data/seed/products.ts'
import { IMAGE_ANGLES } from '../../domain/business.ts'
import type { GenerationEvent } from '../../domain/image-generation.ts'
import { readEventStream } from '../../lib/event-stream.ts'
import { ROOT } from '../../server/config/paths.server.ts'
import { isFromThisMachine } from '../../server/owner/from-this-machine.server.ts'
import { NOT_OWNER_MESSAGE } from '../../server/routes/generate-images.server.ts'
import { STUDIO_STYLE } from '../../server/services/images/prompts.server.ts'
import { failFor, startFakeOpenAIForSdk, type FakeOpenAI } from '../helpers/fake-openai.ts'
import { createTestApp, startTestServer, type TestServer } from '../helpers/server.ts'
import { basicAuth } from '../helpers/basic-auth.ts'

// Each run converts dozens of images with sharp; on a busy two-core machine that takes a while.
vi.setConfig({ testTimeout: 90_000 })

const KEY = 'sk-test-not-a-real-key'
const BASE_ENV = { OPENAI_API_KEY: KEY, OPENAI_TIMEOUT_MS: '5000', OPENAI_MAX_RETRIES: '0', IMAGE_CONCURRENCY: '3' }

let fake: FakeOpenAI
let t: TestServer | undefined

beforeAll(async () => {
  fake = await startFakeOpenAIForSdk(KEY)
})
afterAll(async () => {
  await fake.close()
})
afterEach(async () => {
  await t?.close()
  t = undefined
  fake.set({ format: 'b64_json', delayMs: 0, reply: undefined })
  fake.reset()
})

/**
 * A test app; `only` limits the catalogue to those product ids, to keep
 * runs short. No test here checks the AVIF twins (photo-formats does).
 */
async function app(env: Record<string, string> = {}, only?: string[]) {
  t = await createTestApp({
    env: { ...BASE_ENV, ...env },
    prepare: only ? (dir) => writeCatalogue(dir, only) : undefined,
    avifTwins: false,
  })
  return t
}

async function writeCatalogue(dir: string, ids: string[]) {
  const products = seedProducts.filter((p) => ids.includes(p.id))
  if (products.length !== ids.length) throw new Error(`Unknown seed product in ${ids.join(', ')}`)
  await writeFile(path.join(dir, 'db.json'), JSON.stringify({ products, messages: [] }, null, 2))
}

// Four products, two of them named by the failure tests: enough for a run to be stopped part-way.
const FEW = ['oxford-brogue', 'chelsea-boot', 'penny-loafer', 'braided-belt']

type StoredProduct = {
  id: string
  name: string
  mainImage: string
  images?: { angle: string; src: string; original: string }[]
}

async function readDataFile(file: string): Promise<{ text: string; products: StoredProduct[] }> {
  const text = await readFile(file, 'utf8')
  return { text, products: JSON.parse(text).products }
}

describe('POST /api/generate-images without OPENAI_API_KEY', () => {
  it('answers 503 with a readable sentence and changes nothing', async () => {
    const { app: a, dataFile, dir } = await app({ OPENAI_API_KEY: '' })
    const before = await readFile(dataFile, 'utf8')
    const res = await request(a).post('/api/generate-images').expect(503)
    expect(res.headers['content-type']).toMatch(/application\/json/)
    expect(res.body.error).toMatch(/OPENAI_API_KEY/)
    expect(res.body.error).toMatch(/^[A-Z].+\.$/)
    expect(await readFile(dataFile, 'utf8')).toBe(before)
    expect(existsSync(path.join(dir, 'media'))).toBe(false)
    expect(fake.requests).toHaveLength(0)
    const status = await request(a).get('/api/generate-images').expect(200)
    expect(status.body).toMatchObject({ configured: false, running: false })
  })
})

describe('a full run', () => {
  it(
    'asks 4 images per product at 1024x1024 with the configured model, high ' +
      'quality, at most IMAGE_CONCURRENCY at once',
    async () => {
      fake.set({ delayMs: 40 })
      const { app: a, store } = await app({ OPENAI_IMAGE_MODEL: 'gpt-image-1-mini', IMAGE_CONCURRENCY: '3' }, FEW)
      const products = [...store.products]
      const res = await request(a).post('/api/generate-images').expect(200)
      expect(res.headers['content-type']).toMatch(/application\/json/)
      expect(res.body).toEqual({ results: { successCount: products.length, errorCount: 0, total: products.length } })

      expect(fake.requests).toHaveLength(products.length * 4)
      for (const r of fake.requests) {
        expect(r.body).toMatchObject({ model: 'gpt-image-1-mini', size: '1024x1024', quality: 'high', n: 1 })
        expect(r.authorization).toBe(`Bearer ${KEY}`)
        // One studio look for the whole catalogue: every prompt starts with the same description of the set.
        expect(r.body.prompt!.startsWith(STUDIO_STYLE)).toBe(true)
      }
      for (const p of products) {
        const prompts = fake.requests.map((r) => r.body.prompt!).filter((pr) => pr.includes(`Product: ${p.name}.`))
        expect(prompts, p.name).toHaveLength(4)
        expect(new Set(prompts).size).toBe(4) // four different angles
      }
      expect(fake.maxInFlight).toBeLessThanOrEqual(3)
      expect(fake.maxInFlight).toBeGreaterThanOrEqual(2) // batched, not one by one
    },
  )

  it(
    'stores each angle as WebP at 400, 800 and 1024 px, served with a long ' +
      'immutable cache, and updates the data file',
    async () => {
      const { app: a, dataFile, dir } = await app({}, FEW)
      const before = (await request(a).get('/api/products')).body as StoredProduct[]
      await request(a).post('/api/generate-images').expect(200)

      const after = (await request(a).get('/api/products')).body as StoredProduct[]
      expect(after).toHaveLength(before.length)
      for (const p of after) {
        expect(Object.keys(p)).toEqual([
          'id',
          'name',
          'description',
          'price',
          'sku',
          'category',
          'mainImage',
          'paymentLink',
        ])
        expect(p.mainImage).toMatch(new RegExp(`^/media/products/${p.id}/[A-Za-z0-9-]+-main-1024\\.webp$`))
      }

      const first = after[0]!
      for (const width of [400, 800, 1024]) {
        const url = first.mainImage.replace(/-1024\.webp$/, `-${width}.webp`)
        const img = await request(a)
          .get(url)
          .buffer(true)
          .parse((res, cb) => {
            const chunks: Buffer[] = []
            res.on('data', (c: Buffer) => chunks.push(c))
            res.on('end', () => cb(null, Buffer.concat(chunks)))
          })
        expect(img.status, url).toBe(200)
        expect(img.headers['content-type']).toBe('image/webp')
        expect(img.headers['cache-control']).toMatch(/max-age=31536000/)
        expect(img.headers['cache-control']).toMatch(/immutable/)
        const meta = await sharp(img.body as Buffer).metadata()
        expect(meta.format).toBe('webp')
        expect(meta.width).toBe(width)
        expect(meta.height).toBe(width)
      }

      // The data file on disk (read back, not the store's memory) holds the new images, pretty-printed.
      const { text, products } = await readDataFile(dataFile)
      expect(text).toMatch(/^\{\n {2}"products": \[/)
      for (const p of products) {
        const api = after.find((x) => x.id === p.id)!
        expect(p.mainImage).toBe(api.mainImage)
        expect(p.images?.map((i) => i.angle)).toEqual([...IMAGE_ANGLES])
        expect(p.images?.[0]?.src).toBe(p.mainImage)
        for (const image of p.images!) {
          const file = path.join(dir, image.src.replace(/^\/media\//, 'media/'))
          expect(existsSync(file), file).toBe(true)
          expect(existsSync(file.replace(/-1024\.webp$/, '-400.webp'))).toBe(true)
          expect(existsSync(path.join(dir, image.original.replace(/^\/media\//, 'media/')))).toBe(true)
        }
      }
      expect(existsSync(`${dataFile}.lock`)).toBe(true) // still ours: the server wrote through its store
      // Every write went through a temporary file and a rename: none is left half-written beside the real ones.
      await t!.services.photoFormats.stop() // the AVIF twins in hand are finished, none is left half-written
      // The history records what the run replaced (so it can be undone), after the day's snapshot.
      expect((await readdir(dir)).sort()).toEqual([
        'db.json',
        'db.json.history.jsonl',
        'db.json.journal',
        'db.json.lock',
        'db.json.snapshots',
        'media',
      ])
      for (const p of products) {
        for (const name of await readdir(path.join(dir, 'media', 'products', p.id)))
          expect(name).toMatch(/^[\w-]+-(400|800|1024)\.(webp|avif)$|^[\w-]+-original\.png$/)
      }
    },
  )

  it('shows the new images on /products at once (the render cache follows the products)', async () => {
    const { app: a } = await app({}, FEW)
    const before = await request(a).get('/products').expect(200)
    expect(before.text).toContain('/images/seed/')
    await request(a).post('/api/generate-images').expect(200)
    const after = await request(a).get('/products').expect(200)
    expect(after.text).not.toContain('/images/seed/oxford-brogue.svg')
    expect(after.text).toMatch(/\/media\/products\/oxford-brogue\/[A-Za-z0-9-]+-main-400\.webp 400w/)
  })

  it('downloads `url` answers at once and never stores the remote URL', async () => {
    fake.set({ format: 'url' })
    const { app: a, dataFile, store } = await app({}, FEW)
    const res = await request(a).post('/api/generate-images').expect(200)
    expect(res.body.results).toEqual({
      successCount: store.products.length,
      errorCount: 0,
      total: store.products.length,
    })
    expect(fake.downloads).toHaveLength(store.products.length * 4)
    const text = await readFile(dataFile, 'utf8')
    expect(text).not.toContain(fake.origin)
    expect(text).not.toContain('127.0.0.1')
  })
})

describe('failures', () => {
  it('counts products: a product with a failed image is an error and keeps its old image and files', async () => {
    fake.set({ reply: failFor(['Chelsea Boot', 'Braided Belt']) })
    const { app: a, dataFile, dir, store } = await app({}, FEW)
    const total = store.products.length
    const old = Object.fromEntries(store.products.map((p) => [p.id, p.mainImage]))
    const res = await request(a).post('/api/generate-images').expect(200)
    expect(res.body).toEqual({ results: { successCount: total - 2, errorCount: 2, total } })

    const { products } = await readDataFile(dataFile)
    for (const p of products) {
      if (p.id === 'chelsea-boot' || p.id === 'braided-belt') {
        expect(p.mainImage).toBe(old[p.id])
        expect(p.images).toBeUndefined()
        // Angles of the failed product that did arrive are not left behind half a set.
        const folder = path.join(dir, 'media', 'products', p.id)
        expect(existsSync(folder) ? await readdir(folder) : []).toEqual([])
      } else {
        expect(p.mainImage).toMatch(/^\/media\/products\//)
      }
    }
    // After the first failure of a product its remaining angles are not paid for.
    const chelsea = fake.requests.filter((r) => r.body.prompt!.includes('Product: Chelsea Boot.'))
    expect(chelsea.length).toBeGreaterThanOrEqual(1)
    expect(chelsea.length).toBeLessThanOrEqual(4)
  })

  it('times out a hanging request and carries on with the rest', async () => {
    fake.set({ reply: failFor(['Penny Loafer'], 'hang') })
    // Short enough to keep the test quick, long enough that a busy machine answers every other request in time.
    const { app: a, store } = await app({ OPENAI_TIMEOUT_MS: '1500' }, FEW)
    const total = store.products.length
    const started = Date.now()
    const res = await request(a).post('/api/generate-images').expect(200)
    expect(res.body.results).toEqual({ successCount: total - 1, errorCount: 1, total })
    expect(Date.now() - started).toBeLessThan(15_000)
    expect(store.products.find((p) => p.id === 'penny-loafer')!.mainImage).toBe('/images/seed/penny-loafer.svg')
  })

  it('counts malformed answers, empty answers and bytes that are not a picture as failures', async () => {
    fake.set({
      reply: (r) =>
        r.body.prompt!.includes('Product: Oxford Brogue.')
          ? 'malformed'
          : r.body.prompt!.includes('Product: Market Tote.')
            ? 'empty'
            : r.body.prompt!.includes('Product: Reversible Belt.')
              ? 'not-image'
              : 'ok',
    })
    const { app: a, store } = await app({}, ['oxford-brogue', 'tote-bag', 'reversible-belt', 'chelsea-boot'])
    const total = store.products.length
    const res = await request(a).post('/api/generate-images').expect(200)
    expect(res.body.results).toEqual({ successCount: total - 3, errorCount: 3, total })
  })

  it('lets the SDK retry a failed request when OPENAI_MAX_RETRIES allows', async () => {
    fake.set({ reply: (r) => (r.index === 0 ? 'fail' : 'ok') })
    const { app: a, store } = await app({ OPENAI_MAX_RETRIES: '1' }, FEW)
    const res = await request(a).post('/api/generate-images').expect(200)
    expect(res.body.results.errorCount).toBe(0)
    expect(fake.requests).toHaveLength(store.products.length * 4 + 1)
  })

  it('stops early when OpenAI refuses the key, instead of paying for nothing', async () => {
    fake.set({ reply: () => 'unauthorized' })
    const { app: a, store } = await app({}, FEW)
    const total = store.products.length
    const res = await request(a).post('/api/generate-images').expect(200)
    expect(res.body.results).toEqual({ successCount: 0, errorCount: total, total })
    expect(res.body.stoppedEarly).toMatch(/API key/)
    expect(fake.requests.length).toBeLessThanOrEqual(3)
  })
})

describe('one run at a time', () => {
  it('answers 409 while a run is going on, and GET reports it', async () => {
    fake.set({ delayMs: 60 })
    const { app: a, store } = await app({}, FEW)
    const first = request(a)
      .post('/api/generate-images')
      .then((r) => r)
    await expect.poll(() => fake.requests.length, { timeout: 5000 }).toBeGreaterThan(0)
    const second = await request(a).post('/api/generate-images').expect(409)
    expect(second.body.error).toMatch(/already running/)
    const status = await request(a).get('/api/generate-images').expect(200)
    expect(status.body).toMatchObject({ configured: true, running: true, model: 'gpt-image-1', concurrency: 3 })
    expect(status.body.progress.images).toBe(store.products.length * 4)
    const done = await first
    expect(done.status).toBe(200)
    expect(done.body.results.successCount).toBe(store.products.length)
    // Once finished, a new run may start.
    expect((await request(a).get('/api/generate-images')).body.running).toBe(false)
  })
})

describe('stopping a run', () => {
  it(
    'stops requesting images on POST /cancel; finished products keep their ' + 'new images, the rest their old',
    async () => {
      fake.set({ delayMs: 150 })
      const { app: a, store, dataFile } = await app({ IMAGE_CONCURRENCY: '2' }, FEW)
      expect((await request(a).post('/api/generate-images/cancel').expect(404)).body.error).toMatch(
        /No image generation is running/,
      )
      const run = request(a)
        .post('/api/generate-images')
        .then((r) => r)
      await expect
        .poll(() => store.products.filter((p) => p.mainImage.startsWith('/media/')).length, { timeout: 10_000 })
        .toBeGreaterThan(0)
      await request(a).post('/api/generate-images/cancel').expect(202)
      const res = await run
      expect(res.status).toBe(200)
      expect(res.body.stoppedEarly).toBe('Stopped by the owner.')
      const { successCount, errorCount, total } = res.body.results
      expect(total).toBe(FEW.length)
      expect(successCount).toBeGreaterThan(0)
      expect(successCount + errorCount).toBe(total)
      expect(errorCount).toBeGreaterThan(0)
      expect(fake.requests.length).toBeLessThan(FEW.length * 4)
      const { products } = await readDataFile(dataFile)
      expect(products.filter((p) => p.mainImage.startsWith('/media/'))).toHaveLength(successCount)
    },
  )
})

describe('live progress (Server-Sent Events)', () => {
  it('streams one event per image, then `done` with the same results, uncompressed', async () => {
    fake.set({ delayMs: 20 })
    t = await startTestServer({ env: BASE_ENV, prepare: (dir) => writeCatalogue(dir, FEW), avifTwins: false })
    const res = await fetch(`${t.url}/api/generate-images`, {
      method: 'POST',
      headers: { Accept: 'text/event-stream', 'Accept-Encoding': 'gzip' },
    })
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/)
    expect(res.headers.get('content-encoding')).toBeNull()
    const events: GenerationEvent[] = []
    for await (const e of readEventStream(res.body!)) {
      const parsed = JSON.parse(e.data) as GenerationEvent
      expect(parsed.type).toBe(e.event)
      events.push(parsed)
    }
    const total = t.store.products.length
    expect(events[0]).toMatchObject({ type: 'start', products: total, images: total * 4, concurrency: 3 })
    const images = events.filter((e) => e.type === 'image')
    expect(images.map((e) => e.done)).toEqual(Array.from({ length: total * 4 }, (_, i) => i + 1))
    expect(images.every((e) => e.outcome === 'ok')).toBe(true)
    expect(events.filter((e) => e.type === 'product')).toHaveLength(total)
    expect(events.at(-1)).toEqual({
      type: 'done',
      results: { successCount: total, errorCount: 0, total },
      runId: expect.any(String),
    })
  })

  it('lets a second client follow the run going on, and says when none is', async () => {
    fake.set({ delayMs: 30 })
    t = await startTestServer({ env: BASE_ENV, prepare: (dir) => writeCatalogue(dir, FEW), avifTwins: false })
    const idle = await fetch(`${t.url}/api/generate-images/events`)
    expect(idle.status).toBe(404)
    expect((await idle.json()).error).toMatch(/No image generation is running/)
    const first = fetch(`${t.url}/api/generate-images`, { method: 'POST' })
    await expect.poll(() => fake.requests.length, { timeout: 5000 }).toBeGreaterThan(0)
    const follow = await fetch(`${t.url}/api/generate-images/events`)
    expect(follow.headers.get('content-type')).toMatch(/^text\/event-stream/)
    const types: string[] = []
    for await (const e of readEventStream(follow.body!)) types.push(e.event)
    expect(types[0]).toBe('start') // replayed from the start
    expect(types.at(-1)).toBe('done')
    expect((await (await first).json()).results.errorCount).toBe(0)
  })
})

describe('ADMIN_PASSWORD', () => {
  it('requires HTTP Basic auth as admin for /admin and the API, and lets the owner in', async () => {
    const { app: a, store } = await app({ ADMIN_PASSWORD: 'correct horse' }, FEW)
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
    const { app: a, store } = await app({}, FEW)
    expect((await request(a).get('/api/generate-images').expect(200)).body).toMatchObject({
      configured: true,
      running: false,
    })
    const res = await request(a).post('/api/generate-images').expect(200)
    expect(res.body.results.successCount).toBe(store.products.length)
  })

  it('refuses a request from this machine that names another host (DNS rebinding), spending nothing', async () => {
    // Without SITE_URL any well-formed host is the site's, so the owner check itself must refuse it.
    const first = await app({ SITE_URL: '' }, FEW)
    const res = await request(first.app).post('/api/generate-images').set('Host', 'shop-offers.example')
    expect(res.status).toBe(403)
    expect(res.body).toEqual({ error: NOT_OWNER_MESSAGE })
    await first.close()
    // With SITE_URL, a host that is not its own is refused before any route.
    const { app: b } = await app({}, FEW)
    expect((await request(b).post('/api/generate-images').set('Host', 'shop-offers.example')).status).toBe(400)
    expect(fake.requests).toHaveLength(0)
  })

  it(
    'refuses start, cancel, progress and status details with 403 and a ' + 'sentence to a request a proxy passed on',
    async () => {
      const { app: a, dataFile } = await app({}, FEW)
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
      const { app: a } = await app({}, FEW)
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

describe('the daily image limit', () => {
  const RUN = FEW.length * IMAGE_ANGLES.length

  const runs = async (file: string): Promise<{ id: string; startedAt: string; images: number }[]> =>
    JSON.parse(await readFile(file, 'utf8')).imageRuns ?? []

  it(
    'refuses, with 429 and a sentence, a run past IMAGE_DAILY_LIMIT, even ' +
      'for the owner signed in, and keeps counting across a restart',
    async () => {
      const env = { IMAGE_DAILY_LIMIT: String(RUN + 4), ADMIN_PASSWORD: 'correct horse' }
      const owner = basicAuth('correct horse')
      const first = await createTestApp({
        env: { ...BASE_ENV, ...env },
        prepare: (dir) => writeCatalogue(dir, FEW),
        keepDir: true,
        avifTwins: false,
      })
      try {
        await request(first.app).post('/api/generate-images').set('Authorization', owner).expect(200)
        // Counted in the data file on disk, where a restart finds it.
        expect(await runs(first.dataFile)).toEqual([
          { id: expect.any(String), startedAt: expect.any(String), images: RUN },
        ])
        const status = await request(first.app).get('/api/generate-images').set('Authorization', owner).expect(200)
        expect(status.body.allowance).toEqual({ limit: RUN + 4, used: RUN, left: 4, nextFreedAt: expect.any(String) })
        expect(Date.parse(status.body.allowance.nextFreedAt) - Date.now()).toBeGreaterThan(23.9 * 3600_000)
        fake.reset()
        const refused = await request(first.app).post('/api/generate-images').set('Authorization', owner).expect(429)
        expect(refused.headers['content-type']).toMatch(/^application\/json/)
        expect(refused.body.error).toMatch(
          new RegExp(
            `^The daily image limit is reached: ${RUN} of ${RUN + 4} images were ` +
              `requested in the last 24 hours, and a run needs ${RUN}\\. It can run ` +
              `again after [A-Z][a-z]{2} \\d{1,2} [A-Z][a-z]{2}(?: \\d{4})?, \\d{2}:\\d{2}\\.$`,
          ),
        )
        expect(Number(refused.headers['retry-after'])).toBeGreaterThan(23 * 3600)
        expect(fake.requests).toHaveLength(0)
      } finally {
        await first.close()
      }
      // A restart on the same data file still counts the first run.
      const saved = await readFile(first.dataFile, 'utf8')
      t = await createTestApp({
        env: { ...BASE_ENV, ...env },
        prepare: (dir) => writeFile(path.join(dir, 'db.json'), saved),
        avifTwins: false,
      })
      await rm(first.dir, { recursive: true, force: true })
      const again = await request(t.app).post('/api/generate-images').set('Authorization', owner).expect(429)
      expect(again.body.error).toMatch(/daily image limit is reached/)
      // The streamed way in is refused the same way, before any event.
      const streamed = await request(t.app)
        .post('/api/generate-images')
        .set('Authorization', owner)
        .set('Accept', 'text/event-stream')
        .expect(429)
      expect(streamed.headers['content-type']).toMatch(/^application\/json/)
      expect(fake.requests).toHaveLength(0)
    },
  )

  it('allows two full runs of the catalogue a day when IMAGE_DAILY_LIMIT is unset', async () => {
    const { app: a } = await app({}, FEW)
    await request(a).post('/api/generate-images').expect(200)
    await request(a).post('/api/generate-images').expect(200)
    expect(fake.requests).toHaveLength(2 * RUN)
    const third = await request(a).post('/api/generate-images').expect(429)
    expect(third.body.error).toContain(`${2 * RUN} of ${2 * RUN} images`)
    expect(fake.requests).toHaveLength(2 * RUN)
  })

  it('says when the limit is smaller than one run, and what to change', async () => {
    const { app: a } = await app({ IMAGE_DAILY_LIMIT: String(RUN - 1) }, FEW)
    const res = await request(a).post('/api/generate-images').expect(429)
    expect(res.body.error).toBe(
      `A run of the whole catalogue needs ${RUN} images, more than the daily ` +
        `limit of ${RUN - 1}. Raise IMAGE_DAILY_LIMIT on the server and restart ` +
        `it to run one.`,
    )
    expect(res.headers['retry-after']).toBeUndefined()
    expect(fake.requests).toHaveLength(0)
  })

  it('counts only the images a stopped run requested', async () => {
    fake.set({ delayMs: 150 })
    const { app: a, store, dataFile } = await app({ IMAGE_CONCURRENCY: '2' }, FEW)
    const run = request(a)
      .post('/api/generate-images')
      .then((r) => r)
    await expect
      .poll(() => store.products.filter((p) => p.mainImage.startsWith('/media/')).length, { timeout: 10_000 })
      .toBeGreaterThan(0)
    // Counted in full while it runs: a crash now would leave the whole run counted.
    expect((await runs(dataFile))[0]!.images).toBe(RUN)
    await request(a).post('/api/generate-images/cancel').expect(202)
    expect((await run).body.stoppedEarly).toBe('Stopped by the owner.')
    const counted = (await runs(dataFile))[0]!.images
    expect(counted).toBe(fake.requests.length)
    expect(counted).toBeLessThan(RUN)
  })

  it("counts every request sent, the SDK's retries included (each may be paid for)", async () => {
    const seen = new Set<string>()
    // Each image's first request fails (500), and the SDK retries it.
    fake.set({ reply: (req) => (seen.has(req.body.prompt!) ? 'ok' : (seen.add(req.body.prompt!), 'fail')) })
    const { app: a, dataFile } = await app({ OPENAI_MAX_RETRIES: '2' }, FEW)
    const res = await request(a).post('/api/generate-images').expect(200)
    expect(res.body.results).toEqual({ successCount: FEW.length, errorCount: 0, total: FEW.length })
    expect(fake.requests).toHaveLength(2 * RUN)
    expect((await runs(dataFile))[0]!.images).toBe(2 * RUN)
  })

  it('sends no retry past the daily limit: the run stops where the limit is reached', async () => {
    fake.set({ reply: () => 'fail' })
    const { app: a, dataFile } = await app({ OPENAI_MAX_RETRIES: '2', IMAGE_DAILY_LIMIT: String(RUN + 2) }, FEW)
    const res = await request(a).post('/api/generate-images').expect(200)
    expect(res.body.stoppedEarly).toBe('Stopped: retrying the failed images would pass the daily image limit.')
    expect(fake.requests).toHaveLength(RUN + 2)
    expect((await runs(dataFile))[0]!.images).toBe(RUN + 2)
    expect((await request(a).get('/api/generate-images').expect(200)).body.allowance).toMatchObject({
      used: RUN + 2,
      left: 0,
    })
  })

  it('shows the limit and what is left on /admin, to the owner', async () => {
    const { app: a } = await app({ IMAGE_DAILY_LIMIT: '100' }, FEW)
    await request(a).post('/api/generate-images').expect(200)
    const page = await request(a).get('/admin').expect(200)
    const text = page.text.replace(/<!-- -->/g, '').replace(/<[^>]+>/g, '')
    expect(text).toContain(`Daily limit: at most 100 images in any 24 hours, whoever asks`)
    expect(text).toContain(`${RUN} used in the last 24 hours, ${100 - RUN} left.`)
  })
})

describe('the server process', () => {
  type Proc = { child: ChildProcess; out: () => string; url: Promise<string> }

  function startServer(env: Record<string, string>): Proc {
    const child = spawn(
      process.execPath,
      [path.join(ROOT, 'node_modules', 'tsx', 'dist', 'cli.mjs'), path.join(ROOT, 'server.ts')],
      {
        cwd: ROOT,
        env: {
          PATH: process.env.PATH ?? '',
          HOME: process.env.HOME ?? '',
          PORT: '0',
          HOST: '127.0.0.1',
          LOG_LEVEL: 'info',
          ...env,
        },
      },
    )
    let out = ''
    const url = new Promise<string>((resolve, reject) => {
      const onData = (d: Buffer) => {
        out += d
        const m = /"port":(\d+)/.exec(out)
        if (m && out.includes('Serving on')) resolve(`http://127.0.0.1:${m[1]}`)
      }
      child.stdout!.on('data', onData)
      child.stderr!.on('data', onData)
      child.on('exit', (code) => reject(new Error(`server exited with ${code}: ${out}`)))
    })
    return { child, out: () => out, url }
  }

  const exited = (child: ChildProcess) =>
    new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)))

  it(
    'says at start-up, without ADMIN_PASSWORD, that generation is open only ' +
      'to this machine; warns when a proxy is in front; says nothing with a ' +
      'password',
    async () => {
      const tmp = await mkdtemp(path.join(os.tmpdir(), 'leather-proc-'))
      const startAndStop = async (env: Record<string, string>) => {
        const server = startServer({ OPENAI_API_KEY: KEY, ...env })
        await server.url
        server.child.kill('SIGTERM')
        await exited(server.child)
        return server.out()
      }
      try {
        const alone = await startAndStop({ DATA_FILE: path.join(tmp, 'a.json') })
        expect(alone).toMatch(
          /"level":30[^\n]*ADMIN_PASSWORD is not set: image generation is open only to requests from this machine itself/,
        )

        const proxied = await startAndStop({ DATA_FILE: path.join(tmp, 'b.json'), TRUST_PROXY: 'loopback' })
        expect(proxied).toMatch(/"level":40[^\n]*ADMIN_PASSWORD is not set[^\n]*make sure it sends X-Forwarded-For/)

        const closed = await startAndStop({ DATA_FILE: path.join(tmp, 'c.json'), ADMIN_PASSWORD: 'saddle-stitch-42' })
        expect(closed).not.toMatch(/ADMIN_PASSWORD is not set/)
      } finally {
        await rm(tmp, { recursive: true, force: true })
      }
    },
  )

  it('stops a run at once on SIGTERM: the request gets its results, the process exits cleanly', async () => {
    fake.set({ delayMs: 400 })
    const tmp = await mkdtemp(path.join(os.tmpdir(), 'leather-proc-'))
    try {
      await writeCatalogue(tmp, FEW)
      const server = startServer({
        DATA_FILE: path.join(tmp, 'db.json'),
        OPENAI_API_KEY: KEY,
        OPENAI_BASE_URL: fake.baseURL,
        OPENAI_MAX_RETRIES: '0',
        ADMIN_PASSWORD: 'saddle-stitch-42',
      })
      const base = await server.url
      const answer = fetch(`${base}/api/generate-images`, {
        method: 'POST',
        headers: { Authorization: basicAuth('saddle-stitch-42') },
      })
      await expect.poll(() => fake.requests.length, { timeout: 5000 }).toBeGreaterThan(0)
      const started = Date.now()
      server.child.kill('SIGTERM')
      const res = await answer
      expect(res.status).toBe(200)
      const body = await res.json()
      expect(body.stoppedEarly).toBe('The server is shutting down.')
      expect(body.results.total).toBe(FEW.length)
      expect(await exited(server.child)).toBe(0)
      expect(Date.now() - started).toBeLessThan(8000) // well before server.ts's 10 s forced exit
      expect(existsSync(path.join(tmp, 'db.json.lock'))).toBe(false)
      JSON.parse(await readFile(path.join(tmp, 'db.json'), 'utf8')) // whole and readable
    } finally {
      await rm(tmp, { recursive: true, force: true })
    }
  })
})
