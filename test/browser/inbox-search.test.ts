/**
 * The inbox on a phone (390 × 844), with JavaScript and without: the filters leave the first screen to
 * the enquiries, and a search says what it left out (archived enquiries, those kept apart as spam) with
 * a tap to show them.
 */
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { openContext, waitForFonts, waitForHydration } from '../../support/browser.ts'
import { startBrowserSuite, stopBrowserSuite } from '../helpers/browser-suite.ts'
import { newEnquiry } from '../helpers/new-enquiry.ts'
import type { TestServer } from '../helpers/server.ts'

vi.setConfig({ testTimeout: 120_000 })

const PHONE = { width: 390, height: 844 }

let t: TestServer
let browser: Browser
beforeAll(async () => {
  ;({ t, browser } = await startBrowserSuite())
  const say = (n: number, message: string) => t.store.addEnquiry({ ...newEnquiry(n), message })
  await say(1, 'Could you make a bespoke belt?')
  for (const n of [2, 3]) await t.store.setArchived((await say(n, `A bespoke bag, number ${n}.`)).id, true)
  await t.store.addEnquiry({ ...newEnquiry(4), message: 'Bespoke SEO for your shop', likelySpam: 'sales pitch' })
  await say(5, 'Nothing to do with it.')
})
afterAll(() => stopBrowserSuite({ t, browser }))

async function open(javaScriptEnabled: boolean, path: string) {
  const opened = await openContext(browser, t.url, { viewport: 'phone', javaScriptEnabled })
  await opened.page.setViewportSize(PHONE)
  await opened.page.goto(path)
  // Measured in the page's own fonts, which are wider than the fallback ones.
  await (javaScriptEnabled ? waitForHydration(opened.page) : waitForFonts(opened.page))
  return opened
}

const names = (page: Page) => page.locator('.inbox-item__name').allInnerTexts()

describe.each([true, false])('the inbox at 390 px, JavaScript %s', (javaScriptEnabled) => {
  it('keeps its filters to a quarter of the first screen, however many are set', async () => {
    for (const path of ['/admin/enquiries', '/admin/enquiries?q=bespoke&subject=bags&state=answered&unsent=1']) {
      const { page, context } = await open(javaScriptEnabled, path)
      const box = (await page.locator('form.inbox-filters').boundingBox())!
      expect(box.height, path).toBeLessThanOrEqual(PHONE.height / 4)
      // Every filter can still be set from it, each control a finger's size.
      for (const label of ['Search name, e-mail or message', 'Subject', 'State', 'Only those not e-mailed']) {
        const control = page.getByLabel(label, { exact: true })
        expect(await control.isVisible(), label).toBe(true)
      }
      for (const control of await page
        .locator('form.inbox-filters')
        .locator('input:not([type=checkbox]), select, button')
        .all())
        expect((await control.boundingBox())!.height).toBeGreaterThanOrEqual(44)
      await context.close()
    }
  })

  it('a search says how many more match among the archived and the spam, and shows them on a tap', async () => {
    const { page, context } = await open(javaScriptEnabled, '/admin/enquiries')
    await page.getByLabel('Search name, e-mail or message').fill('bespoke')
    await page.getByRole('button', { name: 'Show' }).click()
    await page.waitForURL(/q=bespoke/)
    expect(await names(page)).toEqual(['Ann1 Lee'])
    const summary = page.locator('.inbox__summary')
    expect(await summary.innerText()).toBe(
      'Showing 1–1 of 1, newest first. Also matching: 2 archived enquiries · 1 kept apart as likely spam.',
    )
    await summary.getByRole('link', { name: '2 archived enquiries' }).click()
    await page.waitForURL(/state=archived/)
    expect(await names(page)).toEqual(['Ann3 Lee', 'Ann2 Lee'])
    expect(await page.getByLabel('Search name, e-mail or message').inputValue()).toBe('bespoke')
    await page.goBack()
    await page.locator('.inbox__summary').getByRole('link', { name: '1 kept apart as likely spam' }).click()
    await page.waitForURL(/spam=1/)
    expect(await names(page)).toEqual(['Ann4 Lee'])
    // A search that leaves nothing out says nothing more.
    await page.goto('/admin/enquiries?q=nothing+to+do')
    expect(await page.locator('.inbox__summary').innerText()).toBe('Showing 1–1 of 1, newest first.')
    await context.close()
  })
})
