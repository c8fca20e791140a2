/**
 * The shop's order changed from the products list in real Chromium: dragged with a mouse (desktop)
 * or a finger (a phone at 375 px), moved with the arrows from the keyboard (the new place said
 * aloud, the focus kept), and with JavaScript off the arrows post.
 */
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { openContext, waitForHydration, type ViewportName } from '../../support/browser.ts'
import { freshServerEachTest } from '../helpers/browser-suite.ts'

const suite = freshServerEachTest()

const ids = () => suite.t.store.products.map((p) => p.id)
const said = (page: Page) => page.locator('.admin-products__said')
const rowIds = (page: Page) =>
  page.locator('.admin-products__row').evaluateAll((rows) => rows.map((r) => (r as HTMLElement).dataset.row))
const focusedButton = (page: Page) =>
  page.evaluate(() => (document.activeElement instanceof HTMLButtonElement ? document.activeElement.textContent : null))
const servedIds = (page: Page) =>
  page.evaluate(async () => ((await (await fetch('/api/products')).json()) as { id: string }[]).map((p) => p.id))

/**
 * Drags row `from` by its handle until its middle is just past the middle of
 * row `to`, by mouse or by a finger (touch events, as a phone sends them).
 */
async function drag(page: Page, from: number, to: number, by: 'mouse' | 'finger') {
  await page
    .locator('.admin-products__row')
    .nth(Math.round((from + to) / 2))
    .evaluate((row) => row.scrollIntoView({ block: 'center', behavior: 'instant' }))
  const handle = (await page.locator('.admin-products__handle').nth(from).boundingBox())!
  const row = (await page.locator('.admin-products__row').nth(from).boundingBox())!
  const target = (await page.locator('.admin-products__row').nth(to).boundingBox())!
  const x = handle.x + handle.width / 2
  const y0 = handle.y + handle.height / 2
  // The dragged row's middle goes just past the target row's middle.
  const y1 = y0 + target.y + target.height / 2 - (row.y + row.height / 2) + (to > from ? 8 : -8)
  const steps = 12
  if (by === 'mouse') {
    await page.mouse.move(x, y0)
    await page.mouse.down()
    for (let i = 1; i <= steps; i++) await page.mouse.move(x, y0 + ((y1 - y0) * i) / steps)
    await page.mouse.up()
    return
  }
  const cdp = await page.context().newCDPSession(page)
  const touch = (type: 'touchStart' | 'touchMove' | 'touchEnd', y: number) =>
    cdp.send('Input.dispatchTouchEvent', { type, touchPoints: type === 'touchEnd' ? [] : [{ x, y }] })
  await touch('touchStart', y0)
  for (let i = 1; i <= steps; i++) await touch('touchMove', y0 + ((y1 - y0) * i) / steps)
  await touch('touchEnd', y1)
  await cdp.detach()
}

