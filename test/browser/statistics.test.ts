/**
 * A visitor on a phone (390 px) views a product and orders it, with JavaScript and without: the view
 * and the hand-off to payment are counted, ordering sends our server nothing but GET requests, and
 * no cookie is left in the browser.
 */
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { Request } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { openContext, waitForHydration } from '../../support/browser.ts'
import { freshServerEachTest } from '../helpers/browser-suite.ts'
import { todayOnDisk } from '../helpers/statistics.ts'
import { JANE_TYPES } from '../helpers/order-form.ts'

const suite = freshServerEachTest()
/** A person's phone: headless Chromium's own browser string names it a robot, which is not counted. */
const ANDROID =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, ' +
  'like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36'

async function open(javaScriptEnabled: boolean) {
  const opened = await openContext(suite.browser, suite.t.url, {
    viewport: 'phone',
    javaScriptEnabled,
    touch: true,
    userAgent: ANDROID,
  })
  await opened.page.setViewportSize({ width: 390, height: 844 })
  const ours: string[] = []
  opened.page.on('request', (r) => {
    if (r.url().startsWith(suite.t.url)) ours.push(`${r.method()} ${new URL(r.url()).pathname}`)
  })
  return { ...opened, ours }
}

const paymentLink = () => suite.t.store.products.find((p) => p.id === 'tote-bag')!.paymentLink

describe('a product viewed and ordered on a phone', () => {
  it('with JavaScript: the view and the hand-off are counted, through GET requests alone, with no cookie', async () => {
    const { page, context, blocked, ours } = await open(true)
    await page.goto('/products/tote-bag')
    await waitForHydration(page)
    await page.locator('.product-page__actions').getByRole('button', { name: 'Purchase Now' }).click()
    const dialog = page.getByRole('dialog', { name: 'Place Your Order' })
    for (const [label, value] of Object.entries(JANE_TYPES)) await dialog.getByLabel(label).fill(value)
    const tab = context.waitForEvent('page')
    await dialog.getByRole('button', { name: 'Purchase' }).click()
    await tab
    await expect.poll(() => blocked.some((u) => u.startsWith(paymentLink()))).toBe(true)
    await expect.poll(() => ours).toContain('GET /api/handoff/tote-bag')
    expect(ours.filter((r) => !r.startsWith('GET '))).toEqual([])
    await expect.poll(async () => (await todayOnDisk(suite.t))?.handoffs['tote-bag']).toBe(1)
    const day = await todayOnDisk(suite.t)
    expect(day?.pages['/products/tote-bag']?.views).toBe(1)
    expect(day?.devices).toEqual({ phone: 1 })
    expect(await context.cookies()).toEqual([])
  })

  it('without JavaScript: the order form’s post is counted once it is sent on to the payment page', async () => {
    const { page } = await open(false)
    await page.goto('/products/tote-bag')
    await page.locator('.product-page__actions').getByRole('button', { name: 'Purchase Now' }).click()
    await page.waitForURL(/\/products\/tote-bag\?order=1#order$/)
    const panel = page.locator('#order')
    for (const [label, value] of Object.entries(JANE_TYPES)) await panel.getByLabel(label).fill(value)
    const answer = page.waitForResponse((r) => r.request().method() === 'POST')
    await panel.getByRole('button', { name: 'Purchase' }).click()
    const sent = await answer
    expect(sent.status()).toBe(303)
    expect((await sent.headerValue('location'))?.startsWith(paymentLink())).toBe(true)
    const day = await todayOnDisk(suite.t)
    expect(day?.handoffs).toEqual({ 'tote-bag': 1 })
    expect(day?.pages['/products/tote-bag']?.views).toBe(2) // the page, then its order panel
  })
})

/** Another website (localhost is another site than 127.0.0.1) whose page shows `html`. */
async function anotherSite(html: string): Promise<{ url: string; close: () => Promise<void> }> {
  const server = createServer((_req, res) => res.writeHead(200, { 'Content-Type': 'text/html' }).end(html))
  await new Promise<void>((resolve) => server.listen(0, 'localhost', resolve))
  const { port } = server.address() as AddressInfo
  return { url: `http://localhost:${port}/`, close: () => new Promise((resolve) => server.close(() => resolve())) }
}

describe('a hand-off named by another website', () => {
  it.each([true, false])(
    'counts nothing for its image of the address, with JavaScript %s',
    async (javaScriptEnabled) => {
      const handoff = `${suite.t.url}/api/handoff/tote-bag`
      const site = await anotherSite(
        `<!doctype html><title>Elsewhere</title><img src="${handoff}" alt=""><img src="${handoff}?again" alt="">`,
      )
      const context = await suite.browser.newContext({ javaScriptEnabled, userAgent: ANDROID })
      try {
        const page = await context.newPage()
        const ended = new Promise<Request>((resolve) => {
          const done = (r: Request) => void (r.url().startsWith(handoff) && resolve(r))
          page.on('requestfinished', done)
          page.on('requestfailed', done)
        })
        await page.goto(site.url)
        const request = await ended
        // Answered by the shop (its Cross-Origin-Resource-Policy then keeps the answer from the other site).
        expect(request.failure()?.errorText).toMatch(/BLOCKED_BY_RESPONSE/)
        expect((await todayOnDisk(suite.t))?.handoffs ?? {}).toEqual({})
        // The shop's own page, asking the same address with fetch, is counted.
        if (javaScriptEnabled) {
          await page.goto(`${suite.t.url}/terms`)
          await page.evaluate((url) => fetch(url, { credentials: 'include' }).then((r) => r.status), handoff)
          expect((await todayOnDisk(suite.t))?.handoffs).toEqual({ 'tote-bag': 1 })
        }
      } finally {
        await context.close()
        await site.close()
      }
    },
  )
})
