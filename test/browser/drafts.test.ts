/**
 * A new product from a 390 px phone, with the page's script and without it: added as a draft the shop
 * does not show, refused by 'Publish' until its photograph is uploaded, then on the shop. Nothing waits
 * for hydration: every step is a form that posts, so it works at first paint too.
 */
import type { Page } from 'playwright-core'
import sharp from 'sharp'
import { describe, expect, it, vi } from 'vitest'
import { openContext } from '../../support/browser.ts'
import { freshServerEachTest } from '../helpers/browser-suite.ts'
import { addNewBeltInBrowser } from '../helpers/product-form.ts'

vi.setConfig({ testTimeout: 120_000 })

const suite = freshServerEachTest()
const PHONE = { width: 390, height: 844 }

const photo = () =>
  sharp({ create: { width: 900, height: 900, channels: 3, background: { r: 120, g: 70, b: 30 } } })
    .jpeg()
    .toBuffer()

/** A button a thumb can hit. */
async function expectTappable(page: Page, name: string) {
  const box = await page.getByRole('button', { name, exact: true }).boundingBox()
  expect(box!.height).toBeGreaterThanOrEqual(44)
  expect(box!.x + box!.width).toBeLessThanOrEqual(PHONE.width)
}

describe.each([
  { js: 'on', javaScriptEnabled: true },
  { js: 'off', javaScriptEnabled: false },
])('a new product from a phone, JavaScript $js', ({ javaScriptEnabled }) => {
  it('is added as a draft, refused until it has a photograph, then published from its page', async () => {
    const { t, browser } = suite
    const { page, context, blocked, errors } = await openContext(browser, t.url, { javaScriptEnabled })
    await page.setViewportSize(PHONE)
    try {
      await page.goto('/admin/products/new')
      expect(await page.getByLabel(/Main photograph/).count()).toBe(0)
      await addNewBeltInBrowser(page)

      await page.waitForURL(/\/admin\/products\/plaited-bridle-belt\?done=added/)
      await page.getByRole('heading', { name: 'Draft Only you see this product' }).waitFor()
      await page
        .getByRole('status')
        .filter({ hasText: 'Added as a draft: upload its photograph below, then publish it.' })
        .waitFor()
      expect(await page.getByRole('link', { name: 'See it on the site' }).count()).toBe(0)
      expect((await page.request.get('/products/plaited-bridle-belt')).status()).toBe(404)

      await expectTappable(page, 'Publish')
      await page.getByRole('button', { name: 'Publish', exact: true }).click()
      await page.getByRole('alert').filter({ hasText: 'It cannot be published yet. It still needs:' }).waitFor()
      expect(await page.getByRole('alert').innerText()).toContain('a photograph: upload one below (Photographs)')

      await page
        .getByLabel('Add a photograph (JPEG, PNG or WebP, from the camera or the gallery)')
        .setInputFiles({ name: 'belt.jpg', mimeType: 'image/jpeg', buffer: await photo() })
      await page.getByRole('button', { name: 'Upload' }).click()
      await page.getByRole('img', { name: 'Plaited Bridle Belt, main photograph' }).waitFor()

      await page.getByRole('button', { name: 'Publish', exact: true }).click()
      await page.getByRole('status').filter({ hasText: 'Published: the product is on the site now.' }).waitFor()
      await expectTappable(page, 'Unpublish')

      await page.getByRole('link', { name: 'See it on the site' }).click()
      await page.getByRole('heading', { level: 1, name: 'Plaited Bridle Belt' }).waitFor()
      const shown = await page.locator('main img').first().getAttribute('src')
      expect(shown).toMatch(/^\/media\/products\/plaited-bridle-belt\//)
      expect(blocked).toEqual([])
      // The refused 'Publish' answers 400 by design; nothing else went wrong.
      expect(errors.filter((e) => !e.includes('status of 400'))).toEqual([])
    } finally {
      await context.close()
    }
  })
})