describe.each(['phone', 'desktop'] as ViewportName[])('the products list at %s width', (viewport) => {
  const by = viewport === 'phone' ? 'finger' : 'mouse'

  it(`drags a product to a new place by ${by}: saved, said, and served by the shop`, async () => {
    const before = ids()
    const { page, context, blocked, errors } = await openContext(suite.browser, suite.t.url, {
      viewport,
      touch: viewport === 'phone',
    })
    await page.goto('/admin/products')
    await waitForHydration(page)
    await drag(page, 0, 3, by)
    const expected = [before[1], before[2], before[3], before[0], ...before.slice(4)]
    await said(page).filter({ hasText: 'Saved: Oxford Brogue is now number 4 of 14 in the shop.' }).waitFor()
    expect(await rowIds(page)).toEqual(expected)
    expect(ids()).toEqual(expected)
    expect(await servedIds(page)).toEqual(expected)
    await page.goto('/products')
    const shown = await page.locator('.product-card__name').allInnerTexts()
    expect(shown.slice(0, 4)).toEqual(
      expected.slice(0, 4).map((id) => suite.t.store.products.find((p) => p.id === id)!.name),
    )
    // A drag back up, past two rows.
    await page.goto('/admin/products')
    await waitForHydration(page)
    await drag(page, 5, 3, by)
    await said(page).filter({ hasText: 'is now number 4 of 14' }).waitFor()
    expect(ids()[3]).toBe(expected[5])
    expect(blocked).toEqual([])
    expect(errors).toEqual([])
    await context.close()
  })

  it('moves a product with the keyboard: the arrows say the new place and keep the focus on the product', async () => {
    const { page, context } = await openContext(suite.browser, suite.t.url, { viewport })
    await page.goto('/admin/products')
    await waitForHydration(page)
    const down = page.getByRole('button', { name: 'Move Chelsea Boot down' })
    await down.focus()
    await page.keyboard.press('Enter')
    await said(page).filter({ hasText: 'Saved: Chelsea Boot is now number 3 of 14 in the shop.' }).waitFor()
    expect(await said(page).getAttribute('aria-live')).toBe('polite')
    expect(await focusedButton(page)).toContain('Move Chelsea Boot down')
    await page.keyboard.press('Enter')
    await said(page).filter({ hasText: 'Chelsea Boot is now number 4 of 14' }).waitFor()
    expect(ids().indexOf('chelsea-boot')).toBe(3)
    // To the top: the up arrow is then disabled, so the focus goes to the down arrow.
    const up = page.getByRole('button', { name: 'Move Chelsea Boot up' })
    for (const place of [3, 2, 1]) {
      await up.focus()
      await page.keyboard.press('Enter')
      await said(page)
        .filter({ hasText: `Chelsea Boot is now number ${place} of 14` })
        .waitFor()
    }
    expect(await up.isDisabled()).toBe(true)
    expect(await focusedButton(page)).toContain('Move Chelsea Boot down')
    expect(ids()[0]).toBe('chelsea-boot')
    expect(await page.locator('.admin-products__row').first().getAttribute('data-row')).toBe('chelsea-boot')
    await context.close()
  })

  it(
    'moves a product with the arrows without JavaScript: the form posts and ' +
      'the list comes back in the new order, saying so in the row, in sight below the header',
    async () => {
      const before = ids()
      // Near the end of the list: below the first screen at either width.
      const at = before.length - 2
      const { id, name } = suite.t.store.products[at]!
      const { page, context } = await openContext(suite.browser, suite.t.url, { viewport, javaScriptEnabled: false })
      await page.goto('/admin/products')
      expect(await page.locator('.admin-products__handle').first().isVisible()).toBe(false)
      await page.getByRole('button', { name: `Move ${name} up` }).click()
      await page.waitForURL(`${suite.t.url}/admin/products?moved=${id}`)
      // Said where the owner is, and focused, so a screen reader reads it too.
      const notice = page.locator(`#row-${id}`).getByRole('status')
      expect(await notice.innerText()).toBe(`Saved: ${name} is now number ${at} of ${before.length} in the shop.`)
      await expect.poll(() => notice.evaluate((el) => el === document.activeElement)).toBe(true)
      // The moved row, scrolled to, is on the screen below the fixed header, not under it.
      const [row, header] = await Promise.all(
        [`#row-${id}`, '.site-header'].map(async (s) => (await page.locator(s).boundingBox())!),
      )
      expect(await page.evaluate(() => window.scrollY), 'the list scrolled to the row').toBeGreaterThan(0)
      expect(row!.y, 'the row is below the header').toBeGreaterThanOrEqual(header!.y + header!.height)
      expect(row!.y + row!.height, 'the row is on the screen').toBeLessThanOrEqual(page.viewportSize()!.height)
      const expected = [...before.slice(0, at - 1), before[at], before[at - 1], ...before.slice(at + 1)]
      expect(ids()).toEqual(expected)
      expect(await rowIds(page)).toEqual(expected)
      await context.close()
    },
  )
})
