/**
 * The owner's statistics page on a 390 px phone, with JavaScript and without (the owner on the server
 * machine, no password set): the ranges are links, the chart is drawn in the page, the figures are
 * in tables, nothing is wider than the screen, and axe finds nothing.
 */
import { describe, expect, it } from 'vitest'
import { violations } from '../helpers/axe.ts'
import { freshServerEachTest } from '../helpers/browser-suite.ts'
import { openOnAndroid, visitFromInstagram } from '../helpers/statistics.ts'

const suite = freshServerEachTest()

describe('the owner’s statistics page on a phone', () => {
  it.each([true, false])(
    'shows the figures, and its ranges work, with JavaScript %s; axe clean',
    async (javaScriptEnabled) => {
      await visitFromInstagram(suite.t.url, ['/products/tote-bag', '/products/tote-bag', '/?utm_campaign=winter-boots'])
      const { page, context, errors } = await openOnAndroid(suite.browser, suite.t.url, javaScriptEnabled)
      await page.goto('/admin')
      await page.getByRole('navigation', { name: 'Workspace' }).getByRole('link', { name: 'Visits' }).click()
      await page.waitForURL(/\/admin\/statistics$/)
      expect(await page.getByRole('link', { name: 'Last 7 days' }).getAttribute('aria-current')).toBe('page')
      expect(await page.locator('.visits-chart svg polyline').count()).toBe(2)
      const products = page.getByRole('table').filter({ has: page.getByRole('columnheader', { name: 'Share' }) })
      expect(await products.getByRole('row', { name: /Market Tote/ }).innerText()).toMatch(
        /Market Tote\s+2\s+0\s+0\.0%/,
      )
      expect(await page.getByRole('row', { name: /instagram\.com/ }).innerText()).toMatch(/instagram\.com\s+3/)
      await page.getByRole('link', { name: 'Last 365 days' }).click()
      await page.waitForURL(/days=365$/)
      expect(await page.getByRole('link', { name: 'Last 365 days' }).getAttribute('aria-current')).toBe('page')
      expect(await page.locator('.visually-hidden table tbody tr').count()).toBe(365)
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
      for (const name of ['Last 7 days', 'Last 30 days', 'Last 365 days', 'Download the daily figures (CSV)']) {
        expect((await page.getByRole('link', { name }).boundingBox())!.height, name).toBeGreaterThanOrEqual(44)
      }
      // axe runs as a script, so with scripts off it cannot: the page is the same HTML either way.
      if (javaScriptEnabled) {
        // On the 30 days' page: the same parts as the year's, with fewer rows to check on a loaded machine.
        await page.getByRole('link', { name: 'Last 30 days' }).click()
        await page.waitForURL(/days=30$/)
        expect(await violations(page)).toEqual([])
      }
      expect(errors).toEqual([])
      await context.close()
    },
  )
})
