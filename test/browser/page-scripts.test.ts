/**
 * What a visitor's phone downloads to make a page work, read from the scripts real Chromium fetched
 * at 390 px: the code of the parts the page shows, and a part's code once the page shows it or the
 * visitor reaches for it. How many bytes that is, page by page, is in budgets.test.ts.
 */
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { COMPANY } from '../../domain/business.ts'
import { buildOrderNote } from '../../domain/order.ts'
import { publishedProducts } from '../../domain/publishing.ts'
import { openContext, waitForHydration } from '../../support/browser.ts'
import { startBrowserSuite, stopBrowserSuite } from '../helpers/browser-suite.ts'
import type { TestServer } from '../helpers/server.ts'
import { pageScripts, rawGet } from '../helpers/wire.ts'

let t: TestServer
let browser: Browser
beforeAll(async () => void ({ t, browser } = await startBrowserSuite()))
afterAll(() => stopBrowserSuite({ t, browser }))

const PHONE = { width: 390, height: 844 }
/** Words only the order form's code holds (its field labels), and the form checker's own name. */
const ORDER_FORM = 'Delivery address'
const CHECKER = 'valibot'

async function phone(javaScriptEnabled = true) {
  const opened = await openContext(browser, t.url, { viewport: 'phone', javaScriptEnabled })
  await opened.page.setViewportSize(PHONE)
  return opened
}

/** Every script the page has fetched so far, as one text. */
function recordScripts(page: Page) {
  const urls = new Set<string>()
  page.on('request', (r) => void (r.resourceType() === 'script' && urls.add(r.url())))
  return async () => (await Promise.all([...urls].map(async (url) => (await rawGet(url)).body.toString()))).join('\n')
}

/** Loads a page at 390 px, waits for its scripts to run, and scrolls to its foot as a visitor would. */
async function visit(path: string): Promise<{ page: Page; context: BrowserContext; scripts: () => Promise<string> }> {
  const { page, context } = await phone()
  const scripts = recordScripts(page)
  await page.goto(path)
  await waitForHydration(page)
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight))
  await page.waitForLoadState('networkidle')
  return { page, context, scripts }
}

const ORDER = {
  firstName: 'Jane',
  lastName: 'Doe',
  email: 'jane@example.com',
  phone: '07700 900123',
  address: '1 High Street, Leeds',
  size: '42',
}

async function typeOrder(form: Locator) {
  for (const [label, value] of [
    ['First name', ORDER.firstName],
    ['Last name', ORDER.lastName],
    ['Email', ORDER.email],
    ['Phone', ORDER.phone],
    ['Delivery address', ORDER.address],
  ] as const)
    await form.getByLabel(label, { exact: true }).fill(value)
  await form.getByLabel('Size (EU)').selectOption(ORDER.size)
}

describe("the scripts a visitor's phone downloads", () => {
  it(
    'the catalogue sends its filter, cards and order buttons; ' +
      'the order form and its checker come once a visitor reaches for them',
    async () => {
      const { page, context, scripts } = await visit('/products')
      const first = await scripts()
      expect(first.includes(ORDER_FORM), 'the order form was sent').toBe(false)
      expect(first.includes(CHECKER), 'the form checker was sent').toBe(false)

      // The filter works in place, from what was sent.
      await page.getByRole('link', { name: /^Belts \(\d+\)$/ }).click()
      await page.waitForURL(/category=belts$/)
      const belts = publishedProducts(t.store.products).filter((p) => p.category === 'belts').length
      await expect.poll(() => page.locator('.product-card').count()).toBe(belts)

      await page.getByRole('button', { name: 'Purchase Now' }).first().click()
      const dialog = page.getByRole('dialog', { name: 'Place Your Order' })
      await dialog.waitFor()
      await dialog.getByRole('button', { name: 'Purchase', exact: true }).click()
      await dialog.getByText('First name is required').waitFor()
      const after = await scripts()
      expect(after.includes(ORDER_FORM), 'the order form was sent').toBe(true)
      expect(after.includes(CHECKER), 'the form checker was sent').toBe(true)
      await context.close()
    },
  )

  it('a product page sends no order form: its order button opens the dialog, fetched when reached for', async () => {
    const { page, context, scripts } = await visit('/products/oxford-brogue')
    const first = await scripts()
    expect(first.includes(ORDER_FORM), 'the order form was sent').toBe(false)
    expect(first.includes(CHECKER), 'the form checker was sent').toBe(false)
    await page.locator('.product-page__actions').getByRole('button', { name: 'Purchase Now' }).click()
    await page.getByRole('dialog', { name: 'Place Your Order' }).waitFor()
    expect((await scripts()).includes(ORDER_FORM), 'the order form was sent').toBe(true)
    await context.close()
  })

  it('no page sends what only its HTML shows: the company’s registered office and number', async () => {
    for (const path of ['/', '/products', '/products/oxford-brogue', '/contact']) {
      const { context, scripts } = await visit(path)
      const sent = await scripts()
      expect(sent.length, path).toBeGreaterThan(1000)
      expect(sent.includes(COMPANY.registeredOffice.street), `${path}: the office's street was sent`).toBe(false)
      expect(sent.includes(COMPANY.companyNumber), `${path}: the company number was sent`).toBe(false)
      await context.close()
    }
  })
})

