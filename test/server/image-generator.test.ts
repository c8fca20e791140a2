/**
 * The generator behind POST /api/generate-images and `npm run generate-images`, on a real store and
 * the real `openai` SDK against the fake images API: batching, prompts, quality per model, url
 * answers, cancelling, one run at a time, unique file names, and saving failures.
 */
import { existsSync } from 'node:fs'
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import sharp from 'sharp'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { seedProducts } from '../../data/seed/products.ts'
import { openStore, type Store } from '../../data/store.server.ts'
import { IMAGE_ANGLES } from '../../domain/business.ts'
import type { GenerationEvent } from '../../domain/image-generation.ts'
import { mediaDirFor } from '../../server/config/paths.server.ts'
import {
  createImageGenerator,
  GenerationBusyError,
  type ImageGeneratorOptions,
} from '../../server/services/image-generator.server.ts'
import { photoFormatsFor, stopPhotoFormats } from '../../server/services/images/media.server.ts'
import { imageRequest } from '../../server/services/images/openai-images.server.ts'
import { ANGLE_DIRECTIONS, STUDIO_STYLE } from '../../server/services/images/prompts.server.ts'
import { failFor, startFakeOpenAIForSdk, type FakeOpenAI } from '../helpers/fake-openai.ts'

// Each run converts dozens of images with sharp; on a busy two-core machine that takes a while.
vi.setConfig({ testTimeout: 90_000 })

let fake: FakeOpenAI
let dir: string
let store: Store | undefined

beforeAll(async () => {
  fake = await startFakeOpenAIForSdk()
})
afterAll(() => fake.close())
afterEach(async () => {
  await store?.close()
  store = undefined
  await stopPhotoFormats(path.join(dir, 'media'))
  await rm(dir, { recursive: true, force: true })
  fake.set({ format: 'b64_json', delayMs: 0, reply: undefined, hold: undefined })
  fake.reset()
})

/** `twins`: make the AVIF twins too; only the test of a product's files checks them, and they cost the most CPU. */
async function setup(ids: string[], options: Partial<ImageGeneratorOptions> = {}, twins = false) {
  dir = await mkdtemp(path.join(os.tmpdir(), 'leather-gen-'))
  const dataFile = path.join(dir, 'db.json')
  const products = seedProducts.filter((p) => ids.includes(p.id))
  await writeFile(dataFile, JSON.stringify({ products, messages: [] }, null, 2))
  store = await openStore(dataFile)
  const generator = createImageGenerator({
    store,
    mediaDir: mediaDirFor(dataFile),
    model: 'gpt-image-1',
    concurrency: 3,
    timeoutMs: 5000,
    maxRetries: 0,
    ...options,
  })
  if (!twins) await photoFormatsFor(mediaDirFor(dataFile)).stop()
  return { generator, store, mediaDir: mediaDirFor(dataFile) }
}

const FOUR = ['oxford-brogue', 'chelsea-boot', 'tote-bag', 'braided-belt']
/** Two of them (8 images, more than the 3 in flight): for the tests whose question is not how much a run makes. */
const TWO = FOUR.slice(0, 2)

describe('batching', () => {
  for (const concurrency of [1, 4]) {
    it(`never has more than ${concurrency} request(s) in flight, and uses all ${concurrency}`, async () => {
      // The first answers wait until `concurrency` requests have arrived: a generator using fewer never
      // gets them (its requests time out and fail), and a loaded machine cannot finish one before the last starts.
      let allArrived!: () => void
      const arrived = new Promise<void>((resolve) => (allArrived = resolve))
      fake.set({
        delayMs: 40,
        hold: (req) => {
          if (req.index === concurrency - 1) allArrived()
          return req.index < concurrency ? arrived : undefined
        },
      })
      // Two products: 8 requests, more than either limit.
      const ids = TWO
      const { generator } = await setup(ids, { concurrency })
      const { results } = await generator.start().result
      expect(results).toEqual({ successCount: ids.length, errorCount: 0, total: ids.length })
      expect(fake.requests).toHaveLength(ids.length * 4)
      expect(fake.maxInFlight).toBe(concurrency)
    })
  }
})

describe('requests', () => {
  it('sends one prompt per angle, all in the same studio style, naming and describing the product', async () => {
    const { generator } = await setup(['oxford-brogue', 'braided-belt'])
    await generator.start().result
    for (const id of ['oxford-brogue', 'braided-belt']) {
      const product = seedProducts.find((p) => p.id === id)!
      const prompts = fake.requests.map((r) => r.body.prompt!).filter((p) => p.includes(`Product: ${product.name}.`))
      expect(prompts).toHaveLength(4)
      for (const prompt of prompts) {
        expect(prompt.startsWith(STUDIO_STYLE)).toBe(true)
        expect(prompt).toContain(product.description)
      }
      for (const angle of IMAGE_ANGLES)
        expect(prompts.filter((p) => p.includes(ANGLE_DIRECTIONS[angle]))).toHaveLength(1)
    }
  })

  it('asks each model family for its highest quality at 1024x1024', () => {
    expect(imageRequest('gpt-image-1', 'x')).toEqual({
      model: 'gpt-image-1',
      prompt: 'x',
      n: 1,
      size: '1024x1024',
      quality: 'high',
    })
    expect(imageRequest('dall-e-3', 'x')).toEqual({
      model: 'dall-e-3',
      prompt: 'x',
      n: 1,
      size: '1024x1024',
      quality: 'hd',
      response_format: 'b64_json',
    })
    expect(imageRequest('dall-e-2', 'x')).toEqual({
      model: 'dall-e-2',
      prompt: 'x',
      n: 1,
      size: '1024x1024',
      response_format: 'b64_json',
    })
  })
})

