import { chromium, type Browser } from 'playwright-core'
import { inject } from 'vitest'

/** The run's one Chromium (started by the global setup), for this file; `close()` only disconnects. */
export function connectBrowser(): Promise<Browser> {
  const endpoint = inject('chromiumEndpoint')
  if (!endpoint) throw new Error('No Chromium found: run `npm test`, which installs it, or set CHROMIUM_PATH.')
  return chromium.connect(endpoint)
}
