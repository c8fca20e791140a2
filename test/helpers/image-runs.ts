/**
 * What the tests of POST /api/generate-images share: a fake images API on loopback for the whole file
 * (the real `openai` SDK is pointed at it), and a test app per test on a few products of the catalogue,
 * closed after it with the fake's options and records put back.
 */
import { readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import request from 'supertest'
import { afterAll, afterEach, beforeAll, expect } from 'vitest'
import { seedProducts } from '../../data/seed/products.ts'
import { startFakeOpenAIForSdk, type FakeOpenAI } from './fake-openai.ts'
import { createTestApp, startedLater, startTestServer, type TestServer } from './server.ts'

export const KEY = 'sk-test-not-a-real-key'
export const BASE_ENV = {
  OPENAI_API_KEY: KEY,
  OPENAI_TIMEOUT_MS: '5000',
  OPENAI_MAX_RETRIES: '0',
  IMAGE_CONCURRENCY: '3',
}

// Four products, two of them named by the failure tests: enough for a run to be stopped part-way.
export const FEW = ['oxford-brogue', 'chelsea-boot', 'penny-loafer', 'braided-belt']
/** Two of them: a whole run (8 images) for the tests whose question is not how much a run makes. */
export const TWO = FEW.slice(0, 2)

export type StoredProduct = {
  id: string
  name: string
  mainImage: string
  images?: { angle: string; src: string; original: string }[]
}

/** Writes a data file holding only these seed products, before the store opens it. */
export async function writeCatalogue(dir: string, ids: string[]) {
  const products = seedProducts.filter((p) => ids.includes(p.id))
  if (products.length !== ids.length) throw new Error(`Unknown seed product in ${ids.join(', ')}`)
  await writeFile(path.join(dir, 'db.json'), JSON.stringify({ products, messages: [] }, null, 2))
}

/** The data file as on disk: its text, and its products parsed. */
export async function readDataFile(file: string): Promise<{ text: string; products: StoredProduct[] }> {
  const text = await readFile(file, 'utf8')
  return { text, products: JSON.parse(text).products }
}

/**
 * The fake images API for the file, and the test's app. No test of these files checks the AVIF twins
 * (photo-formats does), so the apps leave them unmade.
 */
export function imageRunsForFile(): {
  fake: FakeOpenAI
  /** A test app with BASE_ENV and `env`; `only` limits the catalogue to those product ids, to keep runs short. */
  app: (env?: Record<string, string>, only?: string[]) => Promise<TestServer>
  /** The same on TWO, listening on a port: for `fetch` and its event streams. */
  server: () => Promise<TestServer>
  /** Closes this app after the test, in place of the last one `app` made. */
  keep: (t: TestServer) => TestServer
} {
  let fake: FakeOpenAI | undefined
  let t: TestServer | undefined
  beforeAll(async () => void (fake = await startFakeOpenAIForSdk(KEY)))
  afterAll(() => fake?.close())
  afterEach(async () => {
    await t?.close()
    t = undefined
    fake?.set({ format: 'b64_json', delayMs: 0, reply: undefined })
    fake?.reset()
  })
  const options = (env: Record<string, string>, only?: string[]) => ({
    env: { ...BASE_ENV, ...env },
    prepare: only ? (dir: string) => writeCatalogue(dir, only) : undefined,
    avifTwins: false,
  })
  return {
    fake: startedLater(() => fake, 'The fake images API'),
    app: async (env = {}, only) => (t = await createTestApp(options(env, only))),
    server: async () => (t = await startTestServer(options({}, TWO))),
    keep: (server) => (t = server),
  }
}

/**
 * Starts a run of `app` and resolves once its first photograph is on a product, with the run's answer
 * still to come (`answer`).
 */
export async function runUnderWay(app: TestServer['app'], store: TestServer['store']) {
  const answer = request(app)
    .post('/api/generate-images')
    .then((r) => r)
  await expect
    .poll(() => store.products.filter((p) => p.mainImage.startsWith('/media/')).length, { timeout: 10_000 })
    .toBeGreaterThan(0)
  return { answer }
}
