/**
 * The shop as the security tests attack it: an owner's password, image generation pointed at a fake
 * images API on loopback (so a forged request that got through would show up as spending), and a
 * one-product catalogue.
 */
import { writeFile } from 'node:fs/promises'
import path from 'node:path'
import { afterAll, afterEach, beforeAll, expect, vi } from 'vitest'
import { seedProducts } from '../../data/seed/products.ts'
import { ROOT } from '../../server/config/paths.server.ts'
import { basicAuth } from './basic-auth.ts'
import { startFakeOpenAI, type FakeOpenAI } from './fake-openai.ts'
import { createTestApp, startedLater, type TestServer } from './server.ts'

export const SITE = 'https://www.example.co.uk'
export const PASSWORD = 'correct horse battery'
export const OWNER = basicAuth(PASSWORD)

export const ENQUIRY = {
  firstName: 'Jane',
  lastName: 'Smith',
  email: 'jane@example.com',
  subject: 'general',
  message: 'A question about the briefcase.',
}
/** The same enquiry as the contact form posts it without JavaScript. */
export const ENQUIRY_FORM = new URLSearchParams(ENQUIRY).toString()

/** No answer may show how the server is built: no stack frames, no file paths. */
export function expectNothingLeaked(body: string) {
  expect(body).not.toContain(ROOT)
  expect(body).not.toMatch(/\bat [\w.<>]+ \(|node_modules|\.tsx?:\d+|file:\/\/|\/tmp\//)
}

/** The fake images API for the whole file; the SDK reads where it is from the environment, as in production. */
function fakeImagesForFile(): FakeOpenAI {
  let fake: FakeOpenAI | undefined
  beforeAll(async () => {
    fake = await startFakeOpenAI()
    vi.stubEnv('OPENAI_BASE_URL', fake.baseURL)
    vi.stubEnv('OPENAI_API_KEY', 'sk-test-not-a-real-key')
  })
  afterAll(async () => {
    vi.unstubAllEnvs()
    await fake?.close()
  })
  return startedLater(() => fake, 'The fake images API')
}

/** The site with image generation set up, the owner's password, and a one-product catalogue (short runs). */
function guardedShop(env: Record<string, string> = {}): Promise<TestServer> {
  return createTestApp({
    env: {
      SITE_URL: SITE,
      OPENAI_API_KEY: 'sk-test-not-a-real-key',
      OPENAI_MAX_RETRIES: '0',
      ADMIN_PASSWORD: PASSWORD,
      CONTACT_RATE_LIMIT: '0',
      ...env,
    },
    prepare: (dir) =>
      writeFile(
        path.join(dir, 'db.json'),
        JSON.stringify({ products: seedProducts.slice(0, 1), messages: [] }, null, 2),
      ),
  })
}

/**
 * For a file of these tests: the fake images API, and the one shop a test starts, closed after it (with
 * the fake's records forgotten).
 */
export function guardedShopsForFile(): {
  fake: FakeOpenAI
  /** The guarded shop (see guardedShop), closed after the test. */
  shop: (env?: Record<string, string>) => Promise<TestServer>
  /** Closes this server after the test, in place of the last one started. */
  keep: <T extends TestServer>(server: T) => T
  /** Closes the current one now (a test that starts a second). */
  closeNow: () => Promise<void>
} {
  const fake = fakeImagesForFile()
  let t: TestServer | undefined
  const closeNow = async () => {
    await t?.close()
    t = undefined
  }
  afterEach(async () => {
    await closeNow()
    fake.reset()
  })
  return {
    fake,
    shop: async (env = {}) => (t = await guardedShop(env)),
    keep: (server) => (t = server),
    closeNow,
  }
}
