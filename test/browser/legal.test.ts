import { describe, expect, it } from 'vitest'
import { POLICY } from '../../domain/business.ts'
import { openContext, waitForHydration } from '../../support/browser.ts'
import { browserSuiteForFile } from '../helpers/browser-suite.ts'

const { t, browser } = browserSuiteForFile()

/** Each page, and the policy terms a visitor must be able to read on it (numbers from POLICY). */
const LEGAL = [
  {
    path: '/terms',
    title: 'Terms & Conditions',
    terms: [
      `within ${POLICY.dispatchBusinessDays} business days`,
      `within ${POLICY.inspectWithinHours} hours of delivery`,
      `for any reason within ${POLICY.cancellationDays} days`,
      `within ${POLICY.refundWithinDaysOfNotice} days of receiving your notice of cancellation`,
      `send the goods back to us within ${POLICY.returnGoodsWithinDays} days`,
      `within ${POLICY.faultyReportWithinDays} days of delivery`,
      `processed within ${POLICY.refundProcessingBusinessDays} business days`,
      `for ${POLICY.orderRecordsYears} years`,
      'card payment provider',
    ],
  },
  {
    path: '/privacy',
    title: 'Privacy Policy',
    terms: [
      'The controller of your personal data is Ashbourne Leather LTD',
      `kept for ${POLICY.orderRecordsYears} years`,
      'UK GDPR',
      "Information Commissioner's Office",
    ],
  },
  {
    path: '/cookies',
    title: 'Cookies Policy',
    terms: [
      'Our website sets one cookie, and only when you need it.',
      'no tracking or advertising cookies',
      'Strictly necessary: contact-form',
      'sets its own cookies',
    ],
  },
  {
    path: '/returns',
    title: 'Returns Policy',
    terms: [
      `Cancel within ${POLICY.cancellationDays} days of delivery`,
      `Return goods within ${POLICY.returnGoodsWithinDays} days of cancelling`,
      `Within ${POLICY.refundWithinDaysOfNotice} days of your notice`,
      `${POLICY.refundProcessingBusinessDays} business days to your card`,
      `Report within ${POLICY.faultyReportWithinDays} days for a full refund`,
      `within ${POLICY.inspectWithinHours} hours of delivery`,
    ],
  },
] as const

describe('the legal pages in the browser', () => {
  for (const legal of LEGAL) {
    it(`${legal.path}: titled '${legal.title}', last updated January 2025, stating its terms`, async () => {
      const { page, context, blocked, errors } = await openContext(browser, t.url)
      await page.goto(legal.path)
      await waitForHydration(page)
      expect(await page.title()).toBe(`${legal.title} | Ashbourne Leather`)
      const h1 = page.locator('h1')
      expect(await h1.count()).toBe(1)
      expect(await h1.innerText()).toBe(legal.title)
      expect(await page.getByText('Last updated: January 2025', { exact: true }).isVisible()).toBe(true)
      const text = (await page.locator('main').innerText()).replace(/\u2019/g, "'").replace(/\s+/g, ' ')
      for (const term of legal.terms) expect(text, term).toContain(term)
      // The dark banner sits under the transparent header, so its white links stay readable.
      const banner = await page.locator('.page-banner').evaluate((el) => {
        const r = el.getBoundingClientRect()
        return { top: r.top, image: getComputedStyle(el).backgroundImage }
      })
      expect(banner.top).toBe(0)
      expect(banner.image).toContain('linear-gradient')
      expect(blocked).toEqual([])
      expect(errors).toEqual([])
      await context.close()
    })
  }

  it('a contents link scrolls its section below the fixed header', async () => {
    const { page, context } = await openContext(browser, t.url)
    await page.goto('/privacy')
    await waitForHydration(page)
    await page.locator('nav[aria-labelledby="legal-toc-title"]').getByRole('link', { name: 'Your rights' }).click()
    await page.waitForURL(`${t.url}/privacy#your-rights`)
    await expect
      .poll(() =>
        page.evaluate(() => {
          const top = document.getElementById('your-rights')!.getBoundingClientRect().top
          const header = document.querySelector('header.site-header')!.getBoundingClientRect().bottom
          return top >= header - 1 && top <= header + 24
        }),
      )
      .toBe(true)
    await context.close()
  })

  it('the footer links reach each policy page, with its own title', async () => {
    const { page, context } = await openContext(browser, t.url)
    await page.goto('/')
    await waitForHydration(page)
    const footer = page.locator('footer nav[aria-label="Legal"]')
    for (const legal of LEGAL) {
      await footer.getByRole('link', { name: legal.title }).click()
      await page.waitForURL(`${t.url}${legal.path}`)
      await expect.poll(() => page.locator('h1').innerText()).toBe(legal.title)
      await expect.poll(() => page.title()).toBe(`${legal.title} | Ashbourne Leather`)
    }
    await context.close()
  })

  it('reads without JavaScript and has no horizontal scroll on a phone', async () => {
    const { page, context } = await openContext(browser, t.url, { viewport: 'phone', javaScriptEnabled: false })
    for (const legal of LEGAL) {
      await page.goto(legal.path)
      expect(await page.locator('h1').innerText()).toBe(legal.title)
      const { scrollWidth, innerWidth, widest } = await page.evaluate(() => ({
        scrollWidth: document.documentElement.scrollWidth,
        innerWidth: window.innerWidth,
        widest: Math.max(...[...document.querySelectorAll('main *')].map((el) => el.getBoundingClientRect().right)),
      }))
      expect(scrollWidth, legal.path).toBeLessThanOrEqual(innerWidth)
      expect(widest, legal.path).toBeLessThanOrEqual(innerWidth + 1)
    }
    await context.close()
  })
})
