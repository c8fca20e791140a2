import { readFile } from 'node:fs/promises'
import type { Page } from 'playwright-core'
import { beforeAll, describe, expect, it } from 'vitest'
import { buildOrderNote } from '../../domain/order.ts'
import { holdScripts, openContext, waitForHydration } from '../../support/browser.ts'
import { browserSuiteForFile } from '../helpers/browser-suite.ts'
import { JANE_ORDERS } from '../helpers/order-form.ts'

const { t, browser } = browserSuiteForFile()

/** Fills the order form in the page and sends it; resolves with the payment page's address asked for. */
async function placeOrder(page: Page, size?: string) {
  const form = page.locator('#order form')
  for (const [label, value] of [
    ['First name', JANE_ORDERS.firstName],
    ['Last name', JANE_ORDERS.lastName],
    ['Email', JANE_ORDERS.email],
    ['Phone', JANE_ORDERS.phone],
    ['Delivery address', JANE_ORDERS.address],
  ] as const) {
    await form.getByLabel(label, { exact: true }).fill(value)
  }
  if (size) await form.getByLabel('Size').selectOption(size)
  const payment = page.waitForRequest((r) => r.isNavigationRequest() && !r.url().startsWith(t.url))
  await form.getByRole('button', { name: 'Purchase', exact: true }).click()
  return new URL((await payment).url())
}

