/**
 * The owner's words on a 390 px phone, with JavaScript and without, read as the page first paints: the
 * history names each field as the product form does and shows its values as the form does (never
 * `paymentLink` or `made-to-order`), and the time new photographs were made is a UK time, never UTC.
 */
import { writeFile } from 'node:fs/promises'
import path from 'node:path'
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { PhotoOffer } from '../../domain/photo-offers.ts'
import { offersFileFor } from '../../server/services/photo-offers.server.ts'
import { openContext } from '../../support/browser.ts'
import { startBrowserSuite, stopBrowserSuite } from '../helpers/browser-suite.ts'
import type { TestServer } from '../helpers/server.ts'

const OFFER: PhotoOffer = {
  id: 'offer-1',
  at: '2026-07-14T09:30:00.000Z', // 10:30 in London (summer time)
  photos: [{ angle: '45-degree', src: '/images/seed/oxford-brogue.svg' }],
}

let suite: { t: TestServer; browser: Browser }
beforeAll(
  async () =>
    void (suite = await startBrowserSuite({
      prepare: (dir) =>
        writeFile(offersFileFor(path.join(dir, 'db.json')), JSON.stringify({ 'oxford-brogue': [OFFER] })),
    })),
)
afterAll(() => stopBrowserSuite(suite ?? {}))

const phone = (javaScriptEnabled: boolean) =>
  openContext(suite.browser, suite.t.url, { viewport: 'phone', javaScriptEnabled })

describe('the history, in the product form’s words', () => {
  it('names each changed field by its label on the form and shows its value as the form does', async () => {
    const { t } = suite
    const before = t.store.products.find((p) => p.id === 'oxford-brogue')!
    const after = {
      ...before,
      price: '£375.50',
      category: 'belts' as const,
      availability: 'made-to-order' as const,
      leadTime: '3 weeks',
      paymentLink: 'https://buy.stripe.com/new_link',
      status: 'draft' as const,
    }
    await t.services.catalogue.history.record([{ who: 'owner', action: 'edit', productId: before.id, before, after }])
    for (const javaScriptEnabled of [false, true]) {
      const { page, context } = await phone(javaScriptEnabled)
      // The form's own label for the payment link, as the owner reads it there.
      await page.goto('/admin/products/oxford-brogue')
      const label = (await page.locator('label[for="product-paymentLink"]').innerText()).trim()
      expect(label).toBe('Card payment page')

      await page.goto('/admin/history', { waitUntil: 'domcontentloaded' })
      const said = await page.locator('.history__entry').first().innerText()
      expect(said).toMatch(/Price\s+£185\.00 → £375\.50/)
      expect(said).toMatch(/Category\s+Footwear → Belts/)
      expect(said).toMatch(/Availability\s+In stock → Made to order/)
      expect(said).toMatch(/Time to make\s+3 weeks/)
      expect(said).toMatch(new RegExp(`${label}\\s+${before.paymentLink} → https://buy\\.stripe\\.com/new_link`))
      expect(said).toMatch(/On the shop\s+Published → Draft/)
      for (const raw of ['paymentLink', 'leadTime', 'made-to-order', 'footwear', 'belts', 'status', 'draft'])
        expect(said, raw).not.toContain(raw)
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
      await context.close()
    }
  })
})

describe('new photographs waiting for a choice', () => {
  it('say when they were made in UK time, never UTC', async () => {
    for (const javaScriptEnabled of [false, true]) {
      const { page, context } = await phone(javaScriptEnabled)
      await page.goto('/admin/products/oxford-brogue', { waitUntil: 'domcontentloaded' })
      const offer = await page.locator('.new-photos__offer').first().innerText()
      expect(offer).toMatch(/^Made Tue 14 Jul(?: 2026)?, 10:30: not on the site until you choose\./)
      expect(offer).not.toContain('UTC')
      await context.close()
    }
  })
})
