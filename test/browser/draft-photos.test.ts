/**
 * A draft's photographs in Chromium at 390 px, with ADMIN_PASSWORD set: the owner signed in sees them on
 * the draft's page, even though the browser sends the sign-in unasked only below the address it was first
 * asked at; a visitor's browser gets nothing at their addresses.
 */
import type { Browser } from 'playwright-core'
import sharp from 'sharp'
import request from 'supertest'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { photosOf } from '../../domain/product-page.ts'
import { basicAuth } from '../helpers/basic-auth.ts'
import { startBrowserSuite, stopBrowserSuite } from '../helpers/browser-suite.ts'
import type { TestServer } from '../helpers/server.ts'

vi.setConfig({ testTimeout: 120_000 })

const PASSWORD = 'saddle-stitch-42'
const PHONE = { width: 390, height: 844 }

let t: TestServer
let browser: Browser
let draft: string
let photo: string
beforeAll(async () => {
  ;({ t, browser } = await startBrowserSuite({ env: { ADMIN_PASSWORD: PASSWORD }, avifTwins: false }))
  const owner = (address: string) => request(t.app).post(address).set('authorization', basicAuth(PASSWORD))
  const added = await owner('/admin/products/new')
    .type('form')
    .send({ name: 'Plaited Bridle Belt', price: '£95.00', category: 'belts', sku: 'BL-PLB-001' })
    .send({ availability: 'in-stock', description: 'Plaited bridle leather.', paymentLink: 'https://buy.stripe.com/p' })
    .expect(303)
  draft = /\/admin\/products\/([^?]+)/.exec(added.headers.location!)![1]!
  const jpeg = await sharp({ create: { width: 800, height: 800, channels: 3, background: '#7a4a2a' } })
    .jpeg()
    .toBuffer()
  await owner(`/admin/products/${draft}/photos`).attach('photo', jpeg, 'belt.jpg').expect(303)
  photo = photosOf(t.store.products.find((p) => p.id === draft)!)[0]!
})
afterAll(() => stopBrowserSuite({ t, browser }))

describe.each([
  { js: 'off', javaScriptEnabled: false },
  { js: 'on', javaScriptEnabled: true },
])('a draft’s photograph at 390 px, JavaScript $js', ({ javaScriptEnabled }) => {
  it('shows on its page to the owner signed in, and is nothing to a visitor', async () => {
    // The browser answers a sign-in request itself, and sends the sign-in only when asked, as a real
    // one does for an address outside the one it was first asked at.
    const context = await browser.newContext({
      viewport: PHONE,
      javaScriptEnabled,
      baseURL: t.url,
      httpCredentials: { username: 'admin', password: PASSWORD },
    })
    const page = await context.newPage()
    await page.goto(`/admin/products/${draft}`)
    const img = page.getByRole('img', { name: 'Plaited Bridle Belt, main photograph' })
    await expect
      .poll(() => img.evaluate((e: HTMLImageElement) => e.complete && e.naturalWidth > 0), { timeout: 30_000 })
      .toBe(true)
    await context.close()

    const visitor = await browser.newContext({ viewport: PHONE, javaScriptEnabled, baseURL: t.url })
    const asked = await visitor.newPage().then((p) => p.goto(photo))
    expect(asked?.status()).toBe(404)
    await visitor.close()
  })
})
