/**
 * The workspace on a 375 px phone, reached with a thumb: every control big enough to tap, nothing cut
 * short or wider than the screen, the header, heading and tabs small enough that the work starts in the
 * top half of the screen, whole rows that open what they show, tabs that fit or say they scroll, and
 * nothing axe objects to. With JavaScript and without, in a shop with new enquiries (so the Enquiries
 * tab shows a count), one from a customer with a very long name and e-mail address, and an order.
 */
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openContext, waitForHydration } from '../../support/browser.ts'
import { violations } from '../helpers/axe.ts'
import { startBrowserSuite, stopBrowserSuite } from '../helpers/browser-suite.ts'
import { busyWorkspace } from '../helpers/busy-workspace.ts'
import { newEnquiry } from '../helpers/new-enquiry.ts'
import { paidOrder } from '../helpers/orders.ts'
import type { TestServer } from '../helpers/server.ts'
import { TEST_WEBHOOK_SECRET } from '../../support/stripe-events.ts'
import { smallTargets } from '../helpers/tap-targets.ts'

/** The narrowest phone in common use (an iPhone SE or mini), as tall as a 390 × 844 one. */
const PHONE = { width: 375, height: 844 }
const DESKTOP = { width: 1280, height: 800 }
/** A folding phone's outer screen, the narrowest in use: there the tabs cannot all fit. */
const NARROW = { width: 280, height: 653 }
/** A fifth of the phone's screen, for the header, the heading and the tabs together. */
const TOP_BUDGET = 169

let t: TestServer
let browser: Browser
let pages: string[]
beforeAll(async () => {
  ;({ t, browser } = await startBrowserSuite({ env: { STRIPE_WEBHOOK_SECRET: TEST_WEBHOOK_SECRET } }))
  await busyWorkspace(t)
  // The one opened: its heading is the only place its page shows the whole name.
  const { id: enquiryId } = await t.store.addEnquiry({
    ...newEnquiry(13),
    firstName: 'Bartholomew-MaximilianBartholomew-Maximilian',
    lastName: 'Featherstonehaugh-Cholmondeley-Wolstenholme-Featherstonehaugh-Cholmondeley-Wolstenholme',
    email: 'averyveryveryverylongemailaddress.with.many.parts@subdomain.example-company-name.co.uk',
  })
  const orderId = await paidOrder(t)
  const product = t.store.products[0]!.id
  pages = [
    '/admin',
    '/admin/products',
    `/admin/products/${product}`,
    '/admin/products/new',
    '/admin/orders',
    `/admin/orders/${orderId}`,
    '/admin/enquiries',
    `/admin/enquiries/${enquiryId}`,
    '/admin/health',
    '/admin/history',
    '/admin/statistics',
    '/admin/snapshots',
  ]
})
afterAll(() => stopBrowserSuite({ t, browser }))

async function open(javaScriptEnabled: boolean, size = PHONE): Promise<{ page: Page; close: () => Promise<void> }> {
  const { page, context } = await openContext(browser, t.url, {
    viewport: 'phone',
    javaScriptEnabled,
    reducedMotion: 'reduce',
  })
  await page.setViewportSize(size)
  return { page, close: () => context.close() }
}

/** Loads a page as the owner sees it: at first paint without scripts, hydrated with them. */
async function visit(page: Page, path: string, js: boolean) {
  expect((await page.goto(path))?.status(), path).toBe(200)
  if (js) await waitForHydration(page)
}

/** What `check` finds on each workspace page in turn, each line led by the page's address. */
async function acrossPages(
  js: boolean,
  size: typeof PHONE,
  check: (page: Page) => Promise<string[]>,
): Promise<string[]> {
  const { page, close } = await open(js, size)
  const found: string[] = []
  for (const path of pages) {
    await visit(page, path, js)
    found.push(...(await check(page)).map((line) => `${path} ${line}`))
  }
  await close()
  return found
}

/**
 * Controls too small for a thumb, then what axe finds (WCAG 2.2 AA); axe runs in the page, so only with JavaScript on.
 */
const smallOrFlagged = async (page: Page) => [...(await smallTargets(page)), ...(await violations(page))]

/**
 * What is cut short or too wide, one line each: a page that scrolls sideways, a heading that does
 * not show all its words, a name in the inbox taller than two lines.
 */
function cutOrWide(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = []
    const width = document.documentElement.scrollWidth
    if (width > window.innerWidth) found.push(`the page is ${width} px wide`)
    for (const h of document.querySelectorAll('h1'))
      if (h.scrollWidth > h.clientWidth + 1) found.push(`the heading shows ${h.clientWidth} of its ${h.scrollWidth} px`)
    for (const name of document.querySelectorAll<HTMLElement>('.inbox-item__name')) {
      const lines = Math.round(name.getBoundingClientRect().height / parseFloat(getComputedStyle(name).lineHeight))
      if (lines > 2) found.push(`a name in the inbox takes ${lines} lines`)
    }
    return found
  })
}

