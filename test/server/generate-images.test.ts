/**
 * POST /api/generate-images through the real `openai` SDK against a fake images API on loopback:
 * requests sent, images stored and served, the data file updated, counts, failures.
 */
import { existsSync } from 'node:fs'
import { readdir, readFile } from 'node:fs/promises'
import path from 'node:path'
import sharp from 'sharp'
import request from 'supertest'
import { describe, expect, it, vi } from 'vitest'
import { IMAGE_ANGLES } from '../../domain/business.ts'
import { STUDIO_STYLE } from '../../server/services/images/prompts.server.ts'
import { failFor } from '../helpers/fake-openai.ts'
import { FEW, imageRunsForFile, KEY, readDataFile, TWO, type StoredProduct } from '../helpers/image-runs.ts'
import { PUBLIC_PRODUCT_FIELDS } from '../helpers/product-form.ts'

// Each run converts dozens of images with sharp; on a busy two-core machine that takes a while.
vi.setConfig({ testTimeout: 90_000 })

const { fake, app } = imageRunsForFile()

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
      const { app: a, store } = await app({ OPENAI_IMAGE_MODEL: 'gpt-image-1-mini', IMAGE_CONCURRENCY: '3' }, TWO)
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
      const { app: a, dataFile, dir, services } = await app({}, TWO)
      const before = (await request(a).get('/api/products')).body as StoredProduct[]
      await request(a).post('/api/generate-images').expect(200)

      const after = (await request(a).get('/api/products')).body as StoredProduct[]
      expect(after).toHaveLength(before.length)
      for (const p of after) {
        expect(Object.keys(p)).toEqual(PUBLIC_PRODUCT_FIELDS)
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
      await services.photoFormats.stop() // the AVIF twins in hand are finished, none is left half-written
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
    const { app: a } = await app({}, TWO)
    const before = await request(a).get('/products').expect(200)
    expect(before.text).toContain('/images/seed/')
    await request(a).post('/api/generate-images').expect(200)
    const after = await request(a).get('/products').expect(200)
    expect(after.text).not.toContain('/images/seed/oxford-brogue.svg')
    expect(after.text).toMatch(/\/media\/products\/oxford-brogue\/[A-Za-z0-9-]+-main-400\.webp 400w/)
  })

  it('downloads `url` answers at once and never stores the remote URL', async () => {
    fake.set({ format: 'url' })
    const { app: a, dataFile, store } = await app({}, TWO)
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
    const { app: a, store } = await app({ OPENAI_MAX_RETRIES: '1' }, TWO)
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
