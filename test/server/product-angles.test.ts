/**
 * One product's four angles through the real `openai` SDK against a fake images API on loopback:
 * offered beside the current photographs, nothing on the site until the owner chooses, each choice
 * in the history, and a discarded photograph's files deleted only when nothing refers to them.
 */
import { existsSync, statSync } from 'node:fs'
import { readdir, readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import request from 'supertest'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { seedProducts } from '../../data/seed/products.ts'
import type { GenerationEvent } from '../../domain/image-generation.ts'
import { PHOTOS_CHANGED } from '../../domain/photo-list.ts'
import type { AngleState } from '../../domain/photo-offers.ts'
import { readEventStream } from '../../lib/event-stream.ts'
import { startFakeOpenAIForSdk, type FakeOpenAI } from '../helpers/fake-openai.ts'
import { createTestApp, type TestServer } from '../helpers/server.ts'
import { ownerSaves } from '../helpers/owner-save.ts'
import { photosNow, photoVersion } from '../helpers/photo-forms.ts'
import { dataOnDisk } from '../helpers/on-disk.ts'
import { pageText } from '../helpers/page-text.ts'
import { sentBack } from '../helpers/sent-back.ts'

vi.setConfig({ testTimeout: 60_000 })

const KEY = 'sk-test-not-a-real-key'
const ENV = { OPENAI_API_KEY: KEY, OPENAI_TIMEOUT_MS: '5000', OPENAI_MAX_RETRIES: '0' }

let fake: FakeOpenAI
let t: TestServer
beforeAll(async () => void (fake = await startFakeOpenAIForSdk(KEY)))
afterAll(() => fake.close())
afterEach(async () => {
  await t?.close()
  fake.set({ delayMs: 0, reply: undefined })
  fake.reset()
})

type Saved = { id: string; mainImage: string; photos?: { src: string }[] }
const onDisk = async (id: string) =>
  (await dataOnDisk<{ products: Saved[] }>(t.dataFile)).products.find((p) => p.id === id)!
const fileOf = (src: string) => path.join(t.dir, src)
const filesOfPhoto = async (src: string) => {
  const base = path.basename(src).replace(/-1024\.webp$/, '-')
  return (await readdir(path.dirname(fileOf(src)))).filter((n) => n.startsWith(base))
}
const state = async (id: string) =>
  (await request(t.app).get(`/api/admin/products/${id}/angles`).expect(200)).body as AngleState
const finished = async (id: string) => {
  await t.services.productPhotos.running(id)?.result
  return state(id)
}
const choose = (id: string, fields: Record<string, string>) =>
  request(t.app)
    .post(`/admin/products/${id}/photos/choose`)
    .type('form')
    .send({ version: photoVersion(t, id), ...fields })

describe('generating the four angles of one product', () => {
  it(
    'posts, shows how far it got, then offers the new photographs beside ' +
      'the current ones without changing the site',
    async () => {
      t = await createTestApp({ env: ENV, avifTwins: false })
      fake.set({ delayMs: 400 })
      const before = await readFile(t.dataFile, 'utf8')
      const started = await request(t.app).post('/admin/products/chelsea-boot/angles').type('form').send({}).expect(303)
      expect(started.headers.location).toBe('/admin/products/chelsea-boot?angles=started#new-photos')
      const during = await request(t.app).get(String(started.headers.location)).expect(200)
      expect(during.headers['cache-control']).toBe('private, no-store')
      expect(pageText(during.text)).toMatch(/Refresh to see how far it got/)
      expect(during.text).toMatch(/role="progressbar"[^>]*aria-valuemax="4"/)

      const { offers, view } = await finished('chelsea-boot')
      expect(view).toMatchObject({ running: null, error: null })
      expect(offers).toHaveLength(1)
      expect(offers[0]!.photos.map((p) => p.angle)).toEqual(['main', '45-degree', 'side profile', 'detail'])
      expect(fake.requests).toHaveLength(4)
      expect(fake.requests.every((r) => r.body.prompt?.includes('Product: Chelsea Boot.'))).toBe(true)
      // Nothing on the site changed: the data file, the product's page and the API are as they were.
      expect(JSON.parse(await readFile(t.dataFile, 'utf8')).products).toEqual(JSON.parse(before).products)
      const visitorPage = await request(t.app).get('/products/chelsea-boot').expect(200)
      for (const p of offers[0]!.photos) {
        expect(visitorPage.text).not.toContain(p.src.replace(/-1024\.webp$/, ''))
        expect(existsSync(fileOf(p.src))).toBe(true)
      }
      const page = await request(t.app).get('/admin/products/chelsea-boot').expect(200)
      expect(pageText(page.text)).toContain('New photographs')
      for (const p of offers[0]!.photos) expect(page.text).toContain(`value="${p.src}"`)
      expect(pageText(page.text)).toContain('Use these 4 instead of the current photographs')
      // The new photographs are kept across a restart, beside the data file, for the owner alone.
      expect(statSync(`${t.dataFile}.new-photos.json`).mode & 0o777).toBe(0o600)
    },
  )

  it(
    'records each choice in the history: a new main photograph, one added ' +
      'to the others, the rest discarded and deleted',
    async () => {
      t = await createTestApp({ env: ENV, avifTwins: false })
      await request(t.app).post('/api/admin/products/penny-loafer/angles').expect(202)
      const [offer] = (await finished('penny-loafer')).offers
      const [main, side, profile, detail] = offer!.photos.map((p) => p.src) as [string, string, string, string]
      const oldMain = (await onDisk('penny-loafer')).mainImage

      expect(
        (await choose('penny-loafer', { offer: offer!.id, src: side, use: 'main' }).expect(303)).headers.location,
      ).toBe('/admin/products/penny-loafer?photo=new-main&angle=45-degree')
      expect(await onDisk('penny-loafer')).toMatchObject({ mainImage: side, photos: [{ src: oldMain }] })
      await choose('penny-loafer', { offer: offer!.id, src: detail, use: 'gallery' }).expect(303)
      expect((await onDisk('penny-loafer')).photos).toEqual([{ src: oldMain }, { src: detail }])
      const productPage = await request(t.app).get('/products/penny-loafer').expect(200)
      for (const src of [side, detail]) expect(productPage.text).toContain(src.replace(/-1024\.webp$/, ''))

      expect((await choose('penny-loafer', { offer: offer!.id, use: 'discard' }).expect(303)).headers.location).toBe(
        '/admin/products/penny-loafer?done=discarded',
      )
      expect((await state('penny-loafer')).offers).toEqual([])
      await t.services.photoFormats.idle() // a twin being written as the set is discarded goes once its conversion ends
      for (const src of [main, profile]) expect(await filesOfPhoto(src), src).toEqual([])
      for (const src of [side, detail]) expect((await filesOfPhoto(src)).length, src).toBeGreaterThanOrEqual(4)
      // A choice already made elsewhere changes nothing.
      expect(
        pageText(
          (await sentBack(t.app, await choose('penny-loafer', { offer: offer!.id, src: main, use: 'main' }))).text,
        ),
      ).toContain('Those new photographs were no longer waiting')

      const history = (await t.services.catalogue.history.all()).filter((e) => e.productId === 'penny-loafer')
      expect(history.map((e) => e.action)).toEqual(['new-photos', 'new-photos'])
      expect(history[0]!.before?.mainImage).toBe(oldMain)
      expect(history[0]!.after?.mainImage).toBe(side)
      expect(pageText((await request(t.app).get('/admin/history').expect(200)).text)).toContain(
        'Penny Loafer: new photographs chosen',
      )
    },
  )

  it('says what a choice did, and refuses (409) a choice made on a page whose photographs changed since', async () => {
    t = await createTestApp({ env: ENV, avifTwins: false })
    await request(t.app).post('/api/admin/products/chukka-boot/angles').expect(202)
    const [offer] = (await finished('chukka-boot')).offers
    const [, side, profile, detail] = offer!.photos.map((p) => p.src)
    const opened = photoVersion(t, 'chukka-boot')
    const added = await choose('chukka-boot', {
      offer: offer!.id,
      src: profile!,
      use: 'gallery',
      version: opened,
    }).expect(303)
    expect(pageText((await request(t.app).get(String(added.headers.location)).expect(200)).text)).toContain(
      'The new side profile was added to the photographs.',
    )
    const before = photosNow(t, 'chukka-boot')
    // The page opened before that choice: its forms name the photographs as they were.
    for (const [src, use] of [
      [side, 'main'],
      [detail, 'gallery'],
      [undefined, 'all'],
    ] as const) {
      const refused = await sentBack(
        t.app,
        await choose('chukka-boot', {
          offer: offer!.id,
          ...(src ? { src } : {}),
          use,
          version: opened,
        }),
      )
      expect(pageText(refused.text)).toContain(PHOTOS_CHANGED)
      expect(photosNow(t, 'chukka-boot'), use).toEqual(before)
    }
    expect((await state('chukka-boot')).offers[0]!.photos.map((p) => p.src)).toEqual([
      offer!.photos[0]!.src,
      side,
      detail,
    ])
    const made = await choose('chukka-boot', { offer: offer!.id, src: detail!, use: 'main' }).expect(303)
    expect(pageText((await request(t.app).get(String(made.headers.location)).expect(200)).text)).toContain(
      'The new detail is now the main photograph.',
    )
    expect(photosNow(t, 'chukka-boot')[0]).toBe(detail)
  })

  it('uses a whole set instead of the current photographs; a removed photograph keeps its files', async () => {
    t = await createTestApp({ env: ENV, avifTwins: false })
    await request(t.app).post('/api/admin/products/tote-bag/angles').expect(202)
    const [offer] = (await finished('tote-bag')).offers
    const srcs = offer!.photos.map((p) => p.src)
    await choose('tote-bag', { offer: offer!.id, use: 'all' }).expect(303)
    expect(await onDisk('tote-bag')).toMatchObject({
      mainImage: srcs[0],
      photos: srcs.slice(1).map((src) => ({ src })),
    })
    expect((await state('tote-bag')).offers).toEqual([])
    await request(t.app)
      .post('/admin/products/tote-bag/photos/change')
      .type('form')
      .send({ src: srcs[3], action: 'remove', version: photoVersion(t, 'tote-bag') })
      .expect(303)
    expect((await onDisk('tote-bag')).photos).toHaveLength(2)
    expect((await filesOfPhoto(srcs[3]!)).length).toBeGreaterThanOrEqual(4)
  })

  it(
    'keeps the files of a discarded photograph that the history refers to ' + '(the owner used it by editing the file)',
    async () => {
      t = await createTestApp({ env: ENV, avifTwins: false })
      await request(t.app).post('/api/admin/products/oxford-brogue/angles').expect(202)
      const [offer] = (await finished('oxford-brogue')).offers
      const used = offer!.photos[2]!.src
      const data = JSON.parse(await readFile(t.dataFile, 'utf8')) as { products: Saved[] }
      data.products.find((p) => p.id === 'oxford-brogue')!.mainImage = used
      await ownerSaves(t.store, JSON.stringify(data, null, 2))
      await vi.waitFor(async () =>
        expect((await t.services.catalogue.history.all()).some((e) => e.after?.mainImage === used)).toBe(true),
      )
      // And then undone: the product no longer shows it, but the history does.
      data.products.find((p) => p.id === 'oxford-brogue')!.mainImage = '/images/seed/oxford-brogue.svg'
      await ownerSaves(t.store, JSON.stringify(data, null, 2))
      await choose('oxford-brogue', { offer: offer!.id, use: 'discard' }).expect(303)
      expect((await filesOfPhoto(used)).length).toBeGreaterThanOrEqual(4)
      expect(await filesOfPhoto(offer!.photos[0]!.src)).toEqual([])
    },
  )

  it('offers what it could make when an angle fails, and says why the rest is missing', async () => {
    t = await createTestApp({ env: ENV, avifTwins: false })
    fake.set({ reply: (req) => (req.body.prompt?.includes('side profile') ? 'fail' : 'ok') })
    await request(t.app).post('/admin/products/braided-belt/angles').type('form').send({}).expect(303)
    const { offers, view } = await finished('braided-belt')
    expect(offers[0]!.photos.map((p) => p.angle)).not.toContain('side profile')
    expect(offers[0]!.photos.length).toBeGreaterThan(0)
    expect(view.error).toMatch(/^[A-Z].+\.$/)
    expect(pageText((await request(t.app).get('/admin/products/braided-belt').expect(200)).text)).toContain(view.error!)
  })

  it(
    'streams its progress to the page script and refuses a second run, an ' +
      'unknown product and a server without a key',
    async () => {
      t = await createTestApp({ env: ENV, avifTwins: false })
      fake.set({ delayMs: 200 })
      await request(t.app).post('/api/admin/products/chelsea-boot/angles').expect(202)
      const busy = await sentBack(
        t.app,
        await request(t.app).post('/admin/products/tote-bag/angles').type('form').send({}),
      )
      expect(pageText(busy.text)).toContain('An image generation is already running')
      expect((await request(t.app).post('/api/generate-images').expect(409)).body.error).toMatch(/already running/)

      const { events: stream, cacheControl } = await fetchEvents('/api/admin/products/chelsea-boot/angles/events')
      expect(cacheControl).toBe('private, no-store, no-transform')
      expect(stream.filter((e) => e.type === 'image').map((e) => (e as { done: number }).done)).toEqual([1, 2, 3, 4])
      expect(stream.at(-1)?.type).toBe('done')
      expect(
        (await request(t.app).get('/api/admin/products/chelsea-boot/angles/events').expect(404)).body.error,
      ).toBeTruthy()
      await request(t.app).post('/api/admin/products/no-such-thing/angles').expect(404)
      await t.close()

      t = await createTestApp({ env: { ...ENV, OPENAI_API_KEY: '' } })
      expect((await request(t.app).post('/api/admin/products/chelsea-boot/angles').expect(503)).body.error).toMatch(
        /OPENAI_API_KEY/,
      )
      // An unknown product is a 404 on this server too, whatever the property it is named after.
      for (const id of ['no-such-thing', '__proto__', 'constructor', 'hasOwnProperty'])
        await request(t.app).post(`/api/admin/products/${id}/angles`).expect(404)
      expect(fake.requests).toHaveLength(4)
    },
  )
})

describe('a product whose id is a property every object has', () => {
  it(
    'works like any other from the data file: its workspace page, its new ' + 'photographs and the choice among them',
    async () => {
      t = await createTestApp({
        env: ENV,
        prepare: (dir) =>
          writeFile(
            path.join(dir, 'db.json'),
            JSON.stringify({ products: [{ ...seedProducts[0]!, id: 'constructor', sku: 'FW-CON-001' }], messages: [] }),
          ),
      })
      const page = await request(t.app).get('/admin/products/constructor').expect(200)
      expect(pageText(page.text)).toContain(seedProducts[0]!.name)
      await request(t.app).post('/api/admin/products/constructor/angles').expect(202)
      const [offer] = (await finished('constructor')).offers
      const side = offer!.photos[1]!.src
      const chosen = (await choose('constructor', { offer: offer!.id, src: side, use: 'main' }).expect(303)).headers
        .location
      expect(chosen).toBe('/admin/products/constructor?photo=new-main&angle=45-degree')
      expect((await onDisk('constructor')).mainImage).toBe(side)
      await sentBack(t.app, await choose('constructor', { offer: 'no-such-offer', src: side, use: 'main' }))
      // And on the shop, as any product.
      expect((await request(t.app).get('/products/constructor').expect(200)).text).toContain(
        side.replace(/-1024\.webp$/, ''),
      )
      expect((await request(t.app).get('/api/products').expect(200)).body.map((p: { id: string }) => p.id)).toContain(
        'constructor',
      )
      await request(t.app).get('/admin/history').expect(200)
    },
  )

  it('is added from the workspace and opens there', async () => {
    t = await createTestApp({ env: ENV, avifTwins: false })
    const product = {
      ...seedProducts[0]!,
      id: 'constructor',
      sku: 'FW-CON-001',
      name: 'Constructor Boot',
      availability: 'in-stock',
    }
    const added = await request(t.app).post('/admin/products/new').type('form').send(product)
    expect(added.status).toBe(303)
    expect(added.headers.location).toMatch(/^\/admin\/products\/constructor\?/)
    expect(pageText((await request(t.app).get('/admin/products/constructor').expect(200)).text)).toContain(
      'Constructor Boot',
    )
    await sentBack(t.app, await choose('constructor', { offer: 'no-such-offer', src: '/media/x.webp', use: 'main' }))
  })
})

describe('who may generate and choose', () => {
  it('refuses visitors (401) and other websites (403), and keeps the owner answers private', async () => {
    t = await createTestApp({ env: { ...ENV, ADMIN_PASSWORD: 'a-long-enough-password' } })
    await request(t.app).post('/admin/products/chelsea-boot/angles').type('form').send({}).expect(401)
    await request(t.app).post('/api/admin/products/chelsea-boot/angles').expect(401)
    await request(t.app).get('/api/admin/products/chelsea-boot/angles').expect(401)
    await request(t.app)
      .post('/admin/products/chelsea-boot/photos/choose')
      .type('form')
      .send({ offer: 'x', use: 'all' })
      .expect(401)
    const auth = `Basic ${Buffer.from('admin:a-long-enough-password').toString('base64')}`
    const foreign = await request(t.app)
      .post('/api/admin/products/chelsea-boot/angles')
      .set('Authorization', auth)
      .set('Origin', 'https://evil.example')
      .expect(403)
    expect(foreign.body.error).toMatch(/another website/)
    const own = await request(t.app)
      .get('/api/admin/products/chelsea-boot/angles')
      .set('Authorization', auth)
      .expect(200)
    expect(own.headers['cache-control']).toBe('private, no-store')
    expect(fake.requests).toHaveLength(0)
  })
})

describe('an upload from the page script', () => {
  it('answers JSON: the stored photograph and the list, or the refusal', async () => {
    t = await createTestApp()
    const sharp = (await import('sharp')).default
    const jpeg = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#7b3f1d' } })
      .jpeg()
      .toBuffer()
    const ok = await request(t.app)
      .post('/admin/products/bridle-belt/photos')
      .set('Accept', 'application/json')
      .attach('photo', jpeg, 'phone.jpg')
      .expect(201)
    expect(ok.body.photos).toEqual([(await onDisk('bridle-belt')).mainImage, ok.body.src])
    const refused = await request(t.app)
      .post('/admin/products/bridle-belt/photos')
      .set('Accept', 'application/json')
      .attach('photo', Buffer.from('no picture'), 'a.jpg')
      .expect(415)
    expect(refused.body.error).toContain('This file is not a photograph the site can read')
  })
})

async function fetchEvents(address: string): Promise<{ events: GenerationEvent[]; cacheControl: string }> {
  const res = await request(t.app)
    .get(address)
    .buffer(true)
    .parse((r, done) => {
      let body = ''
      r.on('data', (c: Buffer) => (body += c.toString()))
      r.on('end', () => done(null, body))
    })
  const events: GenerationEvent[] = []
  for await (const m of readEventStream(new Response(res.body as string).body!))
    events.push(JSON.parse(m.data) as GenerationEvent)
  return { events, cacheControl: String(res.headers['cache-control']) }
}
