/**
 * Image generation runs one at a time, stops when the owner asks, and tells its progress as it goes
 * (Server-Sent Events), through the real `openai` SDK against a fake images API on loopback.
 */
import request from 'supertest'
import { describe, expect, it, vi } from 'vitest'
import type { GenerationEvent } from '../../domain/image-generation.ts'
import { readEventStream } from '../../lib/event-stream.ts'
import { FEW, imageRunsForFile, readDataFile, runUnderWay } from '../helpers/image-runs.ts'

// Each run converts dozens of images with sharp; on a busy two-core machine that takes a while.
vi.setConfig({ testTimeout: 90_000 })

const { fake, app, server } = imageRunsForFile()

describe('one run at a time', () => {
  it('answers 409 while a run is going on, and GET reports it', async () => {
    fake.set({ delayMs: 60 })
    const { app: a, store } = await app({}, FEW)
    const first = request(a)
      .post('/api/generate-images')
      .then((r) => r)
    await expect.poll(() => fake.requests.length, { timeout: 30_000 }).toBeGreaterThan(0)
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
      const { answer: run } = await runUnderWay(a, store)
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
    const t = await server()
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
    const t = await server()
    const idle = await fetch(`${t.url}/api/generate-images/events`)
    expect(idle.status).toBe(404)
    expect((await idle.json()).error).toMatch(/No image generation is running/)
    const first = fetch(`${t.url}/api/generate-images`, { method: 'POST' })
    await expect.poll(() => fake.requests.length, { timeout: 30_000 }).toBeGreaterThan(0)
    const follow = await fetch(`${t.url}/api/generate-images/events`)
    expect(follow.headers.get('content-type')).toMatch(/^text\/event-stream/)
    const types: string[] = []
    for await (const e of readEventStream(follow.body!)) types.push(e.event)
    expect(types[0]).toBe('start') // replayed from the start
    expect(types.at(-1)).toBe('done')
    expect((await (await first).json()).results.errorCount).toBe(0)
  })
})
