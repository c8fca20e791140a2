/**
 * Every result of a tap on a product's page lands where the owner looks, at 390 px, with the page's
 * script and without it: a refusal (a HEIC photograph, one too large, the photo queue busy, 'Publish'
 * refused, the four angles refused) and a confirmation are on the first screen of the page that
 * answers, and said to a screen reader (the focus, or a live region beside the tapped button). No
 * page says image generation is not set up on a server where it is.
 */
import type { Browser, Locator, Page } from 'playwright-core'
import sharp from 'sharp'
import request from 'supertest'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { openContext, waitForHydration } from '../../support/browser.ts'
import { photoWork } from '../../server/services/images/photo-queue.server.ts'
import { startImageSuite, stopImageSuite } from '../helpers/browser-suite.ts'
import type { FakeOpenAI } from '../helpers/fake-openai.ts'
import { expectFocused } from '../helpers/focused.ts'
import { heicBytes } from '../helpers/phone-photos.ts'
import { addPhotos } from '../helpers/photo-forms.ts'
import type { TestServer } from '../helpers/server.ts'

vi.setConfig({ testTimeout: 120_000 })

const PHONE = { width: 390, height: 844 }
const LABEL = 'Add a photograph (JPEG, PNG or WebP, from the camera or the gallery)'
const NOT_SET_UP = 'Image generation is not set up'

let fake: FakeOpenAI
let t: TestServer
let browser: Browser
beforeAll(async () => void ({ fake, t, browser } = await startImageSuite()))
afterAll(() => stopImageSuite({ fake, t, browser }))

const jpeg = async () => ({
  name: 'IMG_0401.jpg',
  mimeType: 'image/jpeg',
  buffer: await sharp({ create: { width: 600, height: 800, channels: 3, background: { r: 90, g: 60, b: 30 } } })
    .jpeg()
    .toBuffer(),
})

/**
 * A product's page at 390 px. With the page's script, the taps wait for it: a tap before it
 * runs is a form's post, which is the page without JavaScript, tested as such.
 */
async function openProduct(id: string, javaScriptEnabled: boolean) {
  const opened = await openContext(browser, t.url, { viewport: 'phone', javaScriptEnabled })
  await opened.page.setViewportSize(PHONE)
  await opened.page.goto(`/admin/products/${id}`)
  if (javaScriptEnabled) await waitForHydration(opened.page)
  return opened
}

/** Taps a button as the owner does (scrolled to it first); resolves once the page that answers has loaded, if any. */
async function tap(page: Page, button: Locator, navigates: boolean) {
  await button.scrollIntoViewIfNeeded()
  if (!navigates) return button.click()
  await Promise.all([page.waitForNavigation({ waitUntil: 'load' }), button.click()])
}

/** The whole message inside the viewport as it is now, not only after a scroll of the owner's. */
async function expectOnFirstScreen(message: Locator) {
  await message.waitFor()
  await expect
    .poll(async () => {
      const box = await message.boundingBox()
      return box !== null && box.y >= 0 && box.y + box.height <= PHONE.height
    })
    .toBe(true)
}

/** Said without a page load: the message is in a live region, read as it appears. */
async function expectLive(message: Locator) {
  expect(await message.evaluate((e) => e.closest('[role=alert], [role=status], [aria-live]') !== null)).toBe(true)
}

/** A refusal on its first screen, announced: the focus on a page that loaded, a live region otherwise. */
async function expectRefusalSeen(page: Page, text: string, loaded: boolean) {
  const message = page.getByRole('alert').filter({ hasText: text })
  await expectOnFirstScreen(message)
  if (loaded) await expectFocused(page, text)
  else await expectLive(message)
  expect(await page.getByText(NOT_SET_UP).count()).toBe(0)
}