/** Where the tabs end, and whether they fit the screen or show a cue that they scroll with the current tab in view. */
function tabsOf(page: Page) {
  return page.getByRole('navigation', { name: 'Workspace' }).evaluate((nav) => {
    const strip = nav.querySelector('ul')!
    const current = nav.querySelector('[aria-current="page"]')!.getBoundingClientRect()
    const shows = (edge: '::before' | '::after') => {
      const cue = getComputedStyle(nav, edge)
      return cue.content !== 'none' && cue.backgroundImage.includes('gradient') && cue.opacity !== '0'
    }
    const overflows = strip.scrollWidth > strip.clientWidth + 1
    // A long name wraps in the heading: its lines after the first are not held to the budget.
    const heading = document.querySelector('h1')!
    const moreLines = heading.getBoundingClientRect().height - parseFloat(getComputedStyle(heading).lineHeight)
    return {
      bottom: nav.getBoundingClientRect().bottom + window.scrollY - Math.max(0, moreLines),
      fits:
        !overflows && [...nav.querySelectorAll('a')].every((a) => a.getBoundingClientRect().right <= window.innerWidth),
      cue: shows('::before') || shows('::after'),
      currentInView: current.left >= 0 && current.right <= window.innerWidth,
    }
  })
}

describe.each([
  { js: false, label: 'without JavaScript' },
  { js: true, label: 'with JavaScript' },
])('on a 375 px phone, $label', ({ js }) => {
  it(
    'every control on every workspace page is at least 44 px tall and 24 px wide, nothing is cut short or wider ' +
      'than the screen, and axe finds nothing',
    { timeout: 240_000 },
    async () => {
      const check = async (page: Page) => [
        ...(await (js ? smallOrFlagged : smallTargets)(page)),
        ...(await cutOrWide(page)),
      ]
      expect(await acrossPages(js, PHONE, check)).toEqual([])
    },
  )

  it(
    'the header, heading (its first line) and tabs take at most a fifth of the screen, and the tabs fit it, ' +
      'counts included',
    { timeout: 240_000 },
    async () => {
      const found = await acrossPages(js, PHONE, async (page) => {
        const tabs = await tabsOf(page)
        const count = await page.getByRole('link', { name: /^Enquiries \(\d+ new\)$/ }).count()
        return [
          ...(tabs.bottom > TOP_BUDGET ? [`the tabs end ${Math.round(tabs.bottom)} px down`] : []),
          ...(tabs.fits ? [] : ['the tabs are wider than the screen']),
          ...(count === 1 ? [] : ['the Enquiries tab shows no count of new ones']),
        ]
      })
      expect(found).toEqual([])
    },
  )

  it(
    'on a narrower phone, tabs that cannot fit show they scroll, with the current one in view',
    { timeout: 240_000 },
    async () => {
      const found = await acrossPages(js, NARROW, async (page) => {
        const tabs = await tabsOf(page)
        return tabs.fits || (tabs.cue && tabs.currentInView)
          ? []
          : [
              `the tabs overflow with ` +
                `${tabs.cue ? '' : 'no cue'}${tabs.currentInView ? '' : ' the current tab out of view'}`,
            ]
      })
      expect(found).toEqual([])
    },
  )

  it('each tab’s focus ring shows whole, not cut by the row of tabs that scrolls', async () => {
    const { page, close } = await open(js)
    await visit(page, '/admin/products', js)
    const cut: string[] = []
    for (let i = 0; i < 60 && cut.length < 20; i++) {
      await page.keyboard.press('Tab')
      const ring = await page.evaluate(() => {
        const link = document.activeElement
        const row = link?.closest('.workspace-nav ul')
        if (!link || !row) return null
        const style = getComputedStyle(link)
        const reach = parseFloat(style.outlineOffset) + parseFloat(style.outlineWidth)
        const r = link.getBoundingClientRect()
        const clip = row.getBoundingClientRect()
        const out =
          r.top - reach < clip.top ||
          r.bottom + reach > clip.bottom ||
          r.left - reach < clip.left ||
          r.right + reach > clip.right
        return { name: link.textContent, out, last: link.closest('li') === row.lastElementChild }
      })
      if (!ring) continue
      if (ring.out) cut.push(String(ring.name))
      if (ring.last) break
    }
    await close()
    expect(cut).toEqual([])
  })

  it('the first product of the list starts in the top half of the screen', async () => {
    const { page, close } = await open(js)
    await visit(page, '/admin/products', js)
    const top = await page
      .locator('main ol > li')
      .first()
      .evaluate((row) => row.getBoundingClientRect().top + window.scrollY)
    await close()
    expect(top).toBeLessThan(PHONE.height / 2)
  })

  it('a tap on a product row, an enquiry row or an order row, away from its name, opens it', async () => {
    const { page, close } = await open(js)
    for (const { list, away } of [
      { list: '/admin/products', away: 'p' },
      { list: '/admin/enquiries', away: 'time' },
      { list: '/admin/orders', away: 'time' },
    ]) {
      await visit(page, list, js)
      const row = page.locator('main ol > li').first()
      const href = (await row.getByRole('link').first().getAttribute('href'))!
      // The finger lands at the end of the row's second line (its price, its time), not on the name.
      const box = (await row.locator(away).first().boundingBox())!
      await page.mouse.click(box.x + box.width - 2, box.y + box.height / 2)
      await page.waitForURL((url) => url.pathname + url.search === href)
    }
    await close()
  })
})

describe('on a 1280 px screen', () => {
  it(
    'every control on every workspace page is at least 44 px tall and 24 px wide, nothing is cut short or wider ' +
      'than the screen, and axe finds nothing',
    { timeout: 240_000 },
    async () => {
      const check = async (page: Page) => [...(await smallOrFlagged(page)), ...(await cutOrWide(page))]
      expect(await acrossPages(true, DESKTOP, check)).toEqual([])
    },
  )
})
