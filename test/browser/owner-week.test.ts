/**
 * The owner's week as one sequence on one running shop, on a 390 px phone, with JavaScript and
 * without: a draft added, two photographs uploaded, an edit saved, the product published, an enquiry
 * answered, another marked spam, a search, a backup from a plain shell, a restore into an empty folder
 * and the restored shop started with the line the restore printed. Each step is read from the page and
 * from the files on disk; the shop is the real server, started as the owner starts it.
 */
import { execFile, spawn } from 'node:child_process'
import { mkdtemp, rm, stat } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import type { Browser, Page } from 'playwright-core'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import type { StoredEnquiry } from '../../data/enquiry.server.ts'
import type { StoredProduct } from '../../domain/product.ts'
import { ROOT } from '../../server/config/paths.server.ts'
import { openContext, waitForHydration } from '../../support/browser.ts'
import { freePort, spawnServer, type ChildServer } from '../../support/child-server.ts'
import { until } from '../../support/until.ts'
import { dataOnDisk } from '../helpers/on-disk.ts'
import { workerBrowser } from '../helpers/shared-browser.ts'

vi.setConfig({ testTimeout: 420_000, hookTimeout: 60_000 })

const PHONE = { width: 390, height: 844 }
const NAME = 'Plaited Bridle Belt'
const ID = 'plaited-bridle-belt'

let browser: Browser
beforeAll(async () => void (browser = await workerBrowser()))

type Shop = { dir: string; records: string; dataFile: string; server: ChildServer }
type OnDisk = { products: StoredProduct[]; messages: StoredEnquiry[] }

/** The shop as the owner runs it: its own folder, and a temporary folder the shell shares with it. */
async function openShop(): Promise<Shop> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'leather-week-'))
  const records = await mkdtemp(path.join(os.tmpdir(), 'leather-week-records-'))
  const dataFile = path.join(dir, 'shop', 'db.json')
  const server = await spawnServer({ DATA_FILE: dataFile, TMPDIR: records, LOG_LEVEL: 'warn' })
  return { dir, records, dataFile, server }
}

async function closeShop(shop: Shop | undefined) {
  if (!shop) return
  shop.server.child.kill('SIGTERM')
  await shop.server.exited
  await rm(shop.dir, { recursive: true, force: true })
  await rm(shop.records, { recursive: true, force: true })
}

/** A login shell beside the running shop: no DATA_FILE of its own. */
function plainShell(shop: Shop, command: string, extra: Record<string, string> = {}) {
  const { DATA_FILE: _, ...env } = process.env
  return promisify(execFile)('bash', ['-c', command], {
    cwd: ROOT,
    env: { ...env, TMPDIR: shop.records, ...extra },
  }).then(
    ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
    (e: { code: number; stdout: string; stderr: string }) => ({ code: e.code, stdout: e.stdout, stderr: e.stderr }),
  )
}

/** An enquiry sent as a visitor sends it. */
async function enquire(shop: Shop, firstName: string, message: string): Promise<string> {
  const res = await fetch(`${shop.server.url}/api/contact`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      firstName,
      lastName: 'Lee',
      email: `${firstName.toLowerCase()}@example.com`,
      subject: 'belts',
      message,
    }),
  })
  expect(res.status).toBe(201)
  return ((await res.json()) as { id: string }).id
}

const photograph = async (colour: number) => ({
  name: `belt-${colour}.jpg`,
  mimeType: 'image/jpeg',
  buffer: await sharp({ create: { width: 900, height: 900, channels: 3, background: { r: colour, g: 70, b: 30 } } })
    .jpeg()
    .toBuffer(),
})

const photosOn = (page: Page) => page.getByRole('img', { name: new RegExp(`^${NAME}, (main )?photograph`) })

async function upload(page: Page, colour: number, javaScriptEnabled: boolean) {
  const before = await photosOn(page).count()
  await page
    .getByLabel('Add a photograph (JPEG, PNG or WebP, from the camera or the gallery)')
    .setInputFiles(await photograph(colour))
  await page.getByRole('button', { name: 'Upload' }).click()
  await expect.poll(() => photosOn(page).count(), { timeout: 60_000 }).toBe(before + 1)
  if (javaScriptEnabled) await waitForHydration(page)
}

