import { afterAll } from 'vitest'
import { launchedWorkerBrowser } from './helpers/worker-browser-slot.ts'

// The worker's Chromium outlives each file: whatever a file left open is closed before the next one.
afterAll(async () => {
  const browser = await launchedWorkerBrowser()
  await Promise.all(browser?.contexts().map((context) => context.close()) ?? [])
})
