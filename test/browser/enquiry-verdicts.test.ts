/**
 * Enquiries settled in one place, in Chromium at a phone's width with and without JavaScript: spam
 * and not spam by hand, the owner's word winning over the rules' guess; a reply that marks the
 * enquiry answered and says so at once; the health panel counting what the inbox counts, and saying so.
 */
import type { Page } from 'playwright-core'
import { describe, expect, it, vi } from 'vitest'
import type { StoredEnquiry } from '../../data/enquiry.server.ts'
import { openContext, VIEWPORTS, waitForHydration } from '../../support/browser.ts'
import { violations } from '../helpers/axe.ts'
import { browserSuiteForFile } from '../helpers/browser-suite.ts'
import { newEnquiry } from '../helpers/new-enquiry.ts'
import { dataOnDisk } from '../helpers/on-disk.ts'
import { screenshot, takingScreenshots } from '../helpers/screenshots.ts'

vi.setConfig({ testTimeout: 120_000 })

const { t, browser } = browserSuiteForFile()

const onDisk = async (id: string) =>
  (await dataOnDisk<{ messages: StoredEnquiry[] }>(t.dataFile)).messages.find((m) => m.id === id)!
/** The page at both widths, for a person to look at. */
async function shots(page: Page, name: string) {
  if (!takingScreenshots()) return
  for (const [width, size] of [
    ['390', VIEWPORTS.phone],
    ['1280', { width: 1280, height: 900 }],
  ] as const) {
    await page.setViewportSize(size)
    await screenshot(page, `${name}-${width}`)
  }
  await page.setViewportSize(VIEWPORTS.phone)
}
const rows = (page: Page) => page.locator('main').innerText()

describe.each([true, false])('enquiries at phone width, JavaScript %s', (javaScriptEnabled) => {
  it('Spam and Not spam by hand move the enquiry, and the owner’s word wins over the automatic one', async () => {
    const n = javaScriptEnabled ? 10 : 20
    const plain = await t.store.addEnquiry(newEnquiry(n))
    const guessed = await t.store.addEnquiry({ ...newEnquiry(n + 1), likelySpam: 'mostly links: 3 web addresses' })
    const { page, context } = await openContext(browser, t.url, { viewport: 'phone', javaScriptEnabled })
    await page.goto(`/admin/enquiries/${plain.id}`)
    await page.getByRole('button', { name: 'Spam', exact: true }).click()
    await page.getByText('Marked as spam: it is kept apart, under Likely spam.').waitFor()
    expect(await page.getByRole('button', { name: 'Not spam', exact: true }).count()).toBe(1)
    // axe runs as a script: checked once, in the context that has scripts.
    if (javaScriptEnabled) expect(await violations(page)).toEqual([])
    if (javaScriptEnabled) await shots(page, 'enquiry-marked-spam')
    await page.goto('/admin/enquiries')
    expect(await rows(page)).not.toContain(`Ann${n} Lee`)
    await page.goto('/admin/enquiries?spam=1')
    expect(await rows(page)).toContain(`Ann${n} Lee`)

    await page.goto(`/admin/enquiries/${guessed.id}`)
    expect(await page.locator('.enquiry__facts').innerText()).toContain('Likely spam: mostly links: 3 web addresses.')
    await page.getByRole('button', { name: 'Not spam', exact: true }).click()
    await page.getByText('Marked as not spam: it is back in the inbox.').waitFor()
    await page.goto('/admin/enquiries')
    expect(await rows(page)).toContain(`Ann${n + 1} Lee`)
    expect(await onDisk(plain.id)).toMatchObject({ markedSpam: true })
    expect(await onDisk(guessed.id)).toMatchObject({ markedSpam: false, likelySpam: 'mostly links: 3 web addresses' })
    await context.close()
  })

  it('Reply by e-mail and mark answered does both in one tap', async () => {
    const m = await t.store.addEnquiry(newEnquiry(javaScriptEnabled ? 30 : 40))
    const { page, context } = await openContext(browser, t.url, { viewport: 'phone', javaScriptEnabled })
    await page.goto(`/admin/enquiries/${m.id}`)
    if (javaScriptEnabled) await shots(page, 'enquiry-actions')
    if (javaScriptEnabled) await waitForHydration(page)
    const button = page.getByRole('button', { name: 'Reply by e-mail and mark answered' })
    const box = (await button.boundingBox())!
    expect(box.height).toBeGreaterThanOrEqual(44)
    // Marked answered and said at once; the mail app is asked for on the same tap with the page's script,
    // by the link the answer puts at the top of the page without it (test/browser/reply-by-mail.test.ts
    // watches the full Chromium hand it on).
    const handedOn = page.waitForEvent('request', (r) => r.url().startsWith(`mailto:${m.email}?`))
    await button.click()
    await page.getByRole('status').filter({ hasText: 'Marked as answered.' }).waitFor()
    if (!javaScriptEnabled) await page.getByRole('link', { name: 'Write the reply in your mail app' }).click()
    await handedOn
    expect(page.url()).toMatch(new RegExp(`/admin/enquiries/${m.id}(\\?done=replied)?$`))
    expect(await page.locator('.enquiry__facts').innerText()).toMatch(/Answered \(answered /)
    await expect.poll(async () => (await onDisk(m.id)).answeredAt, { timeout: 10_000 }).toEqual(expect.any(String))
    await page.goto(`/admin/enquiries/${m.id}`)
    expect(await page.locator('.enquiry__facts').innerText()).toMatch(/Answered \(answered /)
    await context.close()
  })

  it('the health panel counts the enquiries the inbox counts as not e-mailed, and says which', async () => {
    const { page, context } = await openContext(browser, t.url, { viewport: 'phone', javaScriptEnabled })
    await page.goto('/admin/enquiries')
    const counted = Number(/(\d+) not e-mailed/.exec(await page.locator('.inbox__counts').innerText())?.[1])
    const all = (await t.store.allEnquiries()).length
    await page.goto('/admin/health')
    const mail = await page.locator('[data-key="mail"]').innerText()
    expect(mail).toContain(
      `${counted} ${counted === 1 ? 'enquiry' : 'enquiries'} not e-mailed, ` +
        `counted as Enquiries counts them (archived ones and spam left out; ` +
        `${all} in all).`,
    )
    if (javaScriptEnabled) expect(await violations(page)).toEqual([])
    if (javaScriptEnabled) await shots(page, 'health')
    await context.close()
  })
})
