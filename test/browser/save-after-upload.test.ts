/**
 * One product's page on a 390 px phone, its forms used one after the other without reloading: an
 * upload, then an edit and Save. With the page's script the upload happens in place and the product
 * form follows it; without, every step is a form that posts. Either way the Save is saved with the
 * photograph, read from the page and from the data file; only a field changed in another tab too is
 * a conflict, shown readably, and keeping one's version keeps the photograph.
 */
import type { Page } from 'playwright-core'
import sharp from 'sharp'
import { describe, expect, it, vi } from 'vitest'
import { openContext, waitForHydration } from '../../support/browser.ts'
import { violations } from '../helpers/axe.ts'
import { freshServerEachTest } from '../helpers/browser-suite.ts'
import { dataOnDisk } from '../helpers/on-disk.ts'
import { addNewBeltInBrowser, NEW_BELT } from '../helpers/product-form.ts'
import { screenshot } from '../helpers/screenshots.ts'

vi.setConfig({ testTimeout: 120_000 })

const suite = freshServerEachTest()
const PHONE = { width: 390, height: 844 }

type Stored = { id: string; description: string; mainImage: string; photos?: { src: string }[]; status?: string }
const onDisk = async (id: string) =>
  (await dataOnDisk<{ products: Stored[] }>(suite.t.dataFile)).products.find((p) => p.id === id)!

const jpeg = async () => ({
  name: 'belt.jpg',
  mimeType: 'image/jpeg',
  buffer: await sharp({ create: { width: 900, height: 900, channels: 3, background: { r: 120, g: 70, b: 30 } } })
    .jpeg()
    .toBuffer(),
})

const MODES = [
  { js: 'on', javaScriptEnabled: true },
  { js: 'off', javaScriptEnabled: false },
]

async function phone(javaScriptEnabled: boolean) {
  const opened = await openContext(suite.browser, suite.t.url, { javaScriptEnabled })
  await opened.page.setViewportSize(PHONE)
  return opened
}

/** Opens a page and, with the script, waits until it is hydrated: the upload then happens in place. */
async function open(page: Page, address: string, javaScriptEnabled: boolean) {
  await page.goto(address)
  if (javaScriptEnabled) await waitForHydration(page)
}

/** Uploads one JPEG from the product's page and waits until the page shows it; answers its address. */
async function uploadOne(page: Page, name: string, javaScriptEnabled: boolean): Promise<string> {
  const before = await page.getByRole('img', { name: new RegExp(`^${name}, (main )?photograph`) }).count()
  const address = page.url()
  await page
    .getByLabel('Add a photograph (JPEG, PNG or WebP, from the camera or the gallery)')
    .setInputFiles(await jpeg())
  await page.getByRole('button', { name: 'Upload' }).click()
  if (javaScriptEnabled) {
    await page.getByRole('status').filter({ hasText: 'Photograph added' }).first().waitFor()
    expect(page.url(), 'the page was not reloaded').toBe(address)
  }
  const shown = page.getByRole('img', { name: new RegExp(`^${name}, (main )?photograph`) })
  // A deadline for a busy machine: the upload is resized before the page shows it.
  await expect.poll(() => shown.count(), { timeout: 15_000 }).toBe(before + 1)
  return (await shown.last().getAttribute('src'))!
}

async function saveDescription(page: Page, description: string) {
  await page.getByLabel('Description', { exact: true }).fill(description)
  await page.getByRole('button', { name: /^Save/ }).click()
}

