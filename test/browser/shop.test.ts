import type { BrowserContext, Locator, Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { openContext, waitForHydration, type ViewportName } from '../../support/browser.ts'
import { browserSuiteForFile } from '../helpers/browser-suite.ts'

const { t, browser } = browserSuiteForFile()

const count = (c?: string) => t.store.products.filter((p) => !c || p.category === c).length
const cards = (page: Page) => page.locator('article.product-card')
const filterLink = (page: Page, label: string) => page.locator('.filter-bar a', { hasText: label })

/** What the head tells a share, a bookmark or an extension about the open page. */
const headOf = (page: Page) =>
  page.evaluate(() => ({
    title: document.title,
    canonical: document.querySelector('link[rel="canonical"]')?.getAttribute('href'),
    metas: [
      ...document.querySelectorAll('meta[name$="description"], meta[property^="og:"], meta[name^="twitter:"]'),
    ].map((m) => `${m.getAttribute('name') ?? m.getAttribute('property')}=${m.getAttribute('content')}`),
  }))

describe('a filter chosen in place', () => {
  it('leaves the head as a fresh load of its address writes it: title, description, canonical address', async () => {
    const { page, context } = await openContext(browser, t.url)
    await page.goto('/products')
    await waitForHydration(page)
    await filterLink(page, 'Belts').click()
    await page.waitForURL(/category=belts$/)
    const inPlace = await headOf(page)
    await page.goto('/products?category=belts')
    expect(inPlace).toEqual(await headOf(page))
    expect(inPlace.canonical).toMatch(/\/products\?category=belts$/)
    await context.close()
  })
})

describe.each(['phone', 'desktop'] as ViewportName[])('the catalogue at %s width', (viewport) => {
  it('filters with counts, updates the URL, and the back button restores the filter', async () => {
    const { page, context, blocked } = await openContext(browser, t.url, { viewport })
    await page.goto('/products')
    await waitForHydration(page)
    await expect(cards(page).count()).resolves.toBe(count())
    for (const [label, c] of [
      ['All Products', undefined],
      ['Belts', 'belts'],
      ['Footwear', 'footwear'],
      ['Bags', 'bags'],
    ] as const) {
      expect((await filterLink(page, label).textContent())?.replace(/\s+/g, ' ').trim()).toBe(`${label} (${count(c)})`)
    }

    await filterLink(page, 'Bags').click()
    await page.waitForURL(/\/products\?category=bags$/)
    await expect(cards(page).count()).resolves.toBe(count('bags'))
    expect(await filterLink(page, 'Bags').getAttribute('aria-current')).toBe('true')
    expect(await page.title()).toMatch(/Bags/)

    await filterLink(page, 'Belts').click()
    await page.waitForURL(/category=belts$/)
    await expect(cards(page).count()).resolves.toBe(count('belts'))

    await page.goBack()
    await page.waitForURL(/category=bags$/)
    await page.locator('.filter-bar a[data-filter="bags"][aria-current="true"]').waitFor()
    const shownCategories = await cards(page).locator('.product-card__category').allTextContents()
    expect(shownCategories).toEqual(Array(count('bags')).fill('Bags'))

    await filterLink(page, 'All Products').click()
    await page.waitForURL(/\/products$/)
    await expect(cards(page).count()).resolves.toBe(count())
    expect(blocked).toEqual([])
    await context.close()
  })

  it('opens a shared filtered URL with that filter, and shows all for an unknown category', async () => {
    const { page, context } = await openContext(browser, t.url, { viewport })
    await page.goto('/products?category=footwear')
    await waitForHydration(page)
    await expect(cards(page).count()).resolves.toBe(count('footwear'))
    await page.goto('/products?category=hats')
    await waitForHydration(page)
    await expect(cards(page).count()).resolves.toBe(count())
    expect(await filterLink(page, 'All Products').getAttribute('aria-current')).toBe('true')
    await context.close()
  })

  it(
    'shows each card with its image, sku, capitalised category, name, ' + '2-line description, price, Purchase Now',
    async () => {
      const { page, context } = await openContext(browser, t.url, { viewport })
      await page.goto('/products?category=bags')
      const first = cards(page).first()
      const p = t.store.products.find((x) => x.category === 'bags')!
      expect(await first.locator('img').getAttribute('alt')).toBe(p.name)
      expect(await first.locator('.product-card__sku').innerText()).toBe(p.sku)
      expect(await first.locator('.product-card__category').innerText()).toMatch(/^bags$/i)
      expect(await first.locator('.product-card__category').evaluate((e) => e.textContent)).toBe('Bags')
      expect(await first.locator('h2').innerText()).toBe(p.name)
      expect(await first.locator('.product-card__price').innerText()).toBe(p.price)
      const lines = await first.locator('.product-card__description').evaluate((e) => {
        const style = getComputedStyle(e)
        return Math.round(e.getBoundingClientRect().height / parseFloat(style.lineHeight))
      })
      expect(lines).toBeLessThanOrEqual(2)
      await expect(first.getByRole('button', { name: 'Purchase Now' }).isVisible()).resolves.toBe(true)
      await context.close()
    },
  )

  it('works before hydration and without JavaScript: the filters are links', async () => {
    const { page, context } = await openContext(browser, t.url, { viewport, javaScriptEnabled: false })
    await page.goto('/products')
    await filterLink(page, 'Belts').click()
    await page.waitForURL(/category=belts$/)
    await expect(cards(page).count()).resolves.toBe(count('belts'))
    await context.close()
  })
})

async function openOrder(page: Page, productName: string) {
  const card = cards(page).filter({ has: page.locator('h2', { hasText: productName }) })
  await card.getByRole('button', { name: 'Purchase Now' }).click()
  const dialog = page.getByRole('dialog', { name: 'Place Your Order' })
  await dialog.waitFor()
  return dialog
}

/** Types into the order dialog's fields, found by their labels. */
async function fill(dialog: Locator, fields: Record<string, string>) {
  for (const [label, value] of Object.entries(fields)) await dialog.getByLabel(label).fill(value)
}

/**
 * Presses Purchase and waits for the new tab; answers the payment page's address it asked for: the payment
 * host is blocked (no internet in tests), so its request is recorded instead.
 */
async function purchase(context: BrowserContext, dialog: Locator, blocked: string[], paymentLink: string) {
  const newTab = context.waitForEvent('page')
  await dialog.getByRole('button', { name: 'Purchase' }).click()
  await newTab
  await expect.poll(() => blocked.some((u) => u.startsWith(paymentLink))).toBe(true)
  return blocked.find((u) => u.startsWith(paymentLink))
}

describe.each(['phone', 'desktop'] as ViewportName[])('ordering at %s width', (viewport) => {
  it(
    'shows each field’s message on submit, clears an error when its field ' +
      'is edited, and hands off to the payment link in a new tab',
    async () => {
      const { page, context, blocked } = await openContext(browser, t.url, { viewport })
      await page.goto('/products')
      await waitForHydration(page)
      const boot = t.store.products.find((p) => p.id === 'chelsea-boot')!
      const dialog = await openOrder(page, boot.name)
      await expect(dialog.innerText()).resolves.toContain(boot.name)
      await expect(dialog.innerText()).resolves.toContain(boot.price)
      // Focus moved into the dialog.
      expect(await page.evaluate(() => !!document.activeElement?.closest('dialog'))).toBe(true)

      await dialog.getByRole('button', { name: 'Purchase' }).click()
      const errors = async () => (await dialog.locator('.field__error').allInnerTexts()).sort()
      expect(await errors()).toEqual(
        [
          'Delivery address is required',
          'Email is required',
          'First name is required',
          'Last name is required',
          'Phone number is required',
          'Please select a size',
        ].sort(),
      )
      await dialog.getByLabel('First name').fill('Jane')
      expect(await errors()).not.toContain('First name is required')
      expect(await errors()).toContain('Last name is required')
      await dialog.getByLabel('Last name').fill('  ')
      await dialog.getByLabel('Email').fill('jane@example')
      await dialog.getByRole('button', { name: 'Purchase' }).click()
      expect(await errors()).toContain('Last name is required') // trimmed before the check
      expect(await errors()).toContain('Invalid email format')

      await fill(dialog, {
        'Last name': 'Smith',
        Email: 'jane@example.co.uk',
        Phone: '07700 900456',
        'Delivery address': '1 High Street\nBath BA1 1AA',
      })
      await dialog.getByLabel('Size (EU)').selectOption('42')
      const opened = await purchase(context, dialog, blocked, boot.paymentLink)
      expect(opened, `blocked: ${blocked.join(', ')}`).toBeTruthy()
      const note = new URL(opened!).searchParams.get('note')
      expect(note).toBe(
        [
          `Product: ${boot.name} (${boot.price})`,
          'Size: 42',
          'Name: Jane Smith',
          'Email: jane@example.co.uk',
          'Phone: 07700 900456',
          'Delivery address: 1 High Street\nBath BA1 1AA',
        ].join('\n'),
      )
      // Closed and cleared; focus back on the button that opened it.
      await dialog.waitFor({ state: 'detached' })
      expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Purchase Now')
      const again = await openOrder(page, boot.name)
      expect(await again.getByLabel('First name').inputValue()).toBe('')
      await context.close()
    },
  )

  it('asks no size for a belt, and never sends the order to our server', async () => {
    const { page, context, blocked } = await openContext(browser, t.url, { viewport })
    const ours: string[] = []
    page.on('request', (r) => {
      if (r.url().startsWith(t.url) && r.method() !== 'GET') ours.push(`${r.method()} ${r.url()}`)
    })
    await page.goto('/products?category=belts')
    await waitForHydration(page)
    const belt = t.store.products.find((p) => p.category === 'belts')!
    const dialog = await openOrder(page, belt.name)
    expect(await dialog.getByLabel('Size (EU)').count()).toBe(0)
    await fill(dialog, {
      'First name': 'Tom',
      'Last name': 'Hale',
      Email: 'tom@example.com',
      Phone: '+44 20 7946 0000',
      'Delivery address': '2 Low Road, York',
    })
    const note = new URL((await purchase(context, dialog, blocked, belt.paymentLink))!).searchParams.get('note')!
    expect(note).not.toMatch(/Size/)
    expect(note).toContain('Name: Tom Hale')
    expect(ours).toEqual([])
    await context.close()
  })

  it('closes on Cancel, the close icon, Escape and the backdrop, returning focus; Tab stays inside', async () => {
    const { page, context } = await openContext(browser, t.url, { viewport })
    await page.goto('/products')
    await waitForHydration(page)
    const name = t.store.products[0]!.name
    const closers: ((d: Awaited<ReturnType<typeof openOrder>>) => Promise<void>)[] = [
      (d) => d.getByRole('button', { name: 'Cancel' }).click(),
      (d) => d.getByRole('button', { name: 'Close' }).click(),
      () => page.keyboard.press('Escape'),
      () => page.mouse.click(3, 3), // outside the panel: the backdrop
    ]
    for (const close of closers) {
      const dialog = await openOrder(page, name)
      await close(dialog)
      await dialog.waitFor({ state: 'detached' })
      expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Purchase Now')
    }
    const dialog = await openOrder(page, name)
    for (let i = 0; i < 15; i++) {
      await page.keyboard.press(i % 2 ? 'Tab' : 'Shift+Tab')
      await page.keyboard.press('Tab')
      expect(await page.evaluate(() => !!document.activeElement?.closest('dialog'))).toBe(true)
    }
    await dialog.getByRole('button', { name: 'Cancel' }).click()
    await context.close()
  })
})

describe('the loading text', () => {
  it(
    "says 'Loading our premium collection...' while the catalogue is on its " +
      'way after a tap, and not once it is shown',
    async () => {
      const { page, context } = await openContext(browser, t.url)
      await page.goto('/')
      await waitForHydration(page)
      expect(await page.getByText('Loading our premium collection...').count()).toBe(0)
      let release!: () => void
      const held = new Promise<void>((r) => (release = r))
      await page.route(`${t.url}/products`, async (route) => {
        await held
        await route.continue()
      })
      // While a navigation is held back the page cannot be queried, so it reports its status line itself.
      const said: string[] = []
      page.on('console', (m) => said.push(m.text()))
      await page.evaluate(() => {
        const region = document.querySelector('[role="status"]#navigation-status')!
        new MutationObserver(() => console.log(region.textContent)).observe(region, { childList: true, subtree: true })
      })
      await page.locator('header nav[aria-label="Main"] a[href="/products"]').click({ noWaitAfter: true })
      await expect.poll(() => said).toContain('Loading our premium collection...')
      release()
      await page.waitForURL(/\/products$/)
      await cards(page).first().waitFor()
      expect(await page.getByText('Loading our premium collection...').count()).toBe(0)
      await context.close()
    },
  )
})
