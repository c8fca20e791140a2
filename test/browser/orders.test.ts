/**
 * An order from Stripe as the owner and visitors see it, in Chromium at 390 px, with JavaScript (read
 * at first paint, scripts held, then hydrated) and without: a signed paid-order event arrives, the
 * product's last piece goes and every visitor page that lists it says sold out (the home page lists
 * collections, not products), the overview says "1 order to send", the owner opens the order, marks it
 * sent with a tracking note, and the list shows it sent.
 */
import { describe, expect, it } from 'vitest'
import { openContext, waitForHydration } from '../../support/browser.ts'
import { checkoutSession, postEvent, stripeEvent, TEST_WEBHOOK_SECRET } from '../../support/stripe-events.ts'
import { asPainted } from '../helpers/as-painted.ts'
import { browserSuiteForFile } from '../helpers/browser-suite.ts'
import { setStock } from '../helpers/orders.ts'
import { smallTargets } from '../helpers/tap-targets.ts'

const { t, browser } = browserSuiteForFile({ env: { STRIPE_WEBHOOK_SECRET: TEST_WEBHOOK_SECRET } })

const WAYS = [
  { name: 'without JavaScript', javaScriptEnabled: false, product: 'weekender-holdall', buyer: 'Harriet Ashdown' },
  { name: 'with JavaScript', javaScriptEnabled: true, product: 'messenger-bag', buyer: 'Oliver Pennington' },
] as const

const words = (text: string) => text.replace(/\s+/g, ' ').trim()

describe.each(WAYS)('an order at 390 px $name', ({ javaScriptEnabled, product, buyer }) => {
  it('arrives, sells the last piece out, shows in "Needs you", and the owner opens it and marks it sent', async () => {
    await setStock(t, product, 1)
    const name = t.store.products.find((p) => p.id === product)!.name
    const session = checkoutSession({
      reference: product,
      buyer: {
        name: buyer,
        email: 'buyer@example.com',
        phone: '+447700900456',
        line1: '12 Orchard Lane',
        city: 'Bath',
        postalCode: 'BA1 2AB',
      },
    })
    expect((await postEvent(t.url, stripeEvent('checkout.session.completed', session))).status).toBe(200)

    const { page, context, errors } = await openContext(browser, t.url, { viewport: 'phone', javaScriptEnabled })
    await page.setViewportSize({ width: 390, height: 844 })

    // Every visitor page that shows the product says it is sold out, and offers no purchase.
    const productPage = await asPainted(page, `/products/${product}`, javaScriptEnabled, async () => ({
      availability: await page.locator('.product-page__availability').innerText(),
      purchase: await page.locator('.product-page__actions').getByRole('button', { name: 'Purchase Now' }).count(),
    }))
    expect(productPage).toEqual({ availability: 'Sold out', purchase: 0 })
    const card = page.locator('article.product-card').filter({ has: page.locator('h2', { hasText: name }) })
    for (const listing of ['/products', '/products?category=bags']) {
      const listed = await asPainted(page, listing, javaScriptEnabled, async () => ({
        availability: await card.locator('.product-card__availability').innerText(),
        purchase: await card.getByRole('button', { name: 'Purchase Now' }).count(),
      }))
      expect(listed, listing).toEqual({ availability: 'Sold out', purchase: 0 })
    }

    // The overview says so at first paint, as a link to the orders.
    const needs = page.getByRole('region', { name: 'Needs you' })
    const said = await asPainted(page, '/admin', javaScriptEnabled, async () => words(await needs.innerText()))
    expect(said).toContain('1 order to send')
    await needs.getByRole('link', { name: '1 order to send' }).click()
    await page.waitForURL(/\/admin\/orders$/)

    const row = page.locator('main ol > li').filter({ hasText: buyer })
    expect(words(await row.innerText())).toMatch(new RegExp(`^${name} £185\\.00 Paid – to send .+ ${buyer}$`))
    expect(await page.locator('main ol > li').first().innerText()).toContain(buyer) // to send: first
    expect(await smallTargets(page)).toEqual([])
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
    await row.getByRole('link').click()
    await page.waitForURL(/\/admin\/orders\/[0-9a-f-]{36}$/)
    if (javaScriptEnabled) await waitForHydration(page)

    const facts = words(await page.locator('.order').innerText())
    for (const fact of [`Name ${buyer}`, 'E-mail buyer@example.com', 'Phone +447700900456', '12 Orchard Lane'])
      expect(facts).toContain(fact)
    const mail = page.getByRole('link', { name: 'E-mail the customer' })
    expect(await mail.getAttribute('href')).toMatch(/^mailto:buyer@example\.com\?subject=Your%20order%20from/)
    expect(await smallTargets(page)).toEqual([])
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)

    await page.getByLabel('Tracking note (optional)').fill('Royal Mail AB123456789GB')
    await page.getByRole('button', { name: 'Mark as sent' }).click()
    await page.waitForURL(/\?done=sent$/)
    const after = await asPainted(page, page.url(), javaScriptEnabled, async () => ({
      notice: words(await page.locator('.inbox-notice').innerText()),
      facts: words(await page.locator('.order').innerText()),
      form: await page.getByRole('button', { name: 'Mark as sent' }).count(),
    }))
    expect(after.notice).toBe('Marked as sent.')
    expect(after.facts).toMatch(/Sent \w{3} \d{1,2} \w{3}, \d\d:\d\d Tracking: Royal Mail AB123456789GB/)
    expect(after.form).toBe(0)

    await page.getByRole('link', { name: '← All orders' }).click()
    await page.waitForURL(/\/admin\/orders$/)
    expect(words(await row.innerText())).toMatch(new RegExp(`^${name} £185\\.00 Sent .+ ${buyer}$`))
    expect(words(await page.locator('.orders__counts').innerText())).toBe('0 orders to send')
    expect(errors).toEqual([])
    await context.close()
  })
})
