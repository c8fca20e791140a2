import { beforeAll, describe, expect, it } from 'vitest'
import { openContext, waitForHydration, type ViewportName } from '../../support/browser.ts'
import { violations } from '../helpers/axe.ts'
import { browserSuiteForFile } from '../helpers/browser-suite.ts'
import { paidOrder } from '../helpers/orders.ts'
import { smallTargets } from '../helpers/tap-targets.ts'
import { TEST_WEBHOOK_SECRET } from '../../support/stripe-events.ts'

const { t, browser } = browserSuiteForFile({ env: { STRIPE_WEBHOOK_SECRET: TEST_WEBHOOK_SECRET } })
let orderId: string
beforeAll(async () => {
  orderId = await paidOrder(t)
})

const PAGES = [
  '/',
  '/products',
  '/products?category=bags',
  '/products/oxford-brogue',
  '/products/oxford-brogue?order=1',
  '/admin',
  '/admin/products',
  '/admin/products?q=belt',
  '/admin/products/oxford-brogue',
  '/admin/products/new',
  '/admin/history',
  '/admin/snapshots',
  '/admin/enquiries',
  '/admin/orders',
  '/admin/health',
  '/terms',
  '/privacy',
  '/cookies',
  '/returns',
  '/contact',
  '/no-such-page',
]

describe.each(['phone', 'desktop'] as ViewportName[])('axe-core at %s width', (viewport) => {
  it('finds no violations on any page', { timeout: 180_000 }, async () => {
    const { page, context } = await openContext(browser, t.url, { viewport, reducedMotion: 'reduce' })
    const found: string[] = []
    for (const path of [...PAGES, `/admin/orders/${orderId}`, `/admin/orders/${orderId}?confirm=erase`]) {
      await page.goto(path)
      await waitForHydration(page)
      // Scroll through so every entrance animation has run and lazy images are in.
      await page.evaluate(async () => {
        for (let y = 0; y < document.body.scrollHeight; y += 400) {
          window.scrollTo(0, y)
          await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))) // observers have seen it
        }
        window.scrollTo(0, 0)
      })
      await page.locator('header[data-solid="false"]').waitFor()
      found.push(...(await violations(page)).map((v) => `${path} ${v}`))
    }
    expect(found).toEqual([])
    await context.close()
  })

  it(
    'finds none on /admin as someone other than the owner sees it (no ' + 'password set, a request from elsewhere)',
    async () => {
      const { page, context } = await openContext(browser, t.url, { viewport, reducedMotion: 'reduce' })
      await context.setExtraHTTPHeaders({ 'X-Forwarded-For': '203.0.113.9' })
      await page.goto('/admin')
      await waitForHydration(page)
      await page.locator('#owner-only').waitFor()
      expect(await violations(page)).toEqual([])
      await context.close()
    },
  )

  it('finds none with the order dialog open, on the catalogue and on a product page', async () => {
    const { page, context } = await openContext(browser, t.url, { viewport })
    for (const path of ['/products', '/products/oxford-brogue']) {
      await page.goto(path)
      await waitForHydration(page)
      await page.getByRole('button', { name: 'Purchase Now' }).first().click()
      const dialog = page.getByRole('dialog', { name: 'Place Your Order' })
      await dialog.waitFor()
      await dialog.getByRole('button', { name: 'Purchase' }).click() // with its error messages showing
      expect(await violations(page), path).toEqual([])
    }
    await context.close()
  })
})

describe.each(['phone', 'desktop'] as ViewportName[])('tap targets at %s width', (viewport) => {
  it('every link, button and field of every visitor page is a thumb high, at first paint', async () => {
    const { page, context } = await openContext(browser, t.url, { viewport, javaScriptEnabled: false })
    const found: string[] = []
    for (const path of PAGES.filter((p) => !p.startsWith('/admin'))) {
      await page.goto(path)
      found.push(...(await smallTargets(page)).map((line) => `${path} ${line}`))
    }
    expect(found).toEqual([])
    await context.close()
  })
})

describe('keyboard', () => {
  it('finds none with the mobile menu open', async () => {
    const { page, context } = await openContext(browser, t.url, { viewport: 'phone' })
    await page.goto('/')
    await waitForHydration(page)
    await page.getByRole('button', { name: 'Open menu' }).click()
    await page.locator('#mobile-menu').waitFor()
    expect(await violations(page)).toEqual([])
    await context.close()
  })

  it('offers a skip link first, leading to the main content', async () => {
    const { page, context } = await openContext(browser, t.url)
    await page.goto('/products')
    await waitForHydration(page)
    await page.keyboard.press('Tab')
    const first = await page.evaluate(() => ({
      text: document.activeElement?.textContent,
      visible: document.activeElement!.getBoundingClientRect().top >= 0,
    }))
    expect(first).toEqual({ text: 'Skip to main content', visible: true })
    await page.keyboard.press('Enter')
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('main')
    await context.close()
  })

  it('reaches and uses the catalogue by keyboard alone, with focus always visible', async () => {
    const { page, context, blocked } = await openContext(browser, t.url)
    await page.goto('/products')
    await waitForHydration(page)
    const seen = new Set<string>()
    let reachedPurchase = false
    for (let i = 0; i < 40 && !reachedPurchase; i++) {
      await page.keyboard.press('Tab')
      const info = await page.evaluate(() => {
        const el = document.activeElement as HTMLElement
        const style = getComputedStyle(el)
        const ring = style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0
        return { text: el.textContent?.trim() ?? '', ring, tag: el.tagName }
      })
      expect(info.ring, `focus ring on ${info.tag} "${info.text}"`).toBe(true)
      seen.add(info.text)
      if (info.text === 'Purchase Now') reachedPurchase = true
    }
    expect(reachedPurchase).toBe(true)
    await page.keyboard.press('Enter')
    const dialog = page.getByRole('dialog', { name: 'Place Your Order' })
    await dialog.waitFor()
    await page.keyboard.type('Jane')
    await page.keyboard.press('Tab')
    await page.keyboard.type('Smith')
    await page.keyboard.press('Tab')
    await page.keyboard.type('jane@example.com')
    await page.keyboard.press('Tab')
    await page.keyboard.type('01234 567890')
    await page.keyboard.press('Tab')
    await page.keyboard.type('1 Market Place, Ludlow')
    await page.keyboard.press('Tab')
    await page.keyboard.press('ArrowDown') // size 39 (the first product is footwear)
    await page.keyboard.press('Tab') // Cancel
    await page.keyboard.press('Tab') // Purchase
    await page.keyboard.press('Enter')
    await expect.poll(() => blocked.length).toBeGreaterThan(0)
    await dialog.waitFor({ state: 'detached' })
    await context.close()
  })
})
