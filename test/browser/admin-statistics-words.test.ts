/**
 * The Visits page in the owner's words, on a 390 px phone, with JavaScript and without, read as first
 * painted: campaign, source and medium rather than tag names, pages by name, UK dates, a chart with a
 * scale and day labels that fit the screen, and a sentence for every column.
 */
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { ukDay } from '../../domain/uk-time.ts'
import { ukDay as ukDate } from '../../server/services/statistics/statistics.server.ts'
import { freshServerEachTest } from '../helpers/browser-suite.ts'
import { screenshot } from '../helpers/screenshots.ts'
import { openOnAndroid, visitFromInstagram } from '../helpers/statistics.ts'

const suite = freshServerEachTest()
const VISITED = [
  '/',
  '/products/tote-bag',
  '/products?category=bags',
  '/terms',
  '/?utm_source=newsletter&utm_medium=email&utm_campaign=winter-boots',
]
const ISO_DATE = /\b\d{4}-\d{2}-\d{2}\b/

/** The boxes of the elements matched, as painted. */
const boxes = (page: Page, selector: string) =>
  page.locator(selector).evaluateAll((all) =>
    all
      .map((e) => e.getBoundingClientRect())
      .filter((r) => r.width > 0)
      .map((r) => ({ left: r.left, right: r.right, top: r.top, bottom: r.bottom })),
  )

/** Labels side by side that neither overlap nor leave the screen. */
async function expectReadableInARow(page: Page, selector: string): Promise<number> {
  const found = await boxes(page, selector)
  found.sort((a, b) => a.left - b.left)
  for (const [i, box] of found.entries()) {
    expect(box.left, selector).toBeGreaterThanOrEqual(0)
    expect(box.right, selector).toBeLessThanOrEqual(390)
    if (i > 0) expect(box.left, `${selector} ${i}`).toBeGreaterThanOrEqual(found[i - 1]!.right)
  }
  return found.length
}

describe('the Visits page in the owner’s words, on a phone', () => {
  it.each([true, false])(
    'names campaigns, sources, media and pages in words, writes UK dates, labels the chart and explains every column, with JavaScript %s',
    async (javaScriptEnabled) => {
      await visitFromInstagram(suite.t.url, VISITED)
      const { page, context, errors } = await openOnAndroid(suite.browser, suite.t.url, javaScriptEnabled)
      await page.goto('/admin/statistics')
      const headings = await page.getByRole('columnheader').allInnerTexts()
      expect(headings).toEqual(expect.arrayContaining(['Campaign', 'Source', 'Medium', 'Page', 'Site', 'Share']))
      expect(headings.join(' ')).not.toMatch(/utm_/)
      expect(await page.getByRole('heading').allInnerTexts()).not.toContainEqual(expect.stringMatching(/utm_/))

      const campaigns = page.getByRole('table').filter({ has: page.getByRole('columnheader', { name: 'Campaign' }) })
      expect(await campaigns.getByRole('row', { name: /winter-boots/ }).innerText()).toMatch(/winter-boots\s+1/)
      const pages = page.getByRole('table').filter({ has: page.getByRole('columnheader', { name: 'Page' }) })
      const pageNames = await pages.locator('tbody th').allInnerTexts()
      expect(pageNames.sort()).toEqual(['Catalogue: Bags', 'Home', 'Terms and conditions'])
      expect(await pages.getByRole('row', { name: /Home/ }).innerText()).toMatch(/Home\s+2/)

      // Every column says what it counts: the products' in a note per column, each list in a sentence.
      const products = page.getByRole('table').filter({ has: page.getByRole('columnheader', { name: 'Share' }) })
      for (const column of ['Views', 'Orders sent to payment', 'Share']) {
        const note = page.locator('.visits-notes div').filter({ hasText: new RegExp(`^${column}:`) })
        expect((await note.innerText()).length, column).toBeGreaterThan(column.length + 20)
      }
      expect(await page.locator('.visits-notes').innerText()).toMatch(
        /Share: orders sent to payment for every 100 views/,
      )
      for (const table of await page.locator('table.visits-table').all()) {
        const described = await table.getAttribute('aria-describedby')
        expect(described).toBeTruthy()
        expect((await page.locator(`[id="${described}"]`).innerText()).length).toBeGreaterThan(30)
      }
      expect(await products.getByRole('row', { name: /Market Tote/ }).innerText()).toMatch(
        /Market Tote\s+1\s+0\s+0\.0%/,
      )

      // Dates as the owner reads them, in the chart, its caption and the day-by-day table alike.
      const today = ukDay(ukDate(Date.now()))
      const [weekday, day, month] = today.split(' ')
      const shown = await page.locator('main').innerText()
      expect(shown).not.toMatch(ISO_DATE)
      expect(await page.locator('.visits-chart figcaption').innerText()).toContain(`to ${today};`)
      const dayRows = await page.locator('.visually-hidden table tbody th').allTextContents()
      expect(dayRows.at(-1)).toBe(today)
      expect(dayRows.join(' ')).not.toMatch(ISO_DATE)
      const dayLabels = await page.locator('.visits-chart__days li').allInnerTexts()
      expect(dayLabels).toHaveLength(7)
      expect(dayLabels.at(-1)!.split('\n')).toEqual([weekday, `${day} ${month}`])
      const values = await page.locator('.visits-chart__values li').allInnerTexts()
      expect(values[0]).toBe('0')
      expect(Number(values.at(-1))).toBeGreaterThanOrEqual(2)
      // Readable: 12 px text at least, labels that fit the phone's width without overlapping.
      for (const label of ['.visits-chart__days li', '.visits-chart__values li']) {
        const size = await page
          .locator(label)
          .first()
          .evaluate((e) => parseFloat(getComputedStyle(e).fontSize))
        expect(size).toBeGreaterThanOrEqual(12)
      }
      expect(await expectReadableInARow(page, '.visits-chart__days li')).toBe(7)
      await screenshot(page, `visits-words-390-js-${javaScriptEnabled}`)

      for (const range of [30, 365]) {
        await page.getByRole('link', { name: `Last ${range} days` }).click()
        await page.waitForURL(new RegExp(`days=${range}$`))
        expect(await page.locator('main').innerText()).not.toMatch(ISO_DATE)
        const labels = await expectReadableInARow(page, '.visits-chart__days li')
        expect(labels).toBeGreaterThanOrEqual(range === 30 ? 4 : 6)
        expect(await page.locator('.visually-hidden table tbody th').last().textContent()).toBe(today)
        await screenshot(page, `visits-words-390-${range}-js-${javaScriptEnabled}`)
      }
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
      expect(errors).toEqual([])
      await context.close()
    },
  )
})