describe('without JavaScript', () => {
  it("'Purchase Now' leads to the product's order form, which hands the order to the payment page", async () => {
    const { page, context } = await openContext(browser, t.url, { javaScriptEnabled: false, viewport: 'phone' })
    await page.goto('/products?category=footwear')
    const card = page.locator('.product-card').first()
    const name = (await card.locator('h2, h3').first().textContent())!.trim()
    await card.getByRole('button', { name: 'Purchase Now' }).click()
    await page.waitForURL(/\/products\/[\w-]+\?order=1#order$/)
    await page.getByRole('heading', { name: 'Place Your Order' }).waitFor()
    const product = t.store.products.find((p) => p.name === name)!

    // Sent empty: the server's messages, beside the fields.
    await page.locator('#order form').getByRole('button', { name: 'Purchase', exact: true }).click()
    await page.getByText('First name is required').waitFor()
    expect(await page.getByText('Please select a size').count()).toBe(1)

    const url = await placeOrder(page, '42')
    expect(url.origin + url.pathname).toBe(new URL(product.paymentLink).origin + new URL(product.paymentLink).pathname)
    expect(url.searchParams.get('note')).toBe(buildOrderNote(product, { ...JANE_ORDERS, size: '42' }))
    await context.close()
  })

  it('the header turns solid past 100 px, and clear again at the top', async () => {
    const { page, context } = await openContext(browser, t.url, { javaScriptEnabled: false })
    await page.goto('/products')
    const bg = () => page.locator('header.site-header').evaluate((h) => getComputedStyle(h).backgroundColor)
    expect(await bg()).toBe('rgba(0, 0, 0, 0)')
    await page.mouse.wheel(0, 400)
    await expect.poll(bg).not.toBe('rgba(0, 0, 0, 0)')
    await page.mouse.wheel(0, -400)
    await expect.poll(bg).toBe('rgba(0, 0, 0, 0)')
    await context.close()
  })

  it('opens and closes the phone menu, and its links work', async () => {
    const { page, context } = await openContext(browser, t.url, { javaScriptEnabled: false, viewport: 'phone' })
    await page.goto('/terms')
    const menu = page.locator('#mobile-menu')
    expect(await menu.isVisible()).toBe(false)
    await page.getByRole('button', { name: 'Open menu' }).click()
    await menu.waitFor({ state: 'visible' })
    await page.keyboard.press('Escape')
    await menu.waitFor({ state: 'hidden' })
    await page.getByRole('button', { name: 'Open menu' }).click()
    await menu.waitFor({ state: 'visible' })
    await menu.getByRole('link', { name: 'Shop' }).click()
    await page.waitForURL(/\/products$/)
    await context.close()
  })
})

describe('at first paint, before the scripts have run', () => {
  it('keeps what a visitor types into the enquiry form before the scripts run, and sends it', async () => {
    const { page, context } = await openContext(browser, t.url, { viewport: 'phone' })
    const release = await holdScripts(page)
    await page.goto('/contact', { waitUntil: 'domcontentloaded' })
    const form = page.locator('form#contact-form')
    await form.getByLabel('First name', { exact: true }).fill('Early')
    await form.getByLabel('Last name', { exact: true }).fill('Typist')
    await form.getByLabel('Email', { exact: true }).fill('early@example.com')
    await form.getByLabel('Subject', { exact: true }).selectOption('bags')
    await form.getByLabel('Message', { exact: true }).click()
    await page.keyboard.type('Typed before the page had its scripts.')
    release()
    await waitForHydration(page)
    // Still there after hydration, and the caret where it was.
    expect(await form.getByLabel('First name', { exact: true }).inputValue()).toBe('Early')
    expect(await form.getByLabel('Message', { exact: true }).inputValue()).toBe(
      'Typed before the page had its scripts.',
    )
    await page.keyboard.type(' And after.')
    await form.getByRole('button', { name: 'Send Message' }).click()
    await page.getByText('Message sent successfully!').waitFor()
    const saved = JSON.parse(await readFile(t.dataFile, 'utf8')).messages as { firstName: string; message: string }[]
    expect(
      saved.some((m) => m.firstName === 'Early' && m.message === 'Typed before the page had its scripts. And after.'),
    ).toBe(true)
    await context.close()
  })

  it("'Purchase Now' tapped before the scripts run still leads to the order form", async () => {
    const { page, context } = await openContext(browser, t.url, { viewport: 'phone' })
    const release = await holdScripts(page)
    await page.goto('/products', { waitUntil: 'domcontentloaded' })
    await page.getByRole('button', { name: 'Purchase Now' }).first().click()
    // The next page's scripts are held too, so it never finishes loading: its HTML is what counts.
    await page.waitForURL(/\/products\/[\w-]+\?order=1#order$/, { waitUntil: 'commit' })
    await page.getByRole('heading', { name: 'Place Your Order' }).waitFor()
    release()
    await context.close()
  })

  it("the 'Belts' filter tapped before the scripts run shows the belts", async () => {
    const { page, context } = await openContext(browser, t.url, { viewport: 'phone' })
    const release = await holdScripts(page)
    await page.goto('/products', { waitUntil: 'domcontentloaded' })
    await page.getByRole('link', { name: /^Belts \(\d+\)$/ }).click()
    await page.waitForURL(/category=belts$/, { waitUntil: 'commit' })
    await page.locator('.product-card').first().waitFor()
    const belts = t.store.products.filter((p) => p.category === 'belts').length
    expect(await page.locator('.product-card').count()).toBe(belts)
    release()
    await context.close()
  })
})

describe('the product gallery', () => {
  beforeAll(async () => {
    await t.store.updateProduct('oxford-brogue', (p) => ({
      ...p,
      images: [
        { angle: 'main', src: '/images/seed/oxford-brogue.svg' },
        { angle: '45-degree', src: '/images/seed/briefcase.svg' },
        { angle: 'side profile', src: '/images/seed/chelsea-boot.svg' },
        { angle: 'detail', src: '/images/seed/dress-belt.svg' },
      ],
    }))
  })

  for (const javaScriptEnabled of [false, true]) {
    it(
      `shows the chosen view by tap and by arrow key, ` + `${javaScriptEnabled ? 'with' : 'without'} JavaScript`,
      async () => {
        const { page, context } = await openContext(browser, t.url, { javaScriptEnabled, viewport: 'phone' })
        await page.goto('/products/oxford-brogue')
        if (javaScriptEnabled) await waitForHydration(page)
        const shown = () =>
          page
            .locator('.gallery__slide')
            .evaluateAll((slides) =>
              slides.map(
                (s) =>
                  getComputedStyle(s).visibility !== 'hidden' &&
                  getComputedStyle(s).display !== 'none' &&
                  getComputedStyle(s).opacity !== '0',
              ),
            )
        expect(await shown()).toEqual([true, false, false, false])
        await page.locator('.gallery__thumb').nth(2).click()
        await expect.poll(shown).toEqual([false, false, true, false])
        await page.getByRole('radio', { name: /side profile/i }).press('ArrowRight')
        await expect.poll(shown).toEqual([false, false, false, true])
        await context.close()
      },
    )
  }
})
