import type { Browser } from 'playwright-core'

/**
 * Where a test worker keeps its Chromium (test/helpers/shared-browser.ts): on `globalThis`, which the
 * test files and the worker's environment (test/worker-environment.ts, loaded apart) both see. Reading it
 * loads no Playwright, so the files that start no browser pay nothing for it.
 */
export const workerBrowserSlot = globalThis as { __workerBrowser?: Promise<Browser> }

/** The worker's Chromium if one was launched and is running (none is launched for this). */
export const launchedWorkerBrowser = (): Promise<Browser | undefined> =>
  workerBrowserSlot.__workerBrowser?.catch(() => undefined) ?? Promise.resolve(undefined)
