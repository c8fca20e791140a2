/**
 * Photographs as a phone takes them, in Chromium at a phone's width: several chosen at once, each
 * with its own progress, said to be prepared while the server works on it, then shown; with the
 * page's script and without it. A HEIC is refused with the iPhone's way out.
 */
import type { Page } from 'playwright-core'
import sharp from 'sharp'
import { describe, expect, it, vi } from 'vitest'
import { openContext, waitForHydration, type ViewportName } from '../../support/browser.ts'
import { violations } from '../helpers/axe.ts'
import { browserSuiteForFile } from '../helpers/browser-suite.ts'
import { photosNow } from '../helpers/photo-forms.ts'
import { heicBytes } from '../helpers/phone-photos.ts'
import { screenshot } from '../helpers/screenshots.ts'
import { photoWork } from '../../server/services/images/photo-queue.server.ts'

vi.setConfig({ testTimeout: 120_000 })

const LABEL = 'Add a photograph (JPEG, PNG or WebP, from the camera or the gallery)'
const HEIC_TIP =
  'This is a HEIC photograph, which browsers cannot show. On an iPhone, ' +
  'choose it again from Photos: it will be sent as JPEG. Or set Settings > ' +
  'Camera > Formats to Most Compatible.'

const { t, browser } = browserSuiteForFile({ avifTwins: false })

const jpeg = async (name: string, r: number) => ({
  name,
  mimeType: 'image/jpeg',
  buffer: await sharp({ create: { width: 900, height: 1200, channels: 3, background: { r, g: 80, b: 40 } } })
    .jpeg()
    .toBuffer(),
})
const shot = (page: Page, name: string) => screenshot(page.locator('#photos'), name)

/** Holds the server's photograph work until released, so what the page says meanwhile can be read. */
function holdPhotoWork(): () => void {
  let release!: () => void
  void photoWork.run(() => new Promise<void>((r) => (release = r)))
  return () => release()
}

/** A product's page in a fresh context, usable at once: hydrated when it has its script. */
async function openProduct(id: string, viewport: ViewportName, javaScriptEnabled = true) {
  const opened = await openContext(browser, t.url, { viewport, javaScriptEnabled })
  await opened.page.goto(`/admin/products/${id}`)
  if (javaScriptEnabled) await waitForHydration(opened.page)
  return opened
}

/** Nothing asked of the internet, nothing logged as an error. */
async function closeClean({ context, blocked, errors }: Awaited<ReturnType<typeof openContext>>) {
  expect(blocked).toEqual([])
  expect(errors).toEqual([])
  await context.close()
}

describe.each(['phone', 'desktop'] as ViewportName[])(
  'several photographs at once, with the page’s script, at %s width',
  (viewport) => {
    it('shows one progress per photograph, says each is being prepared, then shows them all', async () => {
      const id = viewport === 'phone' ? 'bridle-belt' : 'oxford-brogue'
      const before = photosNow(t, id).length
      const opened = await openProduct(id, viewport)
      const { page } = opened
      const release = holdPhotoWork()
      await page
        .getByLabel(LABEL)
        .setInputFiles([
          await jpeg('IMG_0101.jpg', 20),
          await jpeg('IMG_0102.jpg', 120),
          await jpeg('IMG_0103.jpg', 220),
        ])
      await page.getByRole('button', { name: 'Upload' }).click()
      // Each photograph has its own line; the first is prepared while the others wait their turn.
      const queue = page.getByRole('list', { name: 'Photographs being added' })
      await expect.poll(() => queue.getByRole('listitem').count(), { timeout: 10_000 }).toBe(3)
      await page.getByRole('status').filter({ hasText: 'Preparing the photograph…' }).waitFor({ timeout: 30_000 })
      await page.getByRole('progressbar', { name: 'IMG_0101.jpg: Preparing the photograph…' }).waitFor()
      expect(await queue.getByText('IMG_0103.jpg: waiting its turn').count()).toBe(1)
      expect(photosNow(t, id)).toHaveLength(before)
      expect(await violations(page)).toEqual([])
      await shot(page, `several-preparing-${viewport}`)
      release()
      await page
        .getByRole('status')
        .filter({ hasText: "3 photographs added: they are on the product's page now." })
        .waitFor({ timeout: 60_000 })
      expect(photosNow(t, id)).toHaveLength(before + 3)
      expect(await page.locator('.product-photos__list img').count()).toBe(before + 3)
      expect(await queue.getByText(/: added$/).count()).toBe(3)
      await shot(page, `several-added-${viewport}`)
      await closeClean(opened)
    })
  },
)

describe('several photographs at once, without JavaScript, at phone width', () => {
  it('posts them all; the page that comes back shows them and says how many', async () => {
    const id = 'tote-bag'
    const before = photosNow(t, id).length
    const opened = await openProduct(id, 'phone', false)
    const { page } = opened
    expect(await page.getByLabel(LABEL).getAttribute('accept')).toBe('image/jpeg,image/png,image/webp')
    await page.getByLabel(LABEL).setInputFiles([await jpeg('IMG_0201.jpg', 30), await jpeg('IMG_0202.jpg', 200)])
    await Promise.all([page.waitForURL(/photo=added&n=2/), page.getByRole('button', { name: 'Upload' }).click()])
    await page
      .getByRole('status')
      .filter({ hasText: "2 photographs added: they are on the product's page now." })
      .waitFor()
    expect(photosNow(t, id)).toHaveLength(before + 2)
    expect(await page.locator('.product-photos__list img').count()).toBe(before + 2)
    await shot(page, 'several-added-nojs-phone')
    await closeClean(opened)
  })
})

describe('a HEIC photograph at phone width', () => {
  it('is refused with the iPhone tip before it is sent, with the page’s script', async () => {
    const opened = await openProduct('chelsea-boot', 'phone')
    const { page } = opened
    const sent: string[] = []
    page.on('request', (r) => r.method() === 'POST' && sent.push(r.url()))
    await page.getByLabel(LABEL).setInputFiles({ name: 'IMG_0301.HEIC', mimeType: 'image/heic', buffer: heicBytes() })
    await page.getByRole('button', { name: 'Upload' }).click()
    await page.getByRole('alert').filter({ hasText: HEIC_TIP }).waitFor()
    expect(sent).toEqual([])
    await shot(page, 'heic-refused-phone')
    await closeClean(opened)
  })

  it('is refused with the iPhone tip by the server, without JavaScript', async () => {
    const before = photosNow(t, 'chelsea-boot')
    const opened = await openProduct('chelsea-boot', 'phone', false)
    const { page } = opened
    await page.getByLabel(LABEL).setInputFiles({ name: 'IMG_0302.HEIC', mimeType: 'image/heic', buffer: heicBytes() })
    await Promise.all([page.waitForLoadState('load'), page.getByRole('button', { name: 'Upload' }).click()])
    await page.getByRole('alert').filter({ hasText: HEIC_TIP }).waitFor()
    expect(photosNow(t, 'chelsea-boot')).toEqual(before)
    // The refusal is a 415 page, which Chromium logs as a failed load: only the internet is checked.
    expect(opened.blocked).toEqual([])
    await opened.context.close()
  })
})
