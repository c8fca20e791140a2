/**
 * A product's photographs in real Chromium at a phone's width and a desktop's: the four angles
 * generated (through the real SDK against a fake images API on loopback) and chosen, with the
 * page's script and without it; an upload showing its progress and its result without reloading.
 */
import type { Browser, Page } from 'playwright-core'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { violations } from '../helpers/axe.ts'
import { openContext, waitForHydration, type ViewportName } from '../../support/browser.ts'
import { startImageSuite, stopImageSuite } from '../helpers/browser-suite.ts'
import type { FakeOpenAI } from '../helpers/fake-openai.ts'
import { screenshot } from '../helpers/screenshots.ts'
import type { TestServer } from '../helpers/server.ts'

vi.setConfig({ testTimeout: 120_000 })

let fake: FakeOpenAI
let t: TestServer
let browser: Browser
beforeAll(async () => void ({ fake, t, browser } = await startImageSuite()))
afterAll(() => stopImageSuite({ fake, t, browser }))

const saved = (id: string) =>
  t.store.products.find((p) => p.id === id) as { mainImage: string; photos?: { src: string }[] }
const shot = async (page: Page, name: string) => {
  await screenshot(page, name)
  await screenshot(page.locator('#photos'), `${name}-photos`)
}

describe.each(['phone', 'desktop'] as ViewportName[])('a product’s photographs at %s width', (viewport) => {
  const product = viewport === 'phone' ? 'chelsea-boot' : 'penny-loafer'

  it('generates the four angles with the page’s script, showing progress, and uses the one chosen', async () => {
    fake.set({ delayMs: 250 })
    const { page, context, blocked, errors } = await openContext(browser, t.url, { viewport })
    await page.goto(`/admin/products/${product}`)
    await waitForHydration(page)
    const before = saved(product).mainImage
    // Paid for: it asks first.
    await page.getByText('Generate the four angles…').click()
    await page.getByRole('button', { name: 'Generate the four angles' }).click()
    const bar = page.getByRole('progressbar', { name: 'Generating the four angles' })
    await bar.waitFor()
    await page.waitForFunction(
      () => Number(document.querySelector('.new-photos__track')?.getAttribute('aria-valuenow')) >= 1,
    )
    await shot(page, `angles-progress-${viewport}`)
    const choice = page.getByRole('button', { name: 'Use as main (new 45-degree view)' })
    await choice.waitFor()
    await page
      .getByRole('status')
      .filter({ hasText: 'The new photographs are ready: choose which to use below.' })
      .waitFor()
    expect(await page.getByRole('img', { name: /new (main view|45-degree view|side profile|detail)$/ }).count()).toBe(4)
    expect(saved(product).mainImage).toBe(before)
    expect(await violations(page)).toEqual([])
    await page.locator('#new-photos').scrollIntoViewIfNeeded()
    await shot(page, `angles-offered-${viewport}`)
    await choice.click()
    await page.getByRole('status').filter({ hasText: 'The new 45-degree view is now the main photograph.' }).waitFor()
    expect(saved(product).mainImage).toMatch(/-45-degree-1024\.webp$/)
    await page.goto(`/products/${product}`)
    expect(await page.locator('main img').first().getAttribute('src')).toContain(
      saved(product).mainImage.replace(/-1024\.webp$/, ''),
    )
    expect(blocked).toEqual([])
    expect(errors).toEqual([])
    await context.close()
    fake.set({ delayMs: 0 })
  })

  it(
    'generates and chooses without JavaScript: the page says how far it ' + 'got, a refresh shows the new photographs',
    async () => {
      const id = viewport === 'phone' ? 'tote-bag' : 'braided-belt'
      fake.set({ delayMs: 400 })
      const { page, context, blocked } = await openContext(browser, t.url, { viewport, javaScriptEnabled: false })
      await page.goto(`/admin/products/${id}`)
      await page.getByText('Generate the four angles…').click()
      await page.getByRole('button', { name: 'Generate the four angles' }).click()
      await page.getByRole('progressbar', { name: 'Generating the four angles' }).waitFor()
      const refresh = page.getByRole('link', { name: 'Refresh to see how far it got' })
      await shot(page, `angles-nojs-progress-${viewport}`)
      const useAll = page.getByRole('button', { name: 'Use these 4 instead of the current photographs' })
      // The run ends a moment after its photographs are offered: refresh until the page says it is over.
      // Each refresh waits for the page it asked for, so a look never falls on the page being left.
      const notice = page.getByRole('status').filter({ hasText: 'The new photographs are ready' })
      const ready = async () => {
        if ((await notice.count()) > 0) return true
        await Promise.all([page.waitForEvent('load'), refresh.click()])
        return (await notice.count()) > 0
      }
      await expect.poll(ready, { timeout: 45_000, interval: 250 }).toBe(true)
      expect(await useAll.count()).toBe(1)
      await useAll.click()
      await page.getByRole('status').filter({ hasText: 'Done: the photographs you chose' }).waitFor()
      expect(saved(id).photos).toHaveLength(3)
      expect(blocked).toEqual([])
      await context.close()
      fake.set({ delayMs: 0 })
    },
  )

  it('uploads a photograph showing its progress, then shows it without reloading or moving the focus', async () => {
    const id = viewport === 'phone' ? 'bridle-belt' : 'oxford-brogue'
    const { page, context, blocked, errors } = await openContext(browser, t.url, { viewport })
    await page.goto(`/admin/products/${id}`)
    await waitForHydration(page)
    await page.evaluate(() => {
      ;(window as unknown as { seen: number[] }).seen = []
      new MutationObserver(() => {
        const bar = document.querySelector<HTMLProgressElement>('.product-photos__queue progress[value]')
        if (bar) (window as unknown as { seen: number[] }).seen.push(bar.value)
      }).observe(document.body, { subtree: true, childList: true, attributes: true })
      ;(window as unknown as { marker: boolean }).marker = true
    })
    // A slow phone connection, so the upload takes a few seconds.
    const cdp = await context.newCDPSession(page)
    await cdp.send('Network.enable')
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 20,
      downloadThroughput: -1,
      uploadThroughput: 256 * 1024,
    })
    await page
      .getByLabel('Add a photograph (JPEG, PNG or WebP, from the camera or the gallery)')
      .setInputFiles({ name: 'phone.jpg', mimeType: 'image/jpeg', buffer: await noisyJpeg() })
    const upload = page.getByRole('button', { name: 'Upload' })
    await upload.focus()
    await page.keyboard.press('Enter')
    await page.getByRole('progressbar').first().waitFor()
    await shot(page, `upload-progress-${viewport}`)
    await page
      .getByRole('status')
      .filter({ hasText: "Photograph added: it is on the product's page now." })
      .waitFor({ timeout: 60_000 })
    const seen = await page.evaluate(() => (window as unknown as { seen: number[] }).seen)
    expect(
      seen.some((v) => v > 0 && v < 100),
      JSON.stringify(seen),
    ).toBe(true)
    expect(await page.evaluate(() => (window as unknown as { marker?: boolean }).marker)).toBe(true)
    expect(await page.getByRole('img', { name: /photograph 2$/ }).count()).toBe(1)
    expect(saved(id).photos).toHaveLength(1)
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Upload')
    await shot(page, `upload-done-${viewport}`)
    expect(blocked).toEqual([])
    expect(errors).toEqual([])
    await context.close()
  })
})

