/**
 * What a product page gives search engines and link previews, as Chromium receives it at 390 px, with
 * and without JavaScript, before anything hydrates: alt text for its social image, raster photographs,
 * a part number and a time in the post; and the icon a tab asks for.
 */
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openContext } from '../../support/browser.ts'
import { startBrowserSuite, stopBrowserSuite } from '../helpers/browser-suite.ts'
import type { TestServer } from '../helpers/server.ts'

let t: TestServer
let browser: Browser
beforeAll(async () => {
  ;({ t, browser } = await startBrowserSuite({ env: { DELIVERY_PRICE: '4.95', DELIVERY_DAYS: '1-3' } }))
})
afterAll(() => stopBrowserSuite({ t, browser }))

describe.each([
  ['on', true],
  ['off', false],
])('a product page at 390 px, JavaScript %s', (_, javaScriptEnabled) => {
  it('carries alt text, raster photographs, an mpn and a transit time in what it first sends', async () => {
    const { page, context } = await openContext(browser, t.url, { viewport: 'phone', javaScriptEnabled })
    try {
      await page.goto('/products/oxford-brogue', { waitUntil: 'domcontentloaded' })
      const meta = (selector: string) => page.locator(selector).getAttribute('content')
      expect(await meta('meta[property="og:image:alt"]')).toBe('Oxford Brogue')
      expect(await meta('meta[name="twitter:image:alt"]')).toBe('Oxford Brogue')
      const blocks = await page.locator('script[type="application/ld+json"]').allTextContents()
      const product = blocks.map((b) => JSON.parse(b) as Record<string, unknown>).find((b) => b['@type'] === 'Product')!
      expect(product.mpn).toBe('FW-OXB-001')
      const images = product.image as string[]
      expect(images.length).toBeGreaterThan(0)
      for (const src of images) {
        expect(src).toMatch(/\.jpg$/)
        const answer = await context.request.get(new URL(new URL(src).pathname, t.url).href)
        expect(answer.headers()['content-type']).toBe('image/jpeg')
      }
      const offers = product.offers as { shippingDetails: { deliveryTime: Record<string, unknown> } }
      expect(offers.shippingDetails.deliveryTime.transitTime).toMatchObject({ minValue: 1, maxValue: 3 })
      const icon = await context.request.get('/favicon.ico')
      expect(icon.status()).toBe(200)
    } finally {
      await context.close()
    }
  })
})
