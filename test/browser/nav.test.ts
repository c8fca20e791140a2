import { describe, expect, it } from 'vitest'
import { COMPANY } from '../../domain/business.ts'
import { openContext, waitForHydration } from '../../support/browser.ts'
import { browserSuiteForFile } from '../helpers/browser-suite.ts'
import { afterTwoFrames } from '../helpers/frames.ts'

const { t, browser } = browserSuiteForFile()

describe('the fixed header', () => {
  it('shows the brand with LTD linking home, the shop, Heritage, Contact and WhatsApp in a new tab', async () => {
    const { page, context } = await openContext(browser, t.url)
    await page.goto('/products')
    await waitForHydration(page)
    const nav = page.locator('nav[aria-label="Main"]')
    const brand = page.locator('header a.brand')
    expect((await brand.textContent())?.replace(/\s+/g, ' ').trim()).toBe(`${COMPANY.brand} LTD`)
    expect(await brand.getAttribute('href')).toBe('/')
    expect(await nav.locator('a[href="/products"]').count()).toBe(1)
    expect(await nav.getByRole('link', { name: 'Heritage' }).getAttribute('href')).toBe('/#about')
    expect(await nav.getByRole('link', { name: 'Contact' }).getAttribute('href')).toBe('/#contact')
    const chat = nav.getByRole('link', { name: /^WhatsApp/ })
    expect(await chat.getAttribute('href')).toMatch(/^https:\/\/wa\.me\/44\d{9,10}$/)
    expect(await chat.getAttribute('target')).toBe('_blank')
    expect(await chat.getAttribute('rel')).toContain('noopener')
    expect(await page.locator('header').evaluate((h) => getComputedStyle(h).position)).toBe('fixed')

    await brand.click()
    await page.waitForURL(`${t.url}/`)
    await context.close()
  })

  it('turns solid once the page is scrolled more than 100 px, and back', async () => {
    const { page, context } = await openContext(browser, t.url)
    await page.goto('/products')
    await waitForHydration(page)
    const header = page.locator('header.site-header')
    const bg = () => header.evaluate((h) => getComputedStyle(h).backgroundColor)
    expect(await header.getAttribute('data-solid')).toBe('false')
    expect(await bg()).toBe('rgba(0, 0, 0, 0)')
    await page.evaluate(() => window.scrollTo(0, 100))
    await afterTwoFrames(page) // the scroll is handled in the next frame
    expect(await header.getAttribute('data-solid')).toBe('false')
    await page.evaluate(() => window.scrollTo(0, 101))
    await page.locator('header[data-solid="true"]').waitFor()
    await expect.poll(bg).not.toBe('rgba(0, 0, 0, 0)')
    await page.evaluate(() => window.scrollTo(0, 0))
    await page.locator('header[data-solid="false"]').waitFor()
    await context.close()
  })

  it(
    'on a phone shows a toggle menu with the same entries, the chat one ' +
      "reading 'WhatsApp Contact', closing after a scroll entry",
    async () => {
      const { page, context } = await openContext(browser, t.url, { viewport: 'phone' })
      await page.goto('/products')
      await waitForHydration(page)
      expect(await page.locator('nav[aria-label="Main"]').isVisible()).toBe(false)
      const toggle = page.getByRole('button', { name: 'Open menu' })
      expect(await toggle.getAttribute('aria-expanded')).toBe('false')
      await toggle.click()
      const menu = page.locator('#mobile-menu')
      await menu.waitFor()
      expect(await page.getByRole('button', { name: 'Close menu' }).getAttribute('aria-expanded')).toBe('true')
      const labels = (await menu.getByRole('link').allTextContents()).map((s) =>
        s.replace(/\(opens in a new tab\)/, '').trim(),
      )
      expect(labels).toEqual(['Shop', 'Heritage', 'Contact', 'WhatsApp Contact'])
      expect(await menu.getByRole('link', { name: /WhatsApp Contact/ }).getAttribute('target')).toBe('_blank')

      await menu.getByRole('link', { name: 'Contact', exact: true }).click()
      await page.waitForURL(`${t.url}/#contact`)
      await menu.waitFor({ state: 'hidden' })
      // The contact section is in view, below the fixed header.
      await expect
        .poll(() =>
          page.evaluate(() => {
            const top = document.getElementById('contact')!.getBoundingClientRect().top
            const header = document.querySelector('header')!.getBoundingClientRect().bottom
            return top >= header - 1 && top < window.innerHeight / 2
          }),
        )
        .toBe(true)

      await page.getByRole('button', { name: 'Open menu' }).click()
      await page.keyboard.press('Escape')
      await menu.waitFor({ state: 'hidden' })
      await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Open menu')
      await context.close()
    },
  )

  it('closes the phone menu when focus tabs past its last entry, so it covers nothing that has focus', async () => {
    const { page, context } = await openContext(browser, t.url, { viewport: 'phone' })
    await page.goto('/products')
    await waitForHydration(page)
    await page.getByRole('button', { name: 'Open menu' }).focus()
    await page.keyboard.press('Enter')
    const menu = page.locator('#mobile-menu')
    await menu.waitFor()
    // Back from the first entry to the toggle keeps it open; on through every entry and out closes it.
    await page.keyboard.press('Tab')
    await page.keyboard.press('Shift+Tab')
    expect(await menu.isVisible()).toBe(true)
    for (let i = 0; i < 5; i++) await page.keyboard.press('Tab')
    await menu.waitFor({ state: 'hidden' })
    expect(await page.evaluate(() => document.activeElement!.closest('header'))).toBeNull()
    await context.close()
  })

  // The header stays transparent up to 100 px of scroll: the words of the page's first section must not
  // run under its own by then (measured as lines of text, not boxes, so a wide heading's empty side counts for nothing).
  it.each(['/', '/products', '/contact'])(
    'keeps the words of %s clear of its own while it is transparent, at 320, 375 and 1280 px',
    async (address) => {
      for (const width of [320, 375, 1280]) {
        const { page, context } = await openContext(browser, t.url, { javaScriptEnabled: false })
        await page.setViewportSize({ width, height: 740 })
        await page.goto(address)
        await page.evaluate(() => window.scrollTo({ top: 100, behavior: 'instant' }))
        const overlaps = await page.evaluate(() => {
          const lines = (root: Element) => {
            const range = document.createRange()
            const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT)
            const found: DOMRect[] = []
            for (let node = walker.nextNode(); node; node = walker.nextNode()) {
              if (!node.textContent?.trim()) continue
              range.selectNodeContents(node)
              found.push(...[...range.getClientRects()].filter((r) => r.width > 0 && r.height > 0))
            }
            return found
          }
          const header = document.querySelector('header.site-header')!
          const own = [
            ...lines(header),
            ...[...header.querySelectorAll('button')].map((b) => b.getBoundingClientRect()),
          ]
          const section = document.querySelector('main > :first-child')!
          const meets = (a: DOMRect, b: DOMRect) =>
            a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom
          return lines(section)
            .filter((line) => own.some((word) => meets(line, word)))
            .map((line) => `${Math.round(line.left)},${Math.round(line.top)}`)
        })
        expect(overlaps, `${address} at ${width} px`).toEqual([])
        await context.close()
      }
    },
  )
})
