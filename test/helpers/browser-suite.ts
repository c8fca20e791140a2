import type { Browser } from 'playwright-core'
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