/** Waits for a message the page says, and checks it is on the first screen. */
async function says(page: Page, role: 'status' | 'alert', text: string) {
  const message = page.getByRole(role).filter({ hasText: text }).first()
  await message.waitFor()
  await expect.poll(async () => (await message.boundingBox())?.y ?? -1).toBeGreaterThanOrEqual(0)
  expect((await message.boundingBox())!.y, `"${text}" is on the first screen`).toBeLessThan(PHONE.height)
}

describe.each([true, false])('the owner’s week on a 390 px phone, JavaScript %s', (javaScriptEnabled) => {
  let shop: Shop | undefined
  let restoredServer: ReturnType<typeof spawn> | undefined
  afterAll(async () => {
    if (restoredServer?.pid) process.kill(-restoredServer.pid, 'SIGTERM')
    await closeShop(shop)
  })

  it('keeps every step: draft, photographs, Save, Publish, reply, spam, search, backup, restore, start', async () => {
    shop = await openShop()
    const disk = () => dataOnDisk<OnDisk>(shop!.dataFile)
    const product = async () => (await disk()).products.find((p) => p.id === ID)
    const replyTo = await enquire(shop, 'Ruth', 'Could the plaited belt be made in 38 inches?')
    const pitch = await enquire(shop, 'Spammy', 'We sell plaited backlinks for your shop, cheap and fast.')

    const { page, context, errors } = await openContext(browser, shop.server.url, { javaScriptEnabled })
    await page.setViewportSize(PHONE)
    const ready = async () => {
      if (javaScriptEnabled) await waitForHydration(page)
    }

    // Monday: a new product, as a draft.
    await page.goto('/admin/products')
    await ready()
    await page.getByRole('link', { name: 'Add a product' }).click()
    await page.getByLabel('Name', { exact: true }).fill(NAME)
    await page.getByLabel('Price', { exact: true }).fill('95')
    await page.getByLabel('Category', { exact: true }).selectOption('belts')
    await page.getByLabel('SKU (stock code)').fill('BL-PLB-001')
    await page.getByLabel('Card payment page', { exact: true }).fill('buy.stripe.com/plaited')
    await page.getByRole('button', { name: 'Add as a draft' }).click()
    await page.waitForURL(new RegExp(`/admin/products/${ID}\\?done=added`))
    await ready()
    expect(await product()).toMatchObject({ name: NAME, price: '£95.00', status: 'draft', mainImage: '' })

    // Two photographs from the phone, then an edit saved on the same page, without reloading it.
    await upload(page, 120, javaScriptEnabled)
    await upload(page, 60, javaScriptEnabled)
    const uploaded = await product()
    expect(uploaded!.mainImage).toMatch(new RegExp(`^/media/products/${ID}/`))
    expect(uploaded!.photos ?? []).toHaveLength(1)
    await page.getByLabel('Description', { exact: true }).fill('Plaited by hand from English bridle leather.')
    await page.getByRole('button', { name: /^Save/ }).click()
    await says(page, 'status', 'Saved. It is a draft')
    expect(await page.getByRole('alert').count(), 'no conflict, no refusal').toBe(0)
    expect(await product()).toMatchObject({
      description: 'Plaited by hand from English bridle leather.',
      mainImage: uploaded!.mainImage,
      photos: uploaded!.photos,
    })
    await ready()

    // Published: on the shop for visitors.
    await page.getByRole('button', { name: 'Publish', exact: true }).click()
    await says(page, 'status', 'Published: the product is on the site now.')
    expect((await product())!.status).toBeUndefined()
    expect((await fetch(`${shop.server.url}/products/${ID}`)).status).toBe(200)
    const listed = (await (await fetch(`${shop.server.url}/api/products`)).json()) as { id: string }[]
    expect(listed.map((p) => p.id)).toContain(ID)

    // Tuesday: an enquiry answered by e-mail.
    await page.goto(`/admin/enquiries/${replyTo}`)
    await ready()
    await page.getByRole('button', { name: 'Reply by e-mail and mark answered' }).click()
    await says(page, 'status', 'Marked as answered.')
    expect(await page.locator('.enquiry__facts').innerText()).toMatch(/State\s+Answered/)
    const mailLink = page.getByRole('link', { name: 'Write the reply in your mail app' })
    expect(await mailLink.getAttribute('href')).toMatch(
      /^mailto:ruth@example\.com\?subject=Re%3A%20Belts%20Enquiry&body=/,
    )
    expect((await disk()).messages.find((m) => m.id === replyTo)!.answeredAt).toEqual(expect.any(String))

    // Another, marked spam by hand.
    await page.goto(`/admin/enquiries/${pitch}`)
    await ready()
    await page.getByRole('button', { name: 'Spam', exact: true }).click()
    await page.getByText('Marked as spam: it is kept apart, under Likely spam.').waitFor()
    expect((await disk()).messages.find((m) => m.id === pitch)).toMatchObject({ markedSpam: true })

    // A search finds the answered one and says the spam one matches too.
    await page.goto('/admin/enquiries')
    await ready()
    await page.getByLabel('Search name, e-mail or message').fill('plaited')
    await page.getByRole('button', { name: 'Show' }).click()
    await page.waitForURL(/q=plaited/)
    expect(await page.locator('.inbox-item__name').allInnerTexts()).toEqual(['Ruth Lee'])
    expect(await page.locator('.inbox__summary').innerText()).toContain('Also matching: 1 kept apart as likely spam.')
    expect(errors.filter((e) => /Content Security Policy/.test(e))).toEqual([])
    await context.close()

    // Friday: a backup typed in a plain shell beside the running shop.
    const archive = path.join(shop.dir, 'week.tar.gz')
    const backup = await plainShell(shop, `npm run --silent backup -- ${archive}`)
    expect(backup.code, backup.stderr).toBe(0)
    expect(backup.stderr).toContain(`Reading ${shop.dataFile}, the running server's data file`)
    expect((await stat(archive)).size).toBeGreaterThan(0)

    // Restored into an empty folder, and started with the line the restore printed.
    const restoredFile = path.join(shop.dir, 'restored shop', 'db.json')
    const port = await freePort()
    const restore = await plainShell(shop, `DATA_FILE="${restoredFile}" npm run --silent restore -- ${archive}`, {
      PORT: String(port),
    })
    expect(restore.code, restore.stderr).toBe(0)
    const startLine = restore.stdout.trim().split('\n').at(-1)!
    expect(startLine).toBe(`DATA_FILE='${restoredFile}' npm start`)
    const restored = await dataOnDisk<OnDisk>(restoredFile)
    expect(restored.products.find((p) => p.id === ID)).toEqual(await product())
    expect(restored.messages.map((m) => m.id)).toEqual((await disk()).messages.map((m) => m.id))

    restoredServer = spawn('bash', ['-c', startLine], {
      cwd: ROOT,
      env: { ...process.env, TMPDIR: shop.records, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn' },
      detached: true,
      stdio: 'ignore',
    })
    const restoredUrl = `http://127.0.0.1:${port}`
    const products = await until(
      'the restored shop to answer',
      async () => {
        const res = await fetch(`${restoredUrl}/api/products`).catch(() => null)
        return res?.ok ? ((await res.json()) as { id: string; mainImage: string }[]) : null
      },
      { timeoutMs: 120_000, everyMs: 250 },
    )
    const belt = products.find((p) => p.id === ID)!
    expect(belt.mainImage).toBe(uploaded!.mainImage)
    expect((await fetch(`${restoredUrl}${belt.mainImage}`)).status).toBe(200)
    const page2 = await openContext(browser, restoredUrl, { javaScriptEnabled })
    await page2.page.setViewportSize(PHONE)
    await page2.page.goto(`/admin/enquiries/${replyTo}`)
    expect(await page2.page.locator('.enquiry__facts').innerText()).toMatch(/State\s+Answered/)
    await page2.context.close()
  })
})
