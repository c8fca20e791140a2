import type { Browser } from 'playwright-core'
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest'
import { launchBrowser } from '../../support/browser.ts'
import { startTestServer, type TestServer } from './server.ts'

/** What a browser test file shares: one listening test server and one Chromium. */
export async function startBrowserSuite(options: Parameters<typeof startTestServer>[0] = {}): Promise<{ t: TestServer; browser: Browser }> {
  const t = await startTestServer(options)
  return { t, browser: await launchBrowser() }
}

export async function stopBrowserSuite({ t, browser }: { t?: TestServer; browser?: Browser }): Promise<void> {
  await browser?.close()
  await t?.close()
}

/** For files whose tests change the shop: one Chromium for the file and a fresh server for each test (read `suite.t` inside a test). */
export function freshServerEachTest(): { browser: Browser; t: TestServer } {
  const suite = {} as { browser: Browser; t: TestServer }
  beforeAll(async () => void (suite.browser = await launchBrowser()))
  afterAll(() => suite.browser?.close())
  beforeEach(async () => void (suite.t = await startTestServer()))
  afterEach(() => suite.t.close())
  return suite
}
