import { chromium, type Browser } from 'playwright-core'
import { chromiumLaunchOptions } from '../../support/browser.ts'
import { findTestChromium } from '../../support/chromium-path.ts'
import { workerBrowserSlot } from './worker-browser-slot.ts'

/**
 * This test worker's Chromium, launched by its first browser test and kept for the worker's next files.
 * Playwright talks to it in-process; a browser shared by the whole run was reached through a server in
 * Vitest's main process that passed every message on once more (about a tenth of a browser test's CPU).
 * A file closes the contexts it opens and leaves the browser open: any context a file left is closed
 * after it (test/browser-contexts.setup.ts), and the browser when the worker stops (test/worker-environment.ts).
 */
export function workerBrowser(): Promise<Browser> {
  const executable = findTestChromium()
  if (!executable) throw new Error('No Chromium found: run `npm test`, which installs it, or set CHROMIUM_PATH.')
  workerBrowserSlot.__workerBrowser ??= chromium.launch(chromiumLaunchOptions(executable)).then((browser) => {
    // Closed by mistake, or crashed: the next file launches another.
    browser.on('disconnected', () => void (workerBrowserSlot.__workerBrowser = undefined))
    return browser
  })
  return workerBrowserSlot.__workerBrowser
}
