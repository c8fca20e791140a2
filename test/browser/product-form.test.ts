/**
 * The product form on a 390 px phone, with the page's script and without it: a price and a payment
 * link typed as people type them, mistakes listed at the top with focus on them, and Save in reach.
 * Every step is a form that posts, so nothing here waits for hydration.
 */
import { readFile } from 'node:fs/promises'
import type { Page } from 'playwright-core'
import { describe, expect, it, vi } from 'vitest'
import { openContext, waitForHydration } from '../../support/browser.ts'
import { freshServerEachTest } from '../helpers/browser-suite.ts'

vi.setConfig({ testTimeout: 120_000 })

const suite = freshServerEachTest()
const PHONE = { width: 390, height: 844 }
const WITHIN = { timeout: 10_000, interval: 50 }

const onDisk = async (id: string) => {
  const data = JSON.parse(await readFile(suite.t.dataFile, 'utf8')) as {
    products: { id: string; price: string; paymentLink: string }[]
  }
  return data.products.find((p) => p.id === id)!
}
const focusedId = (page: Page) => page.evaluate(() => document.activeElement?.id ?? '')
const save = (page: Page) => page.getByRole('button', { name: 'Save', exact: true }).click()

/** Once any smooth scroll has settled: the field is on screen and clear of the Save bar. */
async function expectInSightAboveSave(page: Page, selector: string) {
  await vi.waitFor(async () => {
    const field = (await page.locator(selector).boundingBox())!
    const bar = (await page.locator('.product-form__actions').boundingBox())!
    expect(field.y, `${selector} is on screen`).toBeGreaterThanOrEqual(0)
    expect(field.y + field.height, `${selector} is not under the Save bar`).toBeLessThanOrEqual(bar.y)
  }, WITHIN)
}

async function openPhone(javaScriptEnabled: boolean, address: string) {
  const opened = await openContext(suite.browser, suite.t.url, { javaScriptEnabled })
  await opened.page.setViewportSize(PHONE)
  await opened.page.goto(address)
  return opened
}

describe.each([
  { js: 'on', javaScriptEnabled: true },
  { js: 'off', javaScriptEnabled: false },
])('the product form on a phone, JavaScript $js', ({ javaScriptEnabled }) => {
  it('saves a price and a payment link typed as people type them, as the shop shows them', async () => {
    const { page, context } = await openPhone(javaScriptEnabled, '/admin/products/chelsea-boot')
    try {
      const price = page.getByLabel('Price', { exact: true })
      expect(await price.getAttribute('inputmode')).toBe('decimal')
      await price.fill('375')
      await save(page)
      await page.getByRole('status').filter({ hasText: 'Saved' }).waitFor()
      expect((await onDisk('chelsea-boot')).price).toBe('£375.00')
      expect(await price.inputValue()).toBe('£375.00')

      await price.fill('£375.5')
      await page.getByLabel('Card payment page', { exact: true }).fill('buy.stripe.com/ash_chelsea')
      await save(page)
      await vi.waitFor(async () => expect((await onDisk('chelsea-boot')).price).toBe('£375.50'), WITHIN)
      expect((await onDisk('chelsea-boot')).paymentLink).toBe('https://buy.stripe.com/ash_chelsea')
      await page.getByRole('status').filter({ hasText: 'Saved' }).waitFor()
      // The first Save's "Saved" is still shown: wait for the page that answers the second.
      await expect.poll(() => price.inputValue(), WITHIN).toBe('£375.50')
      expect(await page.getByLabel('Card payment page', { exact: true }).inputValue()).toBe(
        'https://buy.stripe.com/ash_chelsea',
      )
    } finally {
      await context.close()
    }
  })

  it(
    'comes back with its mistakes listed at the top, focused, each a link ' +
      'to its field, with everything typed kept',
    async () => {
      const before = await readFile(suite.t.dataFile, 'utf8')
      const { page, context } = await openPhone(javaScriptEnabled, '/admin/products/penny-loafer')
      try {
        await page.getByLabel('Name', { exact: true }).fill('Penny Loafer, Tan')
        await page.getByLabel('Price', { exact: true }).fill('lots')
        await page.getByLabel('Card payment page', { exact: true }).fill('buy stripe.com/loafer')
        await save(page)
        const summary = page.locator('#error-summary')
        await summary.waitFor()
        await vi.waitFor(
          async () => expect(await focusedId(page), 'the summary has focus').toBe('error-summary'),
          WITHIN,
        )
        const box = (await summary.boundingBox())!
        expect(box.y, 'on the first screen').toBeGreaterThanOrEqual(0)
        expect(box.y + box.height).toBeLessThanOrEqual(PHONE.height)
        expect(box.y, 'above the fields').toBeLessThan(
          (await page.getByLabel('Name', { exact: true }).boundingBox())!.y,
        )
        expect(await summary.getByRole('heading').innerText()).toBe('There is a problem')
        const links = summary.getByRole('link')
        expect(await links.evaluateAll((as) => as.map((a) => a.getAttribute('href')))).toEqual([
          '#product-price',
          '#product-paymentLink',
        ])
        expect(await links.first().innerText()).toBe(await page.locator('#product-price-error').innerText())

        expect(await page.getByLabel('Name', { exact: true }).inputValue()).toBe('Penny Loafer, Tan')
        expect(await page.getByLabel('Price', { exact: true }).inputValue()).toBe('lots')
        expect(await page.getByLabel('Card payment page', { exact: true }).inputValue()).toBe('buy stripe.com/loafer')
        expect(await readFile(suite.t.dataFile, 'utf8')).toBe(before)

        await links.last().click()
        await vi.waitFor(async () => expect(await focusedId(page)).toBe('product-paymentLink'), WITHIN)
        await expectInSightAboveSave(page, '#product-paymentLink')
      } finally {
        await context.close()
      }
    },
  )

  it('keeps Save on screen from the top of a long form, above the field being typed in', async () => {
    const { page, context } = await openPhone(javaScriptEnabled, '/admin/products/penny-loafer')
    try {
      const button = (await page.getByRole('button', { name: 'Save', exact: true }).boundingBox())!
      expect(button.height).toBeGreaterThanOrEqual(44)
      expect(button.y + button.height, 'Save is on the first screen').toBeLessThanOrEqual(PHONE.height)
      await page.keyboard.press('Tab')
      for (let i = 0; i < 40 && (await focusedId(page)) !== 'product-description'; i++) await page.keyboard.press('Tab')
      expect(await focusedId(page)).toBe('product-description')
      await expectInSightAboveSave(page, '#product-description')
    } finally {
      await context.close()
    }
  })
})

describe('the product form on a phone, with its script', () => {
  // Chromium does not scroll to a field tabbed to that is already on screen, under the bar or not.
  it('brings a field tabbed to out from under the Save bar', async () => {
    const { page, context } = await openPhone(true, '/admin/products/penny-loafer')
    try {
      await waitForHydration(page)
      // The description wholly on screen, its lower part under the bar; the focus on the field before it.
      await page.evaluate(() => {
        const field = document.querySelector('#product-description')!.getBoundingClientRect()
        window.scrollBy({ top: field.bottom - window.innerHeight + 4, behavior: 'instant' })
        document.querySelector<HTMLElement>('#product-sku')!.focus({ preventScroll: true })
      })
      await page.keyboard.press('Tab')
      expect(await focusedId(page)).toBe('product-description')
      await expectInSightAboveSave(page, '#product-description')
    } finally {
      await context.close()
    }
  })
})
