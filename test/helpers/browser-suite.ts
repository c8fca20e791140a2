import type { Browser } from 'playwright-core'
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest'
import { workerBrowser } from './shared-browser.ts'
import { startFakeOpenAIForSdk, type FakeOpenAI } from './fake-openai.ts'
import { startedLater, startTestServer, type TestServer } from './server.ts'

/** What a browser test file shares: one listening test server and one Chromium. */
export async function startBrowserSuite(
  options: Parameters<typeof startTestServer>[0] = {},
): Promise<{ t: TestServer; browser: Browser }> {
  const t = await startTestServer(options)
  return { t, browser: await workerBrowser() }
}

/** Stops the server; the browser is the worker's, kept for its next file. */
export async function stopBrowserSuite({ t }: { t?: TestServer; browser?: Browser }): Promise<void> {
  await t?.close()
}

/** One listening test server and one Chromium for the whole file, for tests that leave the shop as they found it. */
export function browserSuiteForFile(options: Parameters<typeof startTestServer>[0] = {}): {
  t: TestServer
  browser: Browser
} {
  let suite: { t: TestServer; browser: Browser } | undefined
  beforeAll(async () => void (suite = await startBrowserSuite(options)))
  afterAll(() => stopBrowserSuite(suite ?? {}))
  return { t: startedLater(() => suite?.t, 'The test server'), browser: startedLater(() => suite?.browser, 'Chromium') }
}

/**
 * For files whose tests change the shop: one Chromium for the file
 * and a fresh server for each test (read `suite.t` inside a test).
 */
export function freshServerEachTest(): { browser: Browser; t: TestServer } {
  const suite = {} as { browser: Browser; t: TestServer }
  beforeAll(async () => void (suite.browser = await workerBrowser()))
  beforeEach(async () => void (suite.t = await startTestServer()))
  afterEach(() => suite.t.close())
  return suite
}

const IMAGE_KEY = 'sk-test-not-a-real-key'

/**
 * A browser suite whose server generates images through the real
 * `openai` SDK against a fake images API on loopback, one at a time.
 * Its pages offer the WebP alone: AVIF twins are tested in photo-formats and largest-paint.
 */
export async function startImageSuite(): Promise<{ fake: FakeOpenAI; t: TestServer; browser: Browser }> {
  const fake = await startFakeOpenAIForSdk(IMAGE_KEY)
  const env = { OPENAI_API_KEY: IMAGE_KEY, OPENAI_TIMEOUT_MS: '10000', OPENAI_MAX_RETRIES: '0', IMAGE_CONCURRENCY: '1' }
  return { fake, ...(await startBrowserSuite({ env, avifTwins: false })) }
}

export async function stopImageSuite({
  fake,
  ...suite
}: {
  fake?: FakeOpenAI
  t?: TestServer
  browser?: Browser
}): Promise<void> {
  await stopBrowserSuite(suite)
  await fake?.close()
}

/** The image suite for the whole file (see startImageSuite). */
export function imageSuiteForFile(): { fake: FakeOpenAI; t: TestServer; browser: Browser } {
  let suite: Awaited<ReturnType<typeof startImageSuite>> | undefined
  beforeAll(async () => void (suite = await startImageSuite()))
  afterAll(() => stopImageSuite(suite ?? {}))
  return {
    fake: startedLater(() => suite?.fake, 'The fake images API'),
    t: startedLater(() => suite?.t, 'The test server'),
    browser: startedLater(() => suite?.browser, 'Chromium'),
  }
}