describe.each(MODES)('Save after an upload on the same page, JavaScript $js', ({ javaScriptEnabled }) => {
  it('a new draft: added from Products, a JPEG uploaded, the description saved with the photograph', async () => {
    const { page, context, blocked } = await phone(javaScriptEnabled)
    try {
      await open(page, '/admin/products', javaScriptEnabled)
      await page.getByRole('link', { name: 'Add a product' }).click()
      await addNewBeltInBrowser(page)
      await page.waitForURL(/\/admin\/products\/plaited-bridle-belt\?done=added/)
      if (javaScriptEnabled) await waitForHydration(page)

      const photo = await uploadOne(page, 'Plaited Bridle Belt', javaScriptEnabled)
      expect(photo).toMatch(/^\/media\/products\/plaited-bridle-belt\//)
      // The form shows the photograph it now has, and so does its card.
      expect(await page.getByLabel('Photograph shown first').inputValue()).toBe(photo)
      expect(await page.locator('.product-preview img').getAttribute('src')).toMatch(/^\/media\/products\//)

      await saveDescription(page, 'Plaited by hand from English bridle leather.')
      await page.getByRole('status').filter({ hasText: 'Saved. It is a draft' }).waitFor()
      expect(await page.getByRole('alert').count()).toBe(0)
      expect(await page.getByLabel('Description', { exact: true }).inputValue()).toBe(
        'Plaited by hand from English bridle leather.',
      )
      await page.getByRole('img', { name: 'Plaited Bridle Belt, main photograph' }).waitFor()
      expect(await onDisk('plaited-bridle-belt')).toMatchObject({
        description: 'Plaited by hand from English bridle leather.',
        mainImage: photo,
        status: 'draft',
      })
      expect(blocked).toEqual([])
    } finally {
      await context.close()
    }
  })

  it('a published product: the first Save after an upload is saved, its photographs all kept', async () => {
    const { page, context } = await phone(javaScriptEnabled)
    try {
      const main = (await onDisk('monk-strap')).mainImage
      await open(page, '/admin/products/monk-strap', javaScriptEnabled)
      const added = await uploadOne(page, 'Double Monk Strap', javaScriptEnabled)
      await saveDescription(page, 'Double monk strap, hand-burnished.')
      await page.getByRole('status').filter({ hasText: 'Saved: the change is on the site now.' }).waitFor()
      const saved = await onDisk('monk-strap')
      expect(saved).toMatchObject({ description: 'Double monk strap, hand-burnished.', mainImage: main })
      expect(saved.status).toBeUndefined()
      expect((saved.photos ?? []).map((p) => p.src)).toContain(added)
      await page
        .getByRole('img', { name: /^Double Monk Strap, photograph \d+$/ })
        .last()
        .waitFor()
    } finally {
      await context.close()
    }
  })

  it('a field changed in another tab too: both shown readably, and keeping mine keeps the photograph', async () => {
    const { page, context } = await phone(javaScriptEnabled)
    try {
      const added = await suite.t.services.catalogue.add(NEW_BELT)
      expect(added.ok).toBe(true)
      await open(page, '/admin/products/plaited-bridle-belt', javaScriptEnabled)
      const photo = await uploadOne(page, 'Plaited Bridle Belt', javaScriptEnabled)
      // Another tab, opened now, saves a new description first.
      const other = await context.newPage()
      await other.goto('/admin/products/plaited-bridle-belt')
      await saveDescription(other, 'Written in the other tab.')
      await other.getByRole('status').filter({ hasText: 'Saved.' }).waitFor()
      await other.close()

      await saveDescription(page, 'Written on the phone.')
      const conflict = page.getByRole('alert').filter({ hasText: 'saved in another tab or window' })
      await conflict.waitFor()
      const fields = conflict.locator('.conflict__field')
      expect(await fields.count()).toBe(1)
      expect(await fields.innerText()).toBe(
        'Description\nSaved now: Written in the other tab.\nYours: Written on the phone.',
      )
      // The page opens at it, and it reads across the phone: no word broken letter by letter.
      const box = (await conflict.boundingBox())!
      expect(box.y).toBeLessThan(PHONE.height)
      expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width)
      const label = (await conflict.locator('dt').boundingBox())!
      expect(label.height).toBeLessThan(40)
      await screenshot(conflict, `save-conflict-390-js-${javaScriptEnabled ? 'on' : 'off'}`)
      await screenshot(page, `save-conflict-page-390-js-${javaScriptEnabled ? 'on' : 'off'}`)
      if (javaScriptEnabled) expect(await violations(page)).toEqual([])
      expect((await onDisk('plaited-bridle-belt')).description).toBe('Written in the other tab.')

      await page.getByRole('button', { name: 'Save my version' }).click()
      await page.getByRole('status').filter({ hasText: 'Saved. It is a draft' }).waitFor()
      expect(await onDisk('plaited-bridle-belt')).toMatchObject({
        description: 'Written on the phone.',
        mainImage: photo,
      })
      await page.getByRole('img', { name: 'Plaited Bridle Belt, main photograph' }).waitFor()
    } finally {
      await context.close()
    }
  })
})
