/**
 * Stock and orders as people see them, in Chromium at 390 px, with JavaScript on (read at first paint and
 * after hydration) and off: the owner sets the stock in the product form, the product page says 'Only 1
 * left', a paid order from Stripe sells the last piece and every visitor page says sold out, and the
 * hand-off to Stripe names the product (client_reference_id) with and without JavaScript.
 */
import { describe, expect, it } from 'vitest'
import { openContext, waitForHydration } from '../../support/browser.ts'
import { checkoutSession, postEvent, stripeEvent, TEST_WEBHOOK_SECRET } from '../../support/stripe-events.ts'
import { asPainted } from '../helpers/as-painted.ts'
import { browserSuiteForFile } from '../helpers/browser-suite.ts'
import { setStock } from '../helpers/orders.ts'

const { t, browser } = browserSuiteForFile({ env: { STRIPE_WEBHOOK_SECRET: TEST_WEBHOOK_SECRET } })

const WAYS = [
  { name: 'without JavaScript', javaScriptEnabled: false },
  { name: 'with JavaScript', javaScriptEnabled: true },
] as const

/** A page at 390 px; with JavaScript, read first as painted (scripts held), then hydrated. */
async function open(javaScriptEnabled: boolean) {
  const opened = await openContext(browser, t.url, { javaScriptEnabled })
  await opened.page.setViewportSize({ width: 390, height: 844 })
  return opened
}

describe.each(WAYS)('stock at 390 px $name', ({ javaScriptEnabled }) => {
  it('the owner sets the pieces and "Only 1 left" in the product form; the product page says it', async () => {
    const id = javaScriptEnabled ? 'braided-belt' : 'reversible-belt'
    const { page, context } = await open(javaScriptEnabled)
    await page.goto(`/admin/products/${id}`)
    if (javaScriptEnabled) await waitForHydration(page)
    await page.getByLabel('Pieces ready to send').fill('1')
    await page.getByLabel('Say “Only 1 left” on its page').check()
    // The box and its words are one target, a thumb's size.
    const box = await page.locator('label[for="product-showFewLeft"]').boundingBox()
    expect(box!.height).toBeGreaterThanOrEqual(44)
    await page.getByRole('button', { name: 'Save' }).click()
    await page.waitForURL(new RegExp(`/admin/products/${id}\\?done=saved`))
    expect(await page.getByLabel('Pieces ready to send').inputValue()).toBe('1')
    expect(await page.getByLabel('Say “Only 1 left” on its page').isChecked()).toBe(true)

    const availability = page.locator('.product-page__availability')
    const said = await asPainted(page, `/products/${id}`, javaScriptEnabled, () => availability.innerText())
    expect(said.replace(/\s+/g, ' ')).toBe('In stock Only 1 left')
    await context.close()
  })

  it('a paid order takes the last piece: every visitor page says sold out, and takes no order', async () => {
    const id = javaScriptEnabled ? 'messenger-bag' : 'weekender-holdall'
    await setStock(t, id, 1, true)
    const { status } = await postEvent(
      t.url,
      stripeEvent('checkout.session.completed', checkoutSession({ reference: id })),
    )
    expect(status).toBe(200)
    const product = t.store.products.find((p) => p.id === id)!
    expect(product.stock).toBe(0)

    const { page, context } = await open(javaScriptEnabled)
    const productPage = await asPainted(page, `/products/${id}`, javaScriptEnabled, async () => ({
      availability: await page.locator('.product-page__availability').innerText(),
      purchase: await page.locator('.product-page__actions').getByRole('button', { name: 'Purchase Now' }).count(),
    }))
    expect(productPage).toEqual({ availability: 'Sold out', purchase: 0 })
    const card = page.locator('article.product-card').filter({ has: page.locator('h2', { hasText: product.name }) })
    const listed = await asPainted(page, '/products?category=bags', javaScriptEnabled, async () => ({
      availability: await card.locator('.product-card__availability').innerText(),
      purchase: await card.getByRole('button', { name: 'Purchase Now' }).count(),
    }))
    expect(listed).toEqual({ availability: 'Sold out', purchase: 0 })
    const ordering = await asPainted(page, `/products/${id}?order=1`, javaScriptEnabled, () =>
      page.locator('#order').innerText(),
    )
    expect(ordering).toContain('This product is sold out and cannot be ordered at the moment.')
    await context.close()
  })
})

describe.each(WAYS)('the hand-off to Stripe at 390 px $name', ({ javaScriptEnabled }) => {
  it('names the product and size in client_reference_id, the note as before', async () => {
    await setStock(t, 'derby-shoe', undefined)
    const { page, context, blocked } = await open(javaScriptEnabled)
    await page.goto('/products/derby-shoe?order=1')
    if (javaScriptEnabled) await waitForHydration(page)
    const form = page.locator('#order form')
    for (const [label, value] of [
      ['First name', 'Jane'],
      ['Last name', 'Smith'],
      ['Email', 'jane@example.co.uk'],
      ['Phone', '07700 900456'],
      ['Delivery address', '1 High Street, Bath'],
    ] as const)
      await form.getByLabel(label, { exact: true }).fill(value)
    await form.getByLabel('Size').selectOption('43')
    const toStripe = (u: string) => u.startsWith('https://buy.stripe.com/')
    // Without JavaScript the order form's 303 leads there (a redirect, which the context's block does not see).
    const redirected = javaScriptEnabled
      ? null
      : page.waitForRequest((r) => r.isNavigationRequest() && toStripe(r.url()))
    await form.getByRole('button', { name: 'Purchase', exact: true }).click()
    let opened = (await redirected)?.url()
    if (!opened) {
      // With it, the dialog sends a new tab there, which the block records.
      await expect.poll(() => blocked.find(toStripe)).toBeTruthy()
      opened = blocked.find(toStripe)!
    }
    const url = new URL(opened)
    expect(url.searchParams.get('client_reference_id')).toBe('derby-shoe__43')
    expect(url.searchParams.get('note')).toContain('Name: Jane Smith')
    expect(url.searchParams.get('note')).toContain('Size: 43')
    await context.close()
  })
})
