/**
 * The daily image limit (IMAGE_DAILY_LIMIT): every request sent is counted in the data file, across
 * restarts, and a run that would pass the limit is refused before it spends anything.
 */
import { readFile, rm, writeFile } from 'node:fs/promises'
import path from 'node:path'
import request from 'supertest'
import { describe, expect, it, vi } from 'vitest'
import { IMAGE_ANGLES } from '../../domain/business.ts'
import { basicAuth } from '../helpers/basic-auth.ts'
import { BASE_ENV, FEW, imageRunsForFile, runUnderWay, TWO, writeCatalogue } from '../helpers/image-runs.ts'
import { createTestApp } from '../helpers/server.ts'

// Each run converts dozens of images with sharp; on a busy two-core machine that takes a while.
vi.setConfig({ testTimeout: 90_000 })

const { fake, app, keep } = imageRunsForFile()

// TWO makes a whole run to count; a run stopped part-way has all of FEW, to stop in.
describe('the daily image limit', () => {
  const RUN = TWO.length * IMAGE_ANGLES.length

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
        prepare: (dir) => writeCatalogue(dir, TWO),
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
      const t = keep(
        await createTestApp({
          env: { ...BASE_ENV, ...env },
          prepare: (dir) => writeFile(path.join(dir, 'db.json'), saved),
          avifTwins: false,
        }),
      )
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
    const { app: a } = await app({}, TWO)
    await request(a).post('/api/generate-images').expect(200)
    await request(a).post('/api/generate-images').expect(200)
    expect(fake.requests).toHaveLength(2 * RUN)
    const third = await request(a).post('/api/generate-images').expect(429)
    expect(third.body.error).toContain(`${2 * RUN} of ${2 * RUN} images`)
    expect(fake.requests).toHaveLength(2 * RUN)
  })

  it('says when the limit is smaller than one run, and what to change', async () => {
    const { app: a } = await app({ IMAGE_DAILY_LIMIT: String(RUN - 1) }, TWO)
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
    const whole = FEW.length * IMAGE_ANGLES.length
    const { answer: run } = await runUnderWay(a, store)
    // Counted in full while it runs: a crash now would leave the whole run counted.
    expect((await runs(dataFile))[0]!.images).toBe(whole)
    await request(a).post('/api/generate-images/cancel').expect(202)
    expect((await run).body.stoppedEarly).toBe('Stopped by the owner.')
    const counted = (await runs(dataFile))[0]!.images
    expect(counted).toBe(fake.requests.length)
    expect(counted).toBeLessThan(whole)
  })

  it("counts every request sent, the SDK's retries included (each may be paid for)", async () => {
    const seen = new Set<string>()
    // Each image's first request fails (500), and the SDK retries it.
    fake.set({ reply: (req) => (seen.has(req.body.prompt!) ? 'ok' : (seen.add(req.body.prompt!), 'fail')) })
    const { app: a, dataFile } = await app({ OPENAI_MAX_RETRIES: '2' }, TWO)
    const res = await request(a).post('/api/generate-images').expect(200)
    expect(res.body.results).toEqual({ successCount: TWO.length, errorCount: 0, total: TWO.length })
    expect(fake.requests).toHaveLength(2 * RUN)
    expect((await runs(dataFile))[0]!.images).toBe(2 * RUN)
  })

  it('sends no retry past the daily limit: the run stops where the limit is reached', async () => {
    fake.set({ reply: () => 'fail' })
    const { app: a, dataFile } = await app({ OPENAI_MAX_RETRIES: '2', IMAGE_DAILY_LIMIT: String(RUN + 2) }, TWO)
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
    const { app: a } = await app({ IMAGE_DAILY_LIMIT: '100' }, TWO)
    await request(a).post('/api/generate-images').expect(200)
    const page = await request(a).get('/admin').expect(200)
    const text = page.text.replace(/<!-- -->/g, '').replace(/<[^>]+>/g, '')
    expect(text).toContain(`Daily limit: at most 100 images in any 24 hours, whoever asks`)
    expect(text).toContain(`${RUN} used in the last 24 hours, ${100 - RUN} left.`)
  })
})
