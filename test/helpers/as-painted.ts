import type { Page } from 'playwright-core'
import { expect } from 'vitest'
import { holdScripts, waitForHydration } from '../../support/browser.ts'

/**
 * What `read` finds on `path` at first paint (with JavaScript, its scripts held back) and, with
 * JavaScript, again once hydrated: both must agree, so a page never says one thing and then another.
 */
export async function asPainted<T>(
  page: Page,
  path: string,
  javaScriptEnabled: boolean,
  read: () => Promise<T>,
): Promise<T> {
  const release = javaScriptEnabled ? await holdScripts(page) : null
  await page.goto(path, { waitUntil: 'domcontentloaded' })
  const painted = await read()
  if (release) {
    release()
    await waitForHydration(page)
    expect(await read()).toEqual(painted)
  }
  return painted
}
