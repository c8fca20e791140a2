/**
 * A visitor orders from a page loaded before the owner changed the product (sold out, a new price, a
 * new lead time), in Chromium at 390 px, with JavaScript and without: the order never reaches the
 * payment page on the old terms, the visitor is told what changed and keeps what they typed. With
 * JavaScript the page only asks (GET) for the product's state: nothing typed reaches our server.
 */
import type { BrowserContext, Locator, Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import type { StoredProduct } from '../../domain/product.ts'
import { openContext, waitForHydration } from '../../support/browser.ts'
import { freshServerEachTest } from '../helpers/browser-suite.ts'
import { JANE_TYPES } from '../helpers/order-form.ts'

const suite = freshServerEachTest()
const PHONE = { width: 390, height: 844 }

const change = (patch: Partial<StoredProduct>) => suite.t.store.updateProduct('tote-bag', (p) => ({ ...p, ...patch }))
const paymentLink = () => suite.t.store.products.find((p) => p.id === 'tote-bag')!.paymentLink

async function open(javaScriptEnabled: boolean) {
  const opened = await openContext(suite.browser, suite.t.url, { viewport: 'phone', javaScriptEnabled, touch: true })
  await opened.page.setViewportSize(PHONE)
  const ours: string[] = []
  opened.page.on('request', (r) => {
    if (r.url().startsWith(suite.t.url) && r.method() !== 'GET') ours.push(`${r.method()} ${r.url()}`)
  })
  return { ...opened, ours }
}

async function type(form: Locator) {
  for (const [label, value] of Object.entries(JANE_TYPES)) await form.getByLabel(label).fill(value)
}

async function expectTyped(form: Locator) {
  for (const [label, value] of Object.entries(JANE_TYPES)) expect(await form.getByLabel(label).inputValue()).toBe(value)
}

/** Nothing was sent to the payment page, and no tab is left open on it. */
async function expectNoPayment(context: BrowserContext, blocked: string[]) {
  await expect.poll(() => context.pages().length).toBe(1)
  expect(blocked.filter((u) => u.startsWith(paymentLink()))).toEqual([])
  expect(context.pages()[0]!.url()).toContain(suite.t.url)
}

async function openDialog(page: Page) {
  await page.goto('/products/tote-bag')
  await waitForHydration(page)
  await page.locator('.product-page__actions').getByRole('button', { name: 'Purchase Now' }).click()
  const dialog = page.getByRole('dialog', { name: 'Place Your Order' })
  await dialog.waitFor()
  return dialog
}

/** Presses Purchase again and waits for the payment page's address, which the tests' browser blocks (no internet). */
async function orderAgain(context: BrowserContext, dialog: Locator, blocked: string[]) {
  const tab = context.waitForEvent('page')
  await dialog.getByRole('button', { name: 'Purchase' }).click()
  await tab
  await expect.poll(() => blocked.some((u) => u.startsWith(paymentLink()))).toBe(true)
  return new URL(blocked.find((u) => u.startsWith(paymentLink()))!).searchParams.get('note')!
}

/**
 * Types the order, lets the owner change the product, presses Purchase:
 * the dialog says `said`, keeps what was typed, and no payment page opens.
 */
async function pressAfterChange(
  context: BrowserContext,
  dialog: Locator,
  blocked: string[],
  patch: Partial<StoredProduct>,
  said: string,
) {
  await type(dialog)
  await change(patch)
  await dialog.getByRole('button', { name: 'Purchase' }).click()
  await expect.poll(() => dialog.getByRole('alert').innerText()).toContain(said)
  await expectTyped(dialog)
  await expectNoPayment(context, blocked)
}

describe('ordering with JavaScript from a page shown before the product changed', () => {
  it('sold out: says so, keeps what was typed, opens no payment page and offers no Purchase', async () => {
    const { page, context, blocked, ours, errors } = await open(true)
    const dialog = await openDialog(page)
    await pressAfterChange(context, dialog, blocked, { availability: 'sold-out' }, 'This bag sold out a moment ago.')
    expect(await dialog.getByRole('alert').innerText()).toBe('This bag sold out a moment ago.')
    expect(await dialog.getByRole('button', { name: 'Purchase', exact: true }).count()).toBe(0)
    expect(ours).toEqual([])
    expect(errors).toEqual([])
    await context.close()
  })

  it('a new price: says it, shows it, keeps what was typed; the next press orders at the new price', async () => {
    const { page, context, blocked, ours } = await open(true)
    const dialog = await openDialog(page)
    expect(await dialog.locator('.order-dialog__product-price').innerText()).toBe('£195.00')
    await pressAfterChange(context, dialog, blocked, { price: '£210.00' }, 'The price is now £210.00.')
    expect(await dialog.locator('.order-dialog__product-price').innerText()).toBe('£210.00')

    const note = await orderAgain(context, dialog, blocked)
    expect(note).toContain('Product: Market Tote (£210.00)')
    expect(note).toContain('Name: Jane Doe')
    expect(ours).toEqual([])
    await context.close()
  })

  it(
    'a new lead time: says it, shows it, keeps what was typed; the next ' + 'press orders with it in the note',
    async () => {
      await change({ availability: 'made-to-order', leadTime: '3 weeks' })
      const { page, context, blocked, ours } = await open(true)
      const dialog = await openDialog(page)
      expect(await dialog.locator('.order-dialog__product').innerText()).toContain('Made to order: ready in 3 weeks')
      await pressAfterChange(context, dialog, blocked, { leadTime: '5 weeks' }, 'It will now be ready in 5 weeks.')
      expect(await dialog.locator('.order-dialog__product').innerText()).toContain('Made to order: ready in 5 weeks')

      expect(await orderAgain(context, dialog, blocked)).toContain('Made to order: ready in 5 weeks')
      expect(ours).toEqual([])
      await context.close()
    },
  )
})

describe('ordering with JavaScript after the owner saved a payment link the site will not use', () => {
  it('says to get in touch, keeps what was typed, and never opens that link', async () => {
    const { page, context, blocked, ours } = await open(true)
    const dialog = await openDialog(page)
    const said = 'This product cannot be ordered online just now. Please get in touch to order it.'
    await pressAfterChange(context, dialog, blocked, { paymentLink: 'javascript:alert(1)' }, said)
    expect(blocked.filter((u) => u.startsWith('javascript:'))).toEqual([])
    expect(await dialog.getByRole('button', { name: 'Purchase', exact: true }).count()).toBe(0)
    expect(ours).toEqual([])
    await context.close()
  })
})

describe('ordering without JavaScript from a page shown before the product changed', () => {
  const cases: { name: string; patch: Partial<StoredProduct>; said: string; price: string }[] = [
    {
      name: 'sold out',
      patch: { availability: 'sold-out' },
      said: 'This bag sold out a moment ago.',
      price: '£195.00',
    },
    { name: 'a new price', patch: { price: '£210.00' }, said: 'The price is now £210.00.', price: '£210.00' },
    {
      name: 'a new lead time',
      patch: { availability: 'made-to-order', leadTime: '5 weeks' },
      said: 'It is now made to order: ready in 5 weeks.',
      price: '£195.00',
    },
  ]
  for (const c of cases) {
    it(
      `${c.name}: the page comes back with the new terms, the sentence and ` + `what was typed, and no payment page`,
      async () => {
        const { page, context, blocked } = await open(false)
        await page.goto('/products/tote-bag')
        await page.locator('.product-page__actions').getByRole('button', { name: 'Purchase Now' }).click()
        await page.waitForURL(/\/products\/tote-bag\?order=1#order$/)
        const panel = page.locator('#order')
        await type(panel)
        await change(c.patch)
        const answer = page.waitForResponse((r) => r.request().method() === 'POST')
        await panel.getByRole('button', { name: 'Purchase' }).click()
        expect((await answer).status()).toBe(409)
        await page.waitForLoadState('load')
        expect(await panel.getByRole('alert').innerText()).toContain(c.said)
        expect(await panel.locator('.order-dialog__product-price').innerText()).toBe(c.price)
        await expectTyped(panel)
        await expectNoPayment(context, blocked)
        await context.close()
      },
    )
  }
})