describe("a product's own order form (?order=1, where 'Purchase Now' leads without scripts)", () => {
  const address = '/products/oxford-brogue?order=1'
  const product = () => t.store.products.find((p) => p.id === 'oxford-brogue')!

  it('keeps what was typed while its code came after the page, and hands the order on', async () => {
    // The scripts the page names in its HTML run at once; any fetched after them are held, as on a slow line.
    const named = new Set(pageScripts((await rawGet(`${t.url}${address}`)).body.toString()))
    const textOf = async (paths: Iterable<string>) =>
      (await Promise.all([...paths].map(async (path) => (await rawGet(t.url + path)).body.toString()))).join('\n')
    expect((await textOf(named)).includes(ORDER_FORM), 'the page names the order form among its first scripts').toBe(
      false,
    )
    const later = new Set<string>()
    const { page, context, blocked } = await phone()
    let release!: () => void
    const held = new Promise<void>((resolve) => (release = resolve))
    let asked!: () => void
    const askedLater = new Promise<void>((resolve) => (asked = resolve))
    await page.route(/\/assets\/(entries|chunks)\/.*\.js$/, async (route) => {
      const path = new URL(route.request().url()).pathname
      if (!named.has(path)) {
        later.add(path)
        asked()
        await held
      }
      await route.continue()
    })
    // Not waiting for the load event: a held script the page asks for early would hold that back.
    await page.goto(address, { waitUntil: 'commit' })
    await askedLater

    // At first paint the form is there and takes typing, while its code is on its way.
    const form = page.locator('#order form')
    await typeOrder(form)
    release()
    await waitForHydration(page)
    expect((await textOf(later)).includes(ORDER_FORM), 'the order form came after the page').toBe(true)
    expect(await form.getByLabel('First name', { exact: true }).inputValue()).toBe(ORDER.firstName)
    expect(await form.getByLabel('Delivery address', { exact: true }).inputValue()).toBe(ORDER.address)
    expect(await form.getByLabel('Size (EU)').inputValue()).toBe(ORDER.size)

    const newTab = context.waitForEvent('page')
    await form.getByRole('button', { name: 'Purchase', exact: true }).click()
    await newTab
    await expect.poll(() => blocked.some((u) => u.startsWith(product().paymentLink))).toBe(true)
    const opened = new URL(blocked.find((u) => u.startsWith(product().paymentLink))!)
    expect(opened.searchParams.get('note')).toBe(buildOrderNote(product(), ORDER))
    await context.close()
  })

  it('works without JavaScript: sent empty, the server answers with its messages beside the fields', async () => {
    const { page, context } = await phone(false)
    await page.goto(address)
    const form = page.locator('#order form')
    await form.getByRole('button', { name: 'Purchase', exact: true }).click()
    await page.getByText('First name is required').waitFor()
    expect(await page.locator('#order').getByText('Please select a size').count()).toBe(1)
    await context.close()
  })
})