describe.each([
  { js: 'off', javaScriptEnabled: false },
  { js: 'on', javaScriptEnabled: true },
])('at 390 px, JavaScript $js', ({ javaScriptEnabled }) => {
  const loads = !javaScriptEnabled

  it('a HEIC photograph is refused on the first screen', async () => {
    const { page, context } = await openProduct('chelsea-boot', javaScriptEnabled)
    await page.getByLabel(LABEL).setInputFiles({ name: 'IMG_0301.HEIC', mimeType: 'image/heic', buffer: heicBytes() })
    await tap(page, page.getByRole('button', { name: 'Upload' }), loads)
    await expectRefusalSeen(page, 'This is a HEIC photograph', loads)
    await context.close()
  })

  it('a photograph too large is refused on the first screen', async () => {
    const { page, context } = await openProduct('chelsea-boot', javaScriptEnabled)
    const buffer = Buffer.alloc(25 * 1024 * 1024 + 1024, 0xff)
    await page.getByLabel(LABEL).setInputFiles({ name: 'IMG_0302.jpg', mimeType: 'image/jpeg', buffer })
    await tap(page, page.getByRole('button', { name: 'Upload' }), loads)
    await expectRefusalSeen(page, 'The photograph is larger than 25 MB.', loads)
    await context.close()
  })

  it('an upload while the photo queue is full is refused on the first screen', async () => {
    const { page, context } = await openProduct('penny-loafer', javaScriptEnabled)
    const places = []
    for (let place = photoWork.admit(); place; place = photoWork.admit()) places.push(place)
    try {
      await page.getByLabel(LABEL).setInputFiles(await jpeg())
      await tap(page, page.getByRole('button', { name: 'Upload' }), loads)
      await expectRefusalSeen(page, 'The site is busy with other photographs', loads)
    } finally {
      for (const place of places) place.leave()
    }
    await context.close()
  })

  it('a refused Publish says what is missing on the first screen, focused', async () => {
    const added = await request(t.app)
      .post('/admin/products/new')
      .type('form')
      .send({
        name: `Unfinished Belt ${javaScriptEnabled}`,
        price: '£95.00',
        category: 'belts',
        availability: 'in-stock',
        sku: `BL-UNF-${javaScriptEnabled}`,
        description: 'Bridle leather.',
        paymentLink: 'https://buy.stripe.com/unfinished',
      })
      .expect(303)
    const id = /\/admin\/products\/([^?]+)/.exec(added.headers.location!)![1]!
    const { page, context } = await openProduct(id, javaScriptEnabled)
    // A plain form's post, with the page's script too.
    await tap(page, page.getByRole('button', { name: 'Publish', exact: true }), true)
    await expectRefusalSeen(page, 'It cannot be published yet.', true)
    await context.close()
  })

  it('the four angles refused (the day’s images used meanwhile) on the first screen', async () => {
    const id = javaScriptEnabled ? 'tote-bag' : 'braided-belt'
    const { page, context } = await openProduct(id, javaScriptEnabled)
    await page.getByText('Generate the four angles…').click()
    const { left } = t.services.images.dailyLimit.allowance()
    await t.services.images.dailyLimit.reserve('elsewhere', left - 1).saved
    try {
      await tap(page, page.getByRole('button', { name: 'Generate the four angles' }), loads)
      await expectRefusalSeen(page, 'The daily image limit is reached', loads)
    } finally {
      await t.store.update((d) => ({ ...d, imageRuns: [] }))
    }
    await context.close()
  })
})

describe('confirmations at 390 px, without JavaScript', () => {
  async function open(id: string) {
    const opened = await openContext(browser, t.url, { viewport: 'phone', javaScriptEnabled: false })
    await opened.page.setViewportSize(PHONE)
    await opened.page.goto(`/admin/products/${id}`)
    return opened
  }

  it('a photograph added is said on the first screen of the page that comes back', async () => {
    const { page, context } = await open('weekender-holdall')
    await page.getByLabel(LABEL).setInputFiles(await jpeg())
    await tap(page, page.getByRole('button', { name: 'Upload' }), true)
    const said = page.getByRole('status').filter({ hasText: 'Photograph added' })
    await expectOnFirstScreen(said)
    await expectLive(said)
    await expectFocused(page, 'Photograph added')
    await context.close()
  })

  it('a photo action says what it did on the first screen', async () => {
    await addPhotos(t, 'monk-strap', 1)
    const { page, context } = await open('monk-strap')
    await tap(page, page.getByRole('button', { name: 'Make main (photograph 2)' }), true)
    const said = page.getByRole('status').filter({ hasText: 'is now the main photograph' })
    await expectOnFirstScreen(said)
    await expectLive(said)
    await expectFocused(page, 'is now the main photograph')
    await context.close()
  })

  it('Unpublish and Publish are said on the first screen, focused', async () => {
    const { page, context } = await open('messenger-bag')
    await tap(page, page.getByRole('button', { name: 'Unpublish' }), true)
    await expectOnFirstScreen(page.getByRole('status').filter({ hasText: 'Taken off the shop' }))
    await expectFocused(page, 'Taken off the shop')
    await tap(page, page.getByRole('button', { name: 'Publish', exact: true }), true)
    await expectOnFirstScreen(page.getByRole('status').filter({ hasText: 'Published' }))
    await expectFocused(page, 'Published')
    await context.close()
  })

  it('the four angles started: the page opens at their progress', async () => {
    const { page, context } = await open('dress-belt')
    fake.set({ delayMs: 400 })
    try {
      await page.getByText('Generate the four angles…').click()
      await tap(page, page.getByRole('button', { name: 'Generate the four angles' }), true)
      await expectOnFirstScreen(page.getByRole('progressbar', { name: 'Generating the four angles' }))
      await expectLive(page.getByText(/of 4 done/))
      expect(await page.getByText(NOT_SET_UP).count()).toBe(0)
    } finally {
      await expect.poll(() => t.services.images.generator.current, { timeout: 60_000 }).toBe(null)
      fake.set({ delayMs: 0 })
    }
    await context.close()
  })
})