describe('answers', () => {
  it('downloads url answers, and fails a product whose download hangs past its timeout', async () => {
    fake.set({ format: 'url', reply: failFor(['Chelsea Boot'], 'url-hang') })
    const { generator, store } = await setup(TWO, { downloadTimeoutMs: 300 })
    const job = generator.start()
    const { results } = await job.result
    expect(results).toEqual({ successCount: TWO.length - 1, errorCount: 1, total: TWO.length })
    const failure = job.events.find((e) => e.type === 'image' && e.outcome === 'failed')
    expect(failure).toMatchObject({
      productId: 'chelsea-boot',
      error: expect.stringMatching(/could not be downloaded within 0\.3 seconds/),
    })
    expect(store.products.find((p) => p.id === 'chelsea-boot')!.mainImage).toBe('/images/seed/chelsea-boot.svg')
  })

  it('stores WebP at 400, 800 and 1024 px', async () => {
    const { generator, store, mediaDir } = await setup(['oxford-brogue'])
    await generator.start().result
    const main = store.products[0]!.mainImage
    const file = path.join(mediaDir, '..', main)
    for (const width of [400, 800, 1024]) {
      const meta = await sharp(file.replace(/-1024\.webp$/, `-${width}.webp`)).metadata()
      expect(meta).toMatchObject({ format: 'webp', width, height: width })
    }
  })
})

describe('one run at a time', () => {
  it('refuses a second start while running, then runs again with new, unique file names', async () => {
    fake.set({ delayMs: 30 })
    const { generator, store, mediaDir } = await setup(['oxford-brogue'])
    const job = generator.start()
    expect(() => generator.start()).toThrow(GenerationBusyError)
    expect(generator.current).toBe(job)
    await job.result
    expect(generator.current).toBeNull()
    const first = store.products[0]!.mainImage

    await generator.start().result
    const second = store.products[0]!.mainImage
    expect(second).not.toBe(first) // served as immutable for a year: a new picture needs a new name
    expect(existsSync(path.join(mediaDir, '..', first))).toBe(true) // pages cached with the old name still find it
  })
})

describe('events and cancelling', () => {
  it('reports every image in order and a product event per product', async () => {
    const { generator } = await setup(TWO)
    const images = TWO.length * IMAGE_ANGLES.length
    const seen: GenerationEvent[] = []
    const job = generator.start()
    job.subscribe((e) => seen.push(e))
    await job.result
    expect(seen[0]).toMatchObject({ type: 'start', products: TWO.length, images, model: 'gpt-image-1', concurrency: 3 })
    expect(seen.filter((e) => e.type === 'image').map((e) => e.done)).toEqual(
      Array.from({ length: images }, (_, i) => i + 1),
    )
    expect(
      seen
        .filter((e) => e.type === 'product')
        .map((e) => e.productId)
        .sort(),
    ).toEqual([...TWO].sort())
    expect(seen.at(-1)).toEqual({
      type: 'done',
      results: { successCount: TWO.length, errorCount: 0, total: TWO.length },
      runId: expect.any(String),
    })
  })

  it('stops requesting when cancelled; finished products keep their new images, the rest their old', async () => {
    fake.set({ delayMs: 80 })
    const { generator, store } = await setup(FOUR, { concurrency: 2 })
    const job = generator.start()
    await new Promise<void>((resolve) => {
      job.subscribe((e) => {
        if (e.type === 'product' && e.ok) resolve()
      })
    })
    job.cancel('Stopped by the owner.')
    const response = await job.result
    expect(response.stoppedEarly).toBe('Stopped by the owner.')
    expect(response.results.total).toBe(4)
    expect(response.results.successCount).toBeGreaterThanOrEqual(1)
    expect(response.results.successCount).toBeLessThan(4)
    expect(response.results.successCount + response.results.errorCount).toBe(4)
    expect(fake.requests.length).toBeLessThan(16)
    const changed = store.products.filter((p) => p.mainImage.startsWith('/media/')).length
    expect(changed).toBe(response.results.successCount)
  })

  it('counts a product whose images cannot be saved as failed, and removes its files', async () => {
    const { generator, store, mediaDir } = await setup(['oxford-brogue', 'chelsea-boot'], {}, true)
    const real = store.updateProduct.bind(store)
    store.updateProduct = (id, patch) =>
      id === 'chelsea-boot' ? Promise.reject(new Error('disk full')) : real(id, patch)
    const job = generator.start()
    const { results } = await job.result
    expect(results).toEqual({ successCount: 1, errorCount: 1, total: 2 })
    expect(job.events.find((e) => e.type === 'product' && !e.ok)).toMatchObject({
      productId: 'chelsea-boot',
      error: expect.stringMatching(/disk full/),
    })
    await photoFormatsFor(mediaDir).idle()
    expect(await readdir(path.join(mediaDir, 'products', 'chelsea-boot'))).toEqual([])
    const kept = await readdir(path.join(mediaDir, 'products', 'oxford-brogue'))
    expect(kept.filter((f) => !f.endsWith('.avif')).length).toBe(4 * 4) // 4 angles × (3 WebP + original)
    expect([0, 4 * 3]).toContain(kept.filter((f) => f.endsWith('.avif')).length) // and their AVIF twins, where smaller
  })
})
