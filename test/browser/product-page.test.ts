import { describe, expect, it } from 'vitest'
import { buildOrderNote } from '../../domain/order.ts'
import { openContext, waitForHydration, type ViewportName } from '../../support/browser.ts'
import { browserSuiteForFile } from '../helpers/browser-suite.ts'

const { t, browser } = browserSuiteForFile()

describe.each(['phone', 'desktop'] as ViewportName[])('a product page at %s width', (viewport) => {
  it("is reached from a card's name and image, and leads back through its breadcrumb", async () => {
    const { page, context } = await openContext(browser, t.url, { viewport })
    await page.goto('/products')
    const card = page.locator('.product-card').filter({ hasText: 'Market Tote' })
    await card.getByRole('link', { name: 'Market Tote' }).click()
    await page.waitForURL(`${t.url}/products/tote-bag`)
    await page.getByRole('heading', { level: 1, name: 'Market Tote' }).waitFor()
    const crumbs = page.getByRole('navigation', { name: 'Breadcrumb' })
    expect((await crumbs.getByRole('link').allInnerTexts()).map((s) => s.trim())).toEqual([
      'Home',
      'Our Collection',
      'Bags',
      'Market Tote',
    ])
    expect(await crumbs.getByRole('link', { name: 'Market Tote' }).getAttribute('aria-current')).toBe('page')
    await crumbs.getByRole('link', { name: 'Bags' }).click()
    await page.waitForURL(`${t.url}/products?category=bags`)
    // The image leads to the same page (for a pointer; it is out of the tab order, the name is in it).
    await page
      .locator('.product-card')
      .filter({ hasText: 'Market Tote' })
      .locator('a[href="/products/tote-bag"] img')
      .click()
    await page.waitForURL(`${t.url}/products/tote-bag`)
    await context.close()
  })

  it(
    'shows the whole description, asks about the product on WhatsApp with ' +
      'its name and sku, and lists the rest of the collection',
    async () => {
      const p = t.store.products.find((x) => x.id === 'oxford-brogue')!
      const { page, context } = await openContext(browser, t.url, { viewport })
      await page.goto('/products/oxford-brogue')
      expect(await page.locator('main').innerText()).toContain(p.description)
      const ask = page.getByRole('link', { name: /Ask about this product/ })
      const href = new URL((await ask.getAttribute('href'))!)
      expect(href.hostname).toBe('wa.me')
      expect(href.searchParams.get('text')).toContain(`${p.name} (${p.sku})`)
      expect(await ask.getAttribute('target')).toBe('_blank')
      const more = page.getByRole('region', { name: 'More from this collection' })
      const others = t.store.products.filter((x) => x.category === p.category && x.id !== p.id)
      expect(await more.locator('.product-card').count()).toBe(others.length)
      await context.close()
    },
  )

  it("'Purchase Now' opens the order dialog and hands the order to the payment link with its note", async () => {
    const p = t.store.products.find((x) => x.id === 'chelsea-boot')!
    const { page, context, blocked } = await openContext(browser, t.url, { viewport })
    await page.goto('/products/chelsea-boot')
    await waitForHydration(page)
    await page.locator('[data-island="product-purchase"]').getByRole('button', { name: 'Purchase Now' }).click()
    const dialog = page.getByRole('dialog', { name: 'Place Your Order' })
    await dialog.waitFor()
    const order = {
      firstName: 'Ann',
      lastName: 'Lee',
      email: 'ann@example.com',
      phone: '07700 900789',
      address: '2 Low Road, York',
      size: '41',
    }
    await dialog.getByLabel('First name').fill(order.firstName)
    await dialog.getByLabel('Last name').fill(order.lastName)
    await dialog.getByLabel('Email').fill(order.email)
    await dialog.getByLabel('Phone').fill(order.phone)
    await dialog.getByLabel('Delivery address').fill(order.address)
    await dialog.getByLabel('Size (EU)').selectOption(order.size)
    const newTab = context.waitForEvent('page')
    await dialog.getByRole('button', { name: 'Purchase' }).click()
    await newTab
    await expect.poll(() => blocked.some((u) => u.startsWith(p.paymentLink))).toBe(true)
    const opened = new URL(blocked.find((u) => u.startsWith(p.paymentLink))!)
    expect(opened.searchParams.get('note')).toBe(buildOrderNote(p, order))
    await context.close()
  })
})

describe('a change to the catalogue', () => {
  it('shows on the product page, without a restart', async () => {
    const { page, context } = await openContext(browser, t.url)
    await page.goto('/products/braided-belt')
    await t.store.updateProduct('braided-belt', (p) => ({
      ...p,
      price: '£72.00',
      description: 'Now plaited by hand in a new tan.',
    }))
    await page.reload()
    expect(await page.locator('main').innerText()).toContain('Now plaited by hand in a new tan.')
    expect(await page.locator('main').innerText()).toContain('£72.00')
    await context.close()
  })
})
