/**
 * The live preview of a product's card on its edit page, in real Chromium at a phone's width and a
 * desktop's: it follows what the owner types (the same card the shop shows), it never takes a
 * keystroke or the focus while its script starts, and without JavaScript the form works as before.
 */
import { describe, expect, it } from 'vitest'
import { holdScripts, openContext, waitForHydration, type ViewportName } from '../../support/browser.ts'
import { freshServerEachTest } from '../helpers/browser-suite.ts'

const suite = freshServerEachTest()

const saved = (id: string) => suite.t.store.products.find((p) => p.id === id)!

describe.each(['phone', 'desktop'] as ViewportName[])('the card preview at %s width', (viewport) => {
  it('follows name, price, description and availability as they are typed, saving nothing until Save', async () => {
    const { page, context, blocked, errors } = await openContext(suite.browser, suite.t.url, { viewport })
    await page.goto('/admin/products/oxford-brogue')
    const card = page.locator('.product-preview .product-card')
    expect(await card.locator('.product-card__name').innerText()).toBe('Oxford Brogue')
    await waitForHydration(page)
    await page.getByLabel('Name', { exact: true }).fill('Oxford Brogue, Black')
    await page.getByLabel('Price', { exact: true }).fill('£210.00')
    await page.getByLabel('Description').fill('Full brogue in black calf.')
    await page.getByLabel('Availability').selectOption('made-to-order')
    await page.getByLabel(/Time to make/).fill('4 weeks')
    await card.locator('.product-card__name').filter({ hasText: 'Oxford Brogue, Black' }).waitFor()
    expect(await card.locator('.product-card__price').innerText()).toBe('£210.00')
    expect(await card.locator('.product-card__description').innerText()).toBe('Full brogue in black calf.')
    expect(await card.locator('.product-card__availability').innerText()).toBe('Made to order: ready in 4 weeks')
    await page.getByLabel('Availability').selectOption('sold-out')
    await card.getByRole('button', { name: 'Sold out' }).waitFor()
    expect(saved('oxford-brogue').price).toBe('£185.00')
    // The card is a picture: nothing in it takes the focus or a tap.
    expect(await page.locator('.product-preview__card').evaluate((el) => (el as HTMLElement).inert)).toBe(true)
    await page.getByRole('button', { name: 'Save', exact: true }).click()
    await page.getByRole('status').filter({ hasText: 'Saved' }).waitFor()
    expect(saved('oxford-brogue')).toMatchObject({
      name: 'Oxford Brogue, Black',
      price: '£210.00',
      availability: 'sold-out',
    })
    expect(await page.locator('.product-preview .product-card__name').innerText()).toBe('Oxford Brogue, Black')
    expect(blocked).toEqual([])
    expect(errors).toEqual([])
    await context.close()
  })

  it('keeps every key typed while its script starts, and the focus where the owner is', async () => {
    const { page, context } = await openContext(suite.browser, suite.t.url, { viewport })
    const release = await holdScripts(page)
    // A slow phone: the script's start takes long enough to fall among the keystrokes.
    const cdp = await context.newCDPSession(page)
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 6 })
    await page.goto('/admin/products/chelsea-boot', { waitUntil: 'domcontentloaded' })
    const name = page.getByLabel('Name', { exact: true })
    await name.click()
    await page.keyboard.press('End')
    await page.keyboard.type(' in Walnut', { delay: 20 })
    release()
    // The owner types on while the page's script arrives and the preview hydrates.
    await page.keyboard.type(' Suede, Hand-stitched', { delay: 30 })
    await waitForHydration(page)
    await page.keyboard.type('!', { delay: 20 })
    expect(await name.inputValue()).toBe('Chelsea Boot in Walnut Suede, Hand-stitched!')
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('product-name')
    await page
      .locator('.product-preview .product-card__name')
      .filter({ hasText: 'Chelsea Boot in Walnut Suede, Hand-stitched!' })
      .waitFor()
    await context.close()
  })

  it('without JavaScript shows the card as saved, and the form saves as before', async () => {
    const { page, context } = await openContext(suite.browser, suite.t.url, { viewport, javaScriptEnabled: false })
    await page.goto('/admin/products/penny-loafer')
    expect(await page.locator('.product-preview .product-card__price').innerText()).toBe('£165.00')
    expect(await page.locator('.product-preview__hint').innerText()).toBe('As it was when this page opened.')
    await page.getByLabel('Price', { exact: true }).fill('£170.00')
    await page.getByRole('button', { name: 'Save', exact: true }).click()
    await page.getByRole('status').filter({ hasText: 'Saved' }).waitFor()
    expect(saved('penny-loafer').price).toBe('£170.00')
    expect(await page.locator('.product-preview .product-card__price').innerText()).toBe('£170.00')
    await context.close()
  })
})
