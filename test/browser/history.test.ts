/**
 * The history on a 390 px phone, with JavaScript and without: a change of photographs shows both pictures, in UK time.
 */
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openContext } from '../../support/browser.ts'
import { startBrowserSuite, stopBrowserSuite } from '../helpers/browser-suite.ts'
import type { TestServer } from '../helpers/server.ts'

let suite: { t: TestServer; browser: Browser }
beforeAll(async () => void (suite = await startBrowserSuite()))
afterAll(() => stopBrowserSuite(suite ?? {}))

describe('a change of photographs in the history', () => {
  it('shows the old and the new main photograph as pictures, labelled by who made it, at a UK time', async () => {
    const { t } = suite
    const [first, second] = t.store.products
    await t.services.catalogue.setPhotos(first!.id, (list) => [second!.mainImage, ...list])
    for (const javaScriptEnabled of [false, true]) {
      const { page, context } = await openContext(suite.browser, t.url, { viewport: 'phone', javaScriptEnabled })
      await page.goto('/admin/history')
      const entry = page.locator('.history__entry').first()
      for (const [name, src] of [
        ['The main photograph before this change', first!.mainImage],
        ['The main photograph after this change', second!.mainImage],
      ] as const) {
        const img = entry.getByRole('img', { name })
        await img.scrollIntoViewIfNeeded()
        await expect.poll(() => img.evaluate((i: HTMLImageElement) => i.complete && i.naturalWidth > 0)).toBe(true)
        expect(await img.getAttribute('src')).toBe(src)
      }
      const said = await entry.innerText()
      expect(said).toContain('You, in the workspace')
      expect(said).not.toContain(second!.mainImage)
      expect(said).not.toContain('UTC')
      const box = await entry.boundingBox()
      expect(box!.x + box!.width).toBeLessThanOrEqual(390)
      await context.close()
    }
  })
})
