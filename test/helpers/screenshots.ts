import { mkdir } from 'node:fs/promises'
import path from 'node:path'
import type { Locator, Page } from 'playwright-core'

/**
 * A picture of a page (whole) or of one part, for a person to look at, saved as `name`.png in
 * SCREENSHOT_DIR; with none set it is not taken: no assertion reads it, and a whole page's capture
 * costs the browser about what loading it did.
 */
export async function screenshot(target: Page | Locator, name: string): Promise<void> {
  const dir = process.env.SCREENSHOT_DIR
  if (!dir) return
  await mkdir(dir, { recursive: true })
  const file = path.join(dir, `${name}.png`)
  if ('goto' in target) await target.screenshot({ path: file, fullPage: true })
  else await target.screenshot({ path: file })
}

/** Whether screenshots are being taken, for a test that must arrange the page for one. */
export const takingScreenshots = (): boolean => Boolean(process.env.SCREENSHOT_DIR)
