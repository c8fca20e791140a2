/**
 * A visitor without JavaScript types an order on a product's page at 390 px while the owner takes the
 * product off the shop (unpublished, removed) or it sells out: the answer says so, shows back what
 * was typed (as text, never as markup), and offers a way to get in touch that works at once.
 */
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import type { StoredEnquiry } from '../../data/enquiry.server.ts'
import { openContext } from '../../support/browser.ts'
import { freshServerEachTest } from '../helpers/browser-suite.ts'
import { dataOnDisk } from '../helpers/on-disk.ts'
import type { TestServer } from '../helpers/server.ts'

const suite = freshServerEachTest()
const PHONE = { width: 390, height: 844 }
const TYPED = {
  'First name': 'Jane',
  'Last name': 'Doe <b>Smith</b>',
  Email: 'jane@example.com',
  Phone: '07700 900123',
  'Delivery address': '1 High Street, Leeds & <i>Co</i>',
}

async function typeOrder(page: Page) {
  await page.goto('/products/tote-bag?order=1')
  const form = page.locator('form.order-form')
  for (const [label, value] of Object.entries(TYPED)) await form.getByLabel(label, { exact: true }).fill(value)
  return form
}

const leaving: [string, (t: TestServer) => Promise<unknown>][] = [
  ['taken off the shop', (t) => t.services.catalogue.unpublish('tote-bag')],
  ['removed', (t) => t.services.catalogue.remove('tote-bag')],
]

describe('ordering without JavaScript a product that left the shop after its page was shown', () => {
  it.each(leaving)(
    '%s: says so, shows back what was typed, and the message to the shop goes with it',
    async (_, leave) => {
      const { page, context, errors } = await openContext(suite.browser, suite.t.url, {
        viewport: 'phone',
        javaScriptEnabled: false,
      })
      await page.setViewportSize(PHONE)
      const form = await typeOrder(page)
      await leave(suite.t)
      const [answer] = await Promise.all([
        page.waitForResponse((r) => r.request().method() === 'POST'),
        form.getByRole('button', { name: 'Purchase' }).click(),
      ])
      expect(answer.status()).toBe(404)
      const main = page.locator('main')
      const heading = page.getByRole('heading', { level: 1 })
      expect(await heading.innerText()).toBe('Market Tote is no longer in the shop')
      expect((await heading.boundingBox())!.y).toBeLessThan(PHONE.height)
      expect(await main.innerText()).toContain('Nothing was ordered and no payment was taken.')
      expect(await main.innerText()).not.toContain('Page Not Found')

      // What was typed, shown back as text in the message form (the markup is not markup).
      const contact = page.locator('form#contact-form')
      expect(await contact.getByLabel('First name', { exact: true }).inputValue()).toBe('Jane')
      expect(await contact.getByLabel('Last name', { exact: true }).inputValue()).toBe('Doe <b>Smith</b>')
      expect(await contact.getByLabel('Email', { exact: true }).inputValue()).toBe('jane@example.com')
      const message = await contact.getByLabel('Message', { exact: true }).inputValue()
      expect(message).toContain('Market Tote (£195.00)')
      expect(message).toContain('Phone: 07700 900123')
      expect(message).toContain('Delivery address: 1 High Street, Leeds & <i>Co</i>')
      expect(await main.locator('b, i').count()).toBe(0)

      // Other ways in, on the same page.
      expect(await page.getByRole('link', { name: /Chat with us on WhatsApp/ }).count()).toBeGreaterThan(0)
      expect(await main.locator('a[href="mailto:orders@ashbourneleather.co.uk"]').count()).toBe(1)

      // Sent as it stands (a subject chosen): the shop has it, with what was typed.
      await contact.getByLabel('Subject', { exact: true }).selectOption('bags')
      await contact.getByRole('button', { name: 'Send Message' }).click()
      await page.waitForURL(/\/contact\/sent$/)
      const saved = (await dataOnDisk<{ messages: StoredEnquiry[] }>(suite.t.dataFile)).messages
      expect(saved).toHaveLength(1)
      expect(saved[0]).toMatchObject({ firstName: 'Jane', lastName: 'Doe <b>Smith</b>', email: 'jane@example.com' })
      expect(saved[0]!.message).toContain('Delivery address: 1 High Street, Leeds & <i>Co</i>')
      expect(errors.filter((e) => !e.startsWith('Failed to load resource'))).toEqual([])
      await context.close()
    },
  )

  it('sold out meanwhile: says so beside what was typed, and offers to get in touch', async () => {
    const { page, context } = await openContext(suite.browser, suite.t.url, {
      viewport: 'phone',
      javaScriptEnabled: false,
    })
    await page.setViewportSize(PHONE)
    const form = await typeOrder(page)
    await suite.t.store.updateProduct('tote-bag', (p) => ({ ...p, availability: 'sold-out' }))
    await form.getByRole('button', { name: 'Purchase' }).click()
    await page.getByRole('alert').filter({ hasText: 'This bag sold out a moment ago.' }).waitFor()
    for (const [label, value] of Object.entries(TYPED))
      expect(await form.getByLabel(label, { exact: true }).inputValue()).toBe(value)
    const write = page.locator('#order').getByRole('link', { name: 'Contact us' })
    expect((await write.boundingBox())!.y).toBeLessThan(PHONE.height)
    await write.click()
    await page.getByRole('heading', { level: 1, name: 'Contact Us' }).waitFor()
    await context.close()
  })
})
