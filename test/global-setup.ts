import { chromium, type BrowserServer } from 'playwright-core'
import type { TestProject } from 'vitest/node'
import { buildIfNeeded } from '../scripts/build-if-needed.ts'
import { chromiumLaunchOptions } from '../support/browser.ts'
import { bundleServer } from '../support/server-bundle.ts'
import { findTestChromium } from '../support/chromium-path.ts'

declare module 'vitest' {
  export interface ProvidedContext {
    /** Where the run's one Chromium listens; empty when this machine has none. */
    chromiumEndpoint: string
  }
}

// HTTP and browser tests serve the production build: make sure it is current, once per run.
// One Chromium serves every browser test file of the run: each file connects to it.
// The tests that start the real server as a child start one bundle of it, made here.
export default async function setup(project: TestProject) {
  buildIfNeeded((msg) => console.log(msg))
  process.env.SERVER_BUNDLE = await bundleServer()
  let server: BrowserServer | undefined
  const executable = findTestChromium()
  if (executable) server = await chromium.launchServer(chromiumLaunchOptions(executable))
  project.provide('chromiumEndpoint', server?.wsEndpoint() ?? '')
  return () => server?.close()
}