describe('a photograph chosen before the page’s script has started', () => {
  it('is kept through hydration and sent with progress', async () => {
    const { page, context } = await openContext(browser, t.url, { viewport: 'phone' })
    let release!: () => void
    const held = new Promise<void>((r) => (release = r))
    await page.route(/\/assets\/(entries|chunks)\/.*\.js$/, async (route) => {
      await held
      await route.continue()
    })
    await page.goto('/admin/products/weekender-holdall', { waitUntil: 'domcontentloaded' })
    const field = page.getByLabel('Add a photograph (JPEG, PNG or WebP, from the camera or the gallery)')
    await field.setInputFiles({ name: 'early.jpg', mimeType: 'image/jpeg', buffer: await noisyJpeg(400) })
    await field.focus()
    release()
    await page.waitForFunction(() => document.body.dataset.hydrated === 'true')
    expect(await field.evaluate((input: HTMLInputElement) => input.files?.[0]?.name)).toBe('early.jpg')
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('photo-file')
    await page.getByRole('button', { name: 'Upload' }).click()
    await page.getByRole('status').filter({ hasText: 'Photograph added' }).waitFor()
    expect(page.url()).toBe(`${t.url}/admin/products/weekender-holdall`)
    await context.close()
  })
})

/** A photograph-like JPEG of about a megabyte: random pixels do not compress. */
async function noisyJpeg(size = 900): Promise<Buffer> {
  const pixels = Buffer.alloc(size * size * 3)
  for (let i = 0; i < pixels.length; i++) pixels[i] = (i * 2654435761) >>> 24
  return sharp(pixels, { raw: { width: size, height: size, channels: 3 } })
    .jpeg({ quality: 95 })
    .toBuffer()
}
