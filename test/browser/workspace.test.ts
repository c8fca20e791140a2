/**
 * The owner's workspace in real Chromium, at a phone's width and a desktop's, as the owner uses it
 * (a browser on the server machine, no password set), and as a visitor is refused.
 */
import path from 'node:path'
import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { main as snapshots } from '../../scripts/snapshots.ts'
import { openContext, waitForHydration, type ViewportName } from '../../support/browser.ts'
import { BAD_PAYMENT_LINKS } from '../helpers/bad-payment-links.ts'
import { freshServerEachTest } from '../helpers/browser-suite.ts'
import { ownerSaves } from '../helpers/owner-save.ts'

const suite = freshServerEachTest()

const priceOf = (id: string) => suite.t.store.products.find((p) => p.id === id)?.price

describe('a wrong payment link, on a 390 px phone, with JavaScript and without', () => {
  const phone = { width: 390, height: 844 }

  it('is refused beside its field, keeping what was typed, and nothing is saved', async () => {
    const before = suite.t.store.products.find((p) => p.id === 'bridle-belt')!.paymentLink
    for (const javaScriptEnabled of [true, false]) {
      const { page, context } = await openContext(suite.browser, suite.t.url, { viewport: 'phone', javaScriptEnabled })
      await page.setViewportSize(phone)
      await page.goto('/admin/products/bridle-belt')
      const field = page.getByLabel('Card payment page', { exact: true })
      await field.fill(BAD_PAYMENT_LINKS[0])
      await page.getByRole('button', { name: 'Save', exact: true }).click()
      const message = page.locator('#product-paymentLink-error')
      await message.waitFor()
      expect(await message.innerText()).toContain(
        'starting with https:// and a host name such as buy.stripe.com, without spaces or commas',
      )
      expect(await field.getAttribute('aria-invalid')).toBe('true')
      expect(await field.getAttribute('aria-describedby')).toContain('product-paymentLink-error')
      expect(await field.inputValue()).toBe(BAD_PAYMENT_LINKS[0])
      const [box, said] = [await field.boundingBox(), await message.boundingBox()]
      expect(Math.abs(box!.x - said!.x), 'the message sits beside the field').toBeLessThan(40)
      expect(box!.x + box!.width).toBeLessThanOrEqual(phone.width)
      expect(suite.t.store.products.find((p) => p.id === 'bridle-belt')!.paymentLink).toBe(before)
      await context.close()
    }
  })

  it('in the data file: its page tells the visitor to get in touch instead of taking the order', async () => {
    const products = suite.t.store.products.map((p) =>
      p.id === 'bridle-belt' ? { ...p, paymentLink: BAD_PAYMENT_LINKS[0] } : p,
    )
    await ownerSaves(suite.t.store, JSON.stringify({ ...suite.t.store.data, products }, null, 2))
    for (const javaScriptEnabled of [true, false]) {
      const { page, context } = await openContext(suite.browser, suite.t.url, { viewport: 'phone', javaScriptEnabled })
      await page.setViewportSize(phone)
      expect((await page.goto('/products/bridle-belt?order=1'))?.status()).toBe(200)
      const purchase = page.locator('[data-island="product-purchase"]')
      expect(await purchase.innerText()).toContain(
        'This product cannot be ordered online just now. Please get in touch to order it.',
      )
      expect(await purchase.getByRole('button', { name: 'Purchase Now' }).count()).toBe(0)
      expect(await page.getByLabel('First name').count()).toBe(0)
      await purchase.getByRole('link', { name: 'Please get in touch to order it.' }).click()
      await page.waitForURL(`${suite.t.url}/contact`)
      await context.close()
    }
  })
})

