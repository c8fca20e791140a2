/**
 * After a tap in the workspace, the page that answers opens at what the tap did, at a phone's width,
 * with the page's script and without it: the sentence that says so (or the question before what cannot
 * be undone) has the focus, so a screen reader reads it and the next Tab goes on from there.
 */
import { describe, expect, it, vi } from 'vitest'
import { openContext, waitForHydration } from '../../support/browser.ts'
import { browserSuiteForFile } from '../helpers/browser-suite.ts'
import { expectFocused } from '../helpers/focused.ts'
import { newEnquiry } from '../helpers/new-enquiry.ts'

vi.setConfig({ testTimeout: 120_000 })

const { t, browser } = browserSuiteForFile()

describe.each([true, false])('the workspace at phone width, JavaScript %s', (javaScriptEnabled) => {
  const open = async (address: string) => {
    const opened = await openContext(browser, t.url, { viewport: 'phone', javaScriptEnabled })
    await opened.page.goto(address)
    if (javaScriptEnabled) await waitForHydration(opened.page)
    return opened
  }

  it('says an enquiry’s mark, asks before deleting, and says the deletion, each with the focus', async () => {
    const m = await t.store.addEnquiry(newEnquiry(javaScriptEnabled ? 50 : 60))
    const { page, context } = await open(`/admin/enquiries/${m.id}`)
    await page.getByRole('button', { name: 'Spam', exact: true }).click()
    await expectFocused(page, 'Marked as spam: it is kept apart, under Likely spam.')

    await page.getByRole('link', { name: 'Delete for good…' }).click()
    await expectFocused(page, 'Delete this enquiry for good?')
    await page.keyboard.press('Tab')
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent?.trim())).toBe('Cancel')
    await page.getByRole('button', { name: 'Delete for good' }).click()
    await page.waitForURL(/\/admin\/enquiries\?/)
    await expectFocused(page, 'The enquiry was deleted for good.')
    await context.close()
  })

  it('says a reply marked answered with the focus, where its button was', async () => {
    const m = await t.store.addEnquiry(newEnquiry(javaScriptEnabled ? 70 : 80))
    const { page, context } = await open(`/admin/enquiries/${m.id}`)
    await page.getByRole('button', { name: 'Reply by e-mail and mark answered' }).click()
    await expectFocused(page, 'Marked as answered.')
    await context.close()
  })

  it('says a product’s removal with the focus, and its undoing', async () => {
    const id = javaScriptEnabled ? 'briefcase' : 'dress-belt'
    const name = t.store.products.find((p) => p.id === id)!.name
    const { page, context } = await open(`/admin/products/${id}`)
    await page.getByText('Remove this product…').click()
    await page.getByRole('button', { name: `Remove ${name}` }).click()
    await expectFocused(page, `${name} was removed from the shop.`)
    await page.getByRole('button', { name: `Undo: bring back ${name}` }).click()
    await expectFocused(page, 'Restored')
    await context.close()
  })
})
