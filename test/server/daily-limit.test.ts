/**
 * The daily image limit on a real store in a temp folder, with a clock the test moves: the rolling
 * 24 hours, the count kept in the data file, the time a refused run may start, and a run that cannot
 * be counted is not run.
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { seedProducts } from '../../data/seed/products.ts'
import { openStore, type Store } from '../../data/store.server.ts'
import { mediaDirFor } from '../../server/config/paths.server.ts'
import { createImageGenerator } from '../../server/services/image-generator.server.ts'
import { DAY_MS, DailyImageLimit, DailyLimitError } from '../../server/services/images/daily-limit.server.ts'
import { startFakeOpenAIForSdk, type FakeOpenAI } from '../helpers/fake-openai.ts'
import { makeReadOnly, makeWritable } from '../helpers/read-only.ts'
import { dataOnDisk } from '../helpers/on-disk.ts'

const HOUR = 3600_000
const T0 = Date.parse('2025-01-14T10:00:00.000Z')

let dir: string
let store: Store | undefined
let fake: FakeOpenAI

beforeAll(async () => {
  fake = await startFakeOpenAIForSdk()
})
afterAll(() => fake.close())
afterEach(async () => {
  await makeWritable(dir).catch(() => {})
  await store?.close()
  store = undefined
  await rm(dir, { recursive: true, force: true })
  fake.reset()
})

/** A store of `products` seed products, and a clock at `now.value`. */
async function setup(products = 2, extra: object = {}) {
  dir = await mkdtemp(path.join(os.tmpdir(), 'leather-limit-'))
  const file = path.join(dir, 'db.json')
  await writeFile(file, JSON.stringify({ products: seedProducts.slice(0, products), messages: [], ...extra }, null, 2))
  store = await openStore(file)
  const now = { value: T0 }
  return { file, store, now, clock: () => now.value }
}

const onDisk = async (file: string) => (await dataOnDisk(file)).imageRuns

describe('DailyImageLimit', () => {
  it('counts runs over a rolling 24 hours, in the data file, and lets them go once 24 hours have passed', async () => {
    const { file, store, now, clock } = await setup()
    const limit = new DailyImageLimit(store, 20, clock)
    expect(limit.allowance()).toEqual({ limit: 20, used: 0, left: 20, nextFreedAt: null })

    await limit.reserve('run-1', 8).saved
    now.value += 5 * HOUR
    await limit.reserve('run-2', 8).saved
    expect(await onDisk(file)).toEqual([
      { id: 'run-1', startedAt: '2025-01-14T10:00:00.000Z', images: 8 },
      { id: 'run-2', startedAt: '2025-01-14T15:00:00.000Z', images: 8 },
    ])
    expect(limit.allowance()).toEqual({ limit: 20, used: 16, left: 4, nextFreedAt: '2025-01-15T10:00:00.000Z' })

    // 8 more would make 24: refused until the first run stops counting, at T0 + 24 h.
    now.value = T0 + 20 * HOUR
    const refused = (() => {
      try {
        limit.reserve('run-3', 8)
      } catch (e) {
        return e as DailyLimitError
      }
    })()
    expect(refused).toBeInstanceOf(DailyLimitError)
    expect(refused!.retryAfterSeconds).toBe(4 * 3600)
    expect(refused!.message).toBe(
      'The daily image limit is reached: 16 of 20 images were requested in ' +
        'the last 24 hours, and a run needs 8. It can run again after Wed 15 ' +
        'Jan, 10:00.',
    )
    expect(await onDisk(file)).toHaveLength(2) // nothing counted for a refused run

    now.value = T0 + DAY_MS + 1
    expect(limit.allowance()).toEqual({ limit: 20, used: 8, left: 12, nextFreedAt: '2025-01-15T15:00:00.000Z' })
    const third = limit.reserve('run-3', 8)
    await third.saved
    // Runs that no longer count leave the file; a run that ends early counts what it requested.
    await third.settle(3)
    expect(await onDisk(file)).toEqual([
      { id: 'run-2', startedAt: '2025-01-14T15:00:00.000Z', images: 8 },
      { id: 'run-3', startedAt: '2025-01-15T10:00:00.001Z', images: 3 },
    ])
  })

  it('says when a refused run may start as the owner reads the time: a UK day and time, summer time included', async () => {
    const { store, now, clock } = await setup()
    const limit = new DailyImageLimit(store, 8, clock)
    now.value = Date.parse('2025-07-14T09:00:00.000Z')
    await limit.reserve('summer', 8).saved
    now.value += HOUR
    expect(() => limit.reserve('next', 8)).toThrow(
      'The daily image limit is reached: 8 of 8 images were requested in the last 24 hours, and a run needs 8. ' +
        'It can run again after Tue 15 Jul, 10:00.',
    )
  })

  it('waits for as many old runs as it takes', async () => {
    const { store, now, clock } = await setup()
    const limit = new DailyImageLimit(store, 12, clock)
    for (const id of ['a', 'b', 'c']) {
      await limit.reserve(id, 4).saved
      now.value += HOUR
    }
    // 12 used; 8 needed: the runs of T0 and T0 + 1 h must both stop counting.
    expect(() => limit.reserve('d', 8)).toThrow(DailyLimitError)
    try {
      limit.reserve('d', 8)
    } catch (e) {
      expect((e as DailyLimitError).retryAfterSeconds).toBe((T0 + HOUR + DAY_MS - now.value) / 1000)
    }
  })

  it('defaults to two full runs of the catalogue as it is now', async () => {
    const { store, clock } = await setup(3)
    expect(new DailyImageLimit(store, undefined, clock).limit).toBe(2 * 3 * 4)
    expect(new DailyImageLimit(store, 5, clock).limit).toBe(5)
  })

  it('reads runs kept by an earlier process, and refuses to start on a run it cannot read', async () => {
    const earlier = { imageRuns: [{ id: 'x', startedAt: new Date(Date.now() - HOUR).toISOString(), images: 16 }] }
    const { store } = await setup(2, earlier)
    expect(new DailyImageLimit(store, 20).allowance()).toMatchObject({ used: 16, left: 4 })
    await store.close()

    const broken = path.join(dir, 'broken.json')
    const text = JSON.stringify({
      products: seedProducts.slice(0, 1),
      messages: [],
      imageRuns: [{ id: 'x', startedAt: 'yesterday', images: 4 }],
    })
    await writeFile(broken, text)
    await expect(openStore(broken)).rejects.toThrow(/imageRuns\.0\.startedAt/)
    expect(await readFile(broken, 'utf8')).toBe(text)
  })

  it('does not run at all, and requests nothing, when the run cannot be counted in the data file', async () => {
    const { file, store } = await setup(2)
    const generator = createImageGenerator({
      store,
      mediaDir: mediaDirFor(file),
      model: 'gpt-image-1',
      concurrency: 2,
      timeoutMs: 5000,
      maxRetries: 0,
      dailyLimit: new DailyImageLimit(store, 100),
    })
    await makeReadOnly(dir)
    const { results, stoppedEarly } = await generator.start().result
    expect(results).toEqual({ successCount: 0, errorCount: 2, total: 2 })
    expect(stoppedEarly).toMatch(/^Nothing was generated: the data file cannot be written just now/)
    expect(fake.requests).toHaveLength(0)
    expect(await onDisk(file)).toBeUndefined()
  })
})