describe.each(['phone', 'desktop'] as ViewportName[])('the workspace at %s width', (viewport) => {
  it('edits a price, and the catalogue shows it', async () => {
    const { page, context } = await openContext(suite.browser, suite.t.url, { viewport })
    await page.goto('/admin/products')
    await page.getByRole('link', { name: 'Chelsea Boot' }).click()
    await page.getByLabel('Price', { exact: true }).fill('£215.00')
    await page.getByRole('button', { name: 'Save', exact: true }).click()
    await page.getByRole('status').filter({ hasText: 'Saved: the change is on the site now.' }).waitFor()
    expect(priceOf('chelsea-boot')).toBe('£215.00')
    await page.goto('/products')
    expect(await page.locator('.product-card').filter({ hasText: 'Chelsea Boot' }).innerText()).toContain('£215.00')
    await context.close()
  })

  it('shows a wrong price beside its field, keeping what was typed', async () => {
    const { page, context } = await openContext(suite.browser, suite.t.url, { viewport })
    await page.goto('/admin/products/penny-loafer')
    const price = page.getByLabel('Price', { exact: true })
    await price.fill('165 pounds')
    await page.getByRole('button', { name: 'Save', exact: true }).click()
    await page.locator('#product-price-error').waitFor()
    expect(await page.locator('#product-price-error').innerText()).toContain('Write the price in pounds, such as 185')
    expect(await page.getByLabel('Price', { exact: true }).inputValue()).toBe('165 pounds')
    expect(await page.getByLabel('Price', { exact: true }).getAttribute('aria-invalid')).toBe('true')
    expect(priceOf('penny-loafer')).toBe('£165.00')
    await context.close()
  })

  it(
    'adds a product as a draft, and once its photograph is uploaded and it ' + 'is published, its page is on the site',
    async () => {
      const { page, context } = await openContext(suite.browser, suite.t.url, { viewport })
      await page.goto('/admin/products')
      await page.getByRole('link', { name: 'Add a product' }).click()
      await page.getByLabel('Name', { exact: true }).fill('Woven Key Fob')
      await page.getByLabel('Price', { exact: true }).fill('£25.00')
      await page.getByLabel('Category').selectOption('belts')
      await page.getByLabel('SKU (stock code)').fill('BT-WKF-009')
      await page.getByLabel('Description').fill('A small plaited fob in tan calf.')
      await page.getByLabel('Card payment page', { exact: true }).fill('https://buy.stripe.com/ash_key_fob')
      await page.getByRole('button', { name: 'Add as a draft' }).click()
      await page.waitForURL(`${suite.t.url}/admin/products/woven-key-fob?done=added`)
      const jpeg = await sharp({
        create: { width: 600, height: 600, channels: 3, background: { r: 170, g: 120, b: 70 } },
      })
        .jpeg()
        .toBuffer()
      await page
        .getByLabel('Add a photograph (JPEG, PNG or WebP, from the camera or the gallery)')
        .setInputFiles({ name: 'fob.jpg', mimeType: 'image/jpeg', buffer: jpeg })
      await page.getByRole('button', { name: 'Upload' }).click()
      await page.getByRole('img', { name: 'Woven Key Fob, main photograph' }).waitFor()
      await page.getByRole('button', { name: 'Publish', exact: true }).click()
      await page.getByRole('link', { name: 'See it on the site' }).click()
      await page.getByRole('heading', { level: 1, name: 'Woven Key Fob' }).waitFor()
      expect(await page.locator('main').innerText()).toContain('£25.00')
      await context.close()
    },
  )

  it('marks a product sold out: it cannot be ordered, with JavaScript or without', async () => {
    const owner = await openContext(suite.browser, suite.t.url, { viewport })
    await owner.page.goto('/admin/products/tote-bag')
    await owner.page.getByLabel('Availability').selectOption('sold-out')
    await owner.page.getByRole('button', { name: 'Save', exact: true }).click()
    await owner.page.getByRole('status').filter({ hasText: 'Saved' }).waitFor()
    await owner.context.close()
    for (const javaScriptEnabled of [true, false]) {
      const { page, context } = await openContext(suite.browser, suite.t.url, { viewport, javaScriptEnabled })
      await page.goto('/products/tote-bag')
      if (javaScriptEnabled) await waitForHydration(page)
      expect(await page.locator('.product-page__availability').innerText()).toBe('Sold out')
      const purchase = page.locator('[data-island="product-purchase"]')
      expect(await purchase.getByRole('button', { name: 'Sold out' }).isDisabled()).toBe(true)
      expect(await purchase.getByRole('button', { name: 'Purchase Now' }).count()).toBe(0)
      await page.goto('/products/tote-bag?order=1')
      expect(await page.locator('.order-panel__sold-out').innerText()).toContain('sold out and cannot be ordered')
      expect(await page.getByLabel('First name').count()).toBe(0)
      await context.close()
    }
  })

  it('uploads a photograph from the phone, and the product page shows it', async () => {
    const file = path.join(suite.t.dir, 'IMG_0001.jpg')
    await sharp({ create: { width: 1600, height: 1200, channels: 3, background: { r: 120, g: 70, b: 30 } } })
      .jpeg()
      .toFile(file)
    const { page, context } = await openContext(suite.browser, suite.t.url, { viewport })
    await page.goto('/admin/products/dress-belt')
    await page.getByLabel(/Add a photograph/).setInputFiles(file)
    await page.getByRole('button', { name: 'Upload' }).click()
    await page.getByRole('status').filter({ hasText: 'Photograph added' }).waitFor()
    const stored = (suite.t.store.products.find((p) => p.id === 'dress-belt') as { photos?: { src: string }[] })
      .photos![0]!.src
    await page.goto('/products/dress-belt')
    const shown = await page
      .locator('main img')
      .evaluateAll((imgs) => imgs.map((i) => (i as HTMLImageElement).currentSrc || (i as HTMLImageElement).src))
    expect(shown.some((src) => src.includes(stored.replace(/-1024\.webp$/, '')))).toBe(true)
    await context.close()
  })

  it('refuses a file that is not a photograph, beside the upload, and changes nothing', async () => {
    const file = path.join(suite.t.dir, 'notes.txt')
    await import('node:fs/promises').then((fs) => fs.writeFile(file, 'shopping list'))
    const before = JSON.stringify(suite.t.store.products.find((p) => p.id === 'dress-belt'))
    const { page, context } = await openContext(suite.browser, suite.t.url, { viewport })
    await page.goto('/admin/products/dress-belt')
    await page.getByLabel(/Add a photograph/).setInputFiles(file)
    await page.getByRole('button', { name: 'Upload' }).click()
    await page.locator('#photo-file-error').waitFor()
    expect(await page.locator('#photo-file-error').innerText()).toContain('not a photograph the site can read')
    expect(JSON.stringify(suite.t.store.products.find((p) => p.id === 'dress-belt'))).toBe(before)
    await context.close()
  })

  it('removes a product after asking, and undoes the removal', async () => {
    const { page, context } = await openContext(suite.browser, suite.t.url, { viewport })
    await page.goto('/admin/products/briefcase')
    await page.getByText('Remove this product…').click()
    await page.getByRole('button', { name: 'Remove Heritage Briefcase' }).click()
    await page.getByText('Heritage Briefcase was removed from the shop.').waitFor()
    expect(suite.t.store.products.some((p) => p.id === 'briefcase')).toBe(false)
    await page.getByRole('button', { name: 'Undo: bring back Heritage Briefcase' }).click()
    await page.getByRole('status').filter({ hasText: 'Restored' }).waitFor()
    expect(suite.t.store.products.some((p) => p.id === 'briefcase')).toBe(true)
    expect((await page.goto('/products/briefcase'))?.status()).toBe(200)
    await context.close()
  })

  it('tells the second of two tabs that it is out of date, showing both versions', async () => {
    const { page: one, context } = await openContext(suite.browser, suite.t.url, { viewport })
    const two = await context.newPage()
    await one.goto('/admin/products/derby-shoe')
    await two.goto('/admin/products/derby-shoe')
    await one.getByLabel('Price', { exact: true }).fill('£180.00')
    await one.getByRole('button', { name: 'Save', exact: true }).click()
    await one.getByRole('status').filter({ hasText: 'Saved' }).waitFor()
    await two.getByLabel('Price', { exact: true }).fill('£190.00')
    await two.getByRole('button', { name: 'Save', exact: true }).click()
    const alert = two.getByRole('alert')
    await alert.waitFor()
    expect(await alert.innerText()).toContain('saved in another tab or window after you opened it')
    expect(await alert.locator('.conflict__field').filter({ hasText: 'Price' }).innerText()).toMatch(
      /Price\s+Saved now: £180\.00\s+Yours: £190\.00/,
    )
    expect(priceOf('derby-shoe')).toBe('£180.00')
    await context.close()
  })

  it('puts back a snapshot of the catalogue, and the shop shows it', async () => {
    const { page, context } = await openContext(suite.browser, suite.t.url, { viewport })
    await page.goto('/admin/products/monk-strap')
    await page.getByLabel('Price', { exact: true }).fill('£250.00')
    await page.getByRole('button', { name: 'Save', exact: true }).click()
    await page.getByRole('status').filter({ hasText: 'Saved' }).waitFor()
    let listed = ''
    await snapshots(
      ['--file', suite.t.dataFile],
      (s) => (listed += s),
      () => {},
    )
    const name = /^(\S+-daily\.json)/m.exec(listed)![1]!
    expect(
      await snapshots(
        ['restore', name, '--file', suite.t.dataFile],
        () => {},
        () => {},
      ),
    ).toBe(0)
    await page.goto('/products/monk-strap')
    expect(await page.locator('.product-page__price').innerText()).toBe('£195.00')
    await context.close()
  })
})

describe('a visitor', () => {
  it('is refused every workspace page (403) and sees no owner data', async () => {
    const { page, context } = await openContext(suite.browser, suite.t.url)
    await context.setExtraHTTPHeaders({ 'X-Forwarded-For': '203.0.113.9' })
    for (const address of [
      '/admin/products',
      '/admin/products/oxford-brogue',
      '/admin/products/new',
      '/admin/history',
      '/Admin/Products',
    ]) {
      const answer = await page.goto(address)
      expect(answer?.status(), address).toBe(403)
      expect(await page.locator('body').innerText(), address).not.toContain('FW-OXB-001')
    }
    await context.close()
  })
})
