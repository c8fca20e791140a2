/**
 * A duplicated product's web address changed from a 390 px phone, with the page's script and without:
 * the copy's page offers its address as a field until it is first published, the page the Save leads to is
 * the new address, and once published the address is no longer a field. Every step is a form that posts,
 * so nothing waits for hydration.
 */
import { describe, expect, it, vi } from 'vitest'
import { openContext } from '../../support/browser.ts'
import { freshServerEachTest } from '../helpers/browser-suite.ts'
import { dataOnDisk } from '../helpers/on-disk.ts'

vi.setConfig({ testTimeout: 120_000 })

const suite = freshServerEachTest()
const PHONE = { width: 390, height: 844 }
const ADDRESS = 'Web address of the product page'

describe.each([
  { js: 'on', javaScriptEnabled: true },
  { js: 'off', javaScriptEnabled: false },
])("a copy's web address, JavaScript $js", ({ javaScriptEnabled }) => {
  it('is changed with the rest of the form until the copy is published, then fixed', async () => {
    const { t, browser } = suite
    const { page, context, blocked } = await openContext(browser, t.url, { javaScriptEnabled })
    await page.setViewportSize(PHONE)
    try {
      await page.goto('/admin/products/oxford-brogue')
      expect(await page.getByLabel(ADDRESS).count()).toBe(0)
      await page.getByRole('button', { name: 'Duplicate this product' }).click()
      await page.waitForURL(/\/admin\/products\/oxford-brogue-copy\?done=duplicated/)
      const field = page.getByLabel(ADDRESS)
      expect(await field.inputValue()).toBe('oxford-brogue-copy')
      const box = (await field.boundingBox())!
      expect(box.height).toBeGreaterThanOrEqual(44)
      expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width)

      await field.fill('oxford-brogue-black')
      await page.getByLabel('Name', { exact: true }).fill('Oxford Brogue in Black')
      await page.getByRole('button', { name: 'Save' }).click()
      await page.waitForURL(/\/admin\/products\/oxford-brogue-black\?done=saved$/)
      await page.getByRole('status').filter({ hasText: 'Saved. It is a draft' }).waitFor()
      expect(await page.getByLabel(ADDRESS).inputValue()).toBe('oxford-brogue-black')
      const ids = (await dataOnDisk<{ products: { id: string; name: string }[] }>(t.dataFile)).products.map((p) => p.id)
      expect(ids).toContain('oxford-brogue-black')
      expect(ids).not.toContain('oxford-brogue-copy')

      await page.getByRole('button', { name: 'Publish', exact: true }).click()
      await page.getByRole('status').filter({ hasText: 'Published: the product is on the site now.' }).waitFor()
      expect(await page.getByLabel(ADDRESS).count()).toBe(0)
      await page.getByRole('link', { name: 'See it on the site' }).click()
      await page.waitForURL(/\/products\/oxford-brogue-black$/)
      await page.getByRole('heading', { level: 1, name: 'Oxford Brogue in Black' }).waitFor()
      expect(blocked).toEqual([])
    } finally {
      await context.close()
    }
  })
})
