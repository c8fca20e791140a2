import type { Page } from 'playwright-core'
import { expect } from 'vitest'

/** Where a page that loads puts the focus: on the message, so a screen reader reads it (within the deadline). */
export async function expectFocused(page: Page, text: string): Promise<void> {
  const focused = () =>
    page.evaluate(() => {
      const at = document.activeElement
      return at && at !== document.body ? (at.textContent ?? '') : 'nothing focused'
    })
  await expect.poll(focused).toContain(text)
}
