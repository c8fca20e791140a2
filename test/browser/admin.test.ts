/**
 * /admin in real Chromium against a real server whose `openai` SDK talks to a fake images API:
 * the overview and notes, the progress bar advancing while a slowed run goes on, success
 * (results, refetched products, new images on /products) and failure states.
 */
import { writeFile } from 'node:fs/promises'
import path from 'node:path'
import type { Browser, Page } from 'playwright-core'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { seedProducts } from '../../data/seed/products.ts'
import { CATEGORY_LABELS } from '../../domain/business.ts'
import { ADMIN_OVERVIEW_COUNT } from '../../pages/admin/index/overview-count.ts'
import { openContext, waitForHydration } from '../../support/browser.ts'
import { workerBrowser } from '../helpers/shared-browser.ts'
import { failFor, startFakeOpenAI, type FakeOpenAI } from '../helpers/fake-openai.ts'
import { startTestServer, type TestServer } from '../helpers/server.ts'

// Each run converts dozens of images with sharp; on a busy two-core machine that takes a while.
vi.setConfig({ testTimeout: 90_000 })

const KEY = 'sk-test-not-a-real-key'
const ENV = { OPENAI_API_KEY: KEY, OPENAI_TIMEOUT_MS: '5000', OPENAI_MAX_RETRIES: '0', IMAGE_CONCURRENCY: '3' }
/**
 * For tests that hold the fake API's answers until the page has seen
 * the run: a loaded machine may take longer than 5 s to open it.
 */
const HELD = { OPENAI_TIMEOUT_MS: '60000' }
const FEW = ['oxford-brogue', 'chelsea-boot', 'tote-bag', 'braided-belt']

let browser: Browser
let fake: FakeOpenAI
let t: TestServer | undefined
const contexts: { close(): Promise<void> }[] = []

beforeAll(async () => {
  ;[browser, fake] = await Promise.all([workerBrowser(), startFakeOpenAI()])
  // The SDK reads these itself; put back as found afterwards, for the next file of this worker.
  vi.stubEnv('OPENAI_BASE_URL', fake.baseURL)
  vi.stubEnv('OPENAI_API_KEY', KEY)
})
afterAll(async () => {
  vi.unstubAllEnvs()
  await fake?.close()
})
afterEach(async () => {
  await Promise.all(contexts.splice(0).map((c) => c.close()))
  await t?.close()
  t = undefined
  fake.set({ format: 'b64_json', delayMs: 0, reply: undefined, hold: undefined })
  fake.reset()
})

async function serve(env: Record<string, string> = ENV, only?: string[]) {
  t = await startTestServer({
    env,
    // No test here checks the AVIF twins (photo-formats does), and each run's would cost more than its WebP.
    avifTwins: false,
    prepare: only
      ? async (dir) => {
          const products = seedProducts.filter((p) => only.includes(p.id))
          await writeFile(path.join(dir, 'db.json'), JSON.stringify({ products, messages: [] }, null, 2))
        }
      : undefined,
  })
  return t
}

async function openAdmin(viewport: 'phone' | 'desktop' = 'desktop') {
  const opened = await openContext(browser, t!.url, { viewport })
  contexts.push(opened.context)
  // Failed loads, by URL (the console only says "Failed to load resource").
  const failed: string[] = []
  opened.page.on('response', (r) => {
    if (r.status() >= 400 && !new URL(r.url()).pathname.startsWith('/favicon')) failed.push(`${r.status()} ${r.url()}`)
  })
  await opened.page.goto('/admin')
  await waitForHydration(opened.page)
  const scriptErrors = () => opened.errors.filter((e) => !e.startsWith('Failed to load resource'))
  return { ...opened, failed, scriptErrors }
}

/** Records every status text and progress value the page shows, as it shows them. */
async function recordProgress(page: Page) {
  await page.evaluate(() => {
    const w = window as unknown as { __progress: { text: string; value: number }[] }
    w.__progress = []
    const status = document.getElementById('generator-status')!
    const bar = document.querySelector('[role="progressbar"]')!
    const record = () =>
      w.__progress.push({ text: status.textContent ?? '', value: Number(bar.getAttribute('aria-valuenow')) })
    new MutationObserver(record).observe(status, { childList: true, characterData: true, subtree: true })
    new MutationObserver(record).observe(bar, { attributes: true, attributeFilter: ['aria-valuenow'] })
  })
  return () => page.evaluate(() => (window as unknown as { __progress: { text: string; value: number }[] }).__progress)
}

const status = (page: Page) => page.locator('#generator-status')
const result = (page: Page, which: 'successful' | 'failed' | 'total') => page.getByTestId(`results-${which}`)

describe('/admin', () => {
  it('shows the button, the first 6 products, the rest counted, and the notes, with no login screen', async () => {
    await serve()
    const { page, blocked, failed, scriptErrors } = await openAdmin()
    await expect.poll(() => page.title()).toMatch(/Product Image Generator/)
    await page.getByRole('button', { name: 'Generate All Product Images' }).waitFor()
    // No login screen: no password field, and no form but the generator's own.
    expect(await page.locator('input[type="password"], form:not([action="/admin/generate-images"])').count()).toBe(0)

    const items = page.locator('.admin-overview__item')
    expect(await items.count()).toBe(ADMIN_OVERVIEW_COUNT)
    for (const [i, p] of seedProducts.slice(0, ADMIN_OVERVIEW_COUNT).entries()) {
      const item = items.nth(i)
      const text = await item.innerText()
      expect(text).toContain(p.name)
      expect(text).toContain(p.sku)
      expect(text).toContain(CATEGORY_LABELS[p.category])
      expect(text).toContain(p.price)
      expect(await item.locator('img').getAttribute('src')).toBe(p.mainImage)
      expect(await item.locator('img').getAttribute('alt')).toBe(p.name)
    }
    await page
      .getByText(`... and ${seedProducts.length - ADMIN_OVERVIEW_COUNT} more products`, { exact: true })
      .waitFor()

    const notes = await page.locator('.admin-notes').innerText()
    expect(notes).toContain('4 angles per product')
    expect(notes).toContain('1024x1024')
    expect(notes).toMatch(/Cost: about US\$\d+\.\d{2} per run/)
    expect(notes).toMatch(/Time: about \d+ minutes?/)
    expect(notes).toMatch(/Results count products/)
    expect(await result(page, 'total').count()).toBe(0) // no results before a run
    expect(blocked).toEqual([])
    expect(failed).toEqual([])
    expect(scriptErrors()).toEqual([])
  })

  it('advances the progress bar image by image during a run, then shows the results and the new images', async () => {
    fake.set({ delayMs: 120 })
    const six = seedProducts.slice(0, 6).map((p) => p.id)
    await serve(ENV, six)
    const total = six.length
    const { page, blocked, failed, scriptErrors } = await openAdmin()
    const progress = await recordProgress(page)
    await page.getByRole('button', { name: 'Generate All Product Images' }).click()

    await status(page)
      .filter({ hasText: /^Generating \d+ of \d+: / })
      .waitFor()
    // While running: the button cannot start a second run.
    expect(await page.getByRole('button', { name: 'Generate All Product Images' }).isDisabled()).toBe(true)
    await status(page).filter({ hasText: '✓ Generation completed!' }).waitFor({ timeout: 60_000 })

    const seen = await progress()
    expect(seen[0]).toEqual({ text: 'Starting image generation...', value: 0 })
    const during = seen.filter((s) => /^Generating \d+ of \d+: .+, .+$/.test(s.text))
    expect(during.length).toBeGreaterThan(3)
    expect(during.some((s) => s.value > 0 && s.value < 100)).toBe(true)
    for (const s of during) expect(s.text).toMatch(new RegExp(`^Generating \\d+ of ${total * 4}: `))
    const values = seen.map((s) => s.value)
    expect(values).toEqual([...values].sort((a, b) => a - b)) // never goes back
    expect(seen.at(-1)).toEqual({ text: '✓ Generation completed!', value: 100 })
    expect(await page.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('100')

    expect(await result(page, 'successful').innerText()).toBe(String(total))
    expect(await result(page, 'failed').innerText()).toBe('0')
    expect(await result(page, 'total').innerText()).toBe(String(total))
    expect(await page.locator('.admin-results dt').allInnerTexts()).toEqual(['Successful', 'Failed', 'Total'])

    // The overview shows the refetched products with their new images.
    const firstImg = page.locator('.admin-overview__item img').first()
    expect(await firstImg.getAttribute('srcset')).toMatch(
      /^\/media\/products\/oxford-brogue\/[\w-]+-main-400\.webp 400w, .+-800\.webp 800w, .+-1024\.webp 1024w$/,
    )
    await expect
      .poll(() => firstImg.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
      .toBe(true)

    // And so does the catalogue, straight away.
    await page.goto('/products')
    const card = page.locator('.product-card img').first()
    expect(await card.getAttribute('srcset')).toMatch(/\/media\/products\/oxford-brogue\//)
    expect(await card.getAttribute('sizes')).toBeTruthy()
    expect(blocked).toEqual([])
    expect(failed).toEqual([])
    expect(scriptErrors()).toEqual([])
  })

  it('reports partial failures: completed, with the failed products counted and named', async () => {
    fake.set({ reply: failFor(['Chelsea Boot']) })
    await serve(ENV, FEW)
    const { page } = await openAdmin('phone')
    await page.getByRole('button', { name: 'Generate All Product Images' }).click()
    await status(page).filter({ hasText: '✓ Generation completed!' }).waitFor({ timeout: 30_000 })
    expect(await result(page, 'successful').innerText()).toBe(String(FEW.length - 1))
    expect(await result(page, 'failed').innerText()).toBe('1')
    expect(await result(page, 'total').innerText()).toBe(String(FEW.length))
    expect(await page.locator('.admin-results__failures').innerText()).toContain('1 product kept its previous images')
    // Chelsea Boot keeps its seed picture; the others have new ones.
    const chelsea = page.locator('[data-product-id="chelsea-boot"] img')
    expect(await chelsea.getAttribute('src')).toBe('/images/seed/chelsea-boot.svg')
    expect(await page.locator('[data-product-id="oxford-brogue"] img').getAttribute('src')).toMatch(/^\/media\//)
    // No sideways scrolling on a phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true)

    // In the catalogue a phone picks the 400 px photograph (WebP, or its AVIF twin once made), not the 1024 px one.
    await page.goto('/products')
    const oxford = page.locator('.product-card img[alt="Oxford Brogue"]')
    await expect
      .poll(() => oxford.evaluate((img: HTMLImageElement) => img.currentSrc), { timeout: 10_000 })
      .toMatch(/-400\.(webp|avif)$/)
  })

  it('fails with a readable reason when the server has no OpenAI key, and logs the error', async () => {
    await serve({ OPENAI_API_KEY: '' }, FEW)
    const { page, errors } = await openAdmin()
    await page.getByText('OPENAI_API_KEY is not set').first().waitFor()
    await page.getByRole('button', { name: 'Generate All Product Images' }).click()
    await status(page).filter({ hasText: '✗ Generation failed' }).waitFor()
    expect(await status(page).innerText()).toBe('✗ Generation failed')
    expect(await page.getByRole('alert').innerText()).toMatch(/OPENAI_API_KEY is not set/)
    expect(errors.some((e) => e.includes('Image generation failed'))).toBe(true)
    expect(await page.getByRole('button', { name: 'Generate All Product Images' }).isEnabled()).toBe(true)
    expect(fake.requests).toHaveLength(0)
  })

  it('fails when no image at all could be made (the key is refused), with the counts', async () => {
    fake.set({ reply: () => 'unauthorized' })
    await serve(ENV, FEW)
    const { page, errors } = await openAdmin()
    await page.getByRole('button', { name: 'Generate All Product Images' }).click()
    await status(page).filter({ hasText: '✗ Generation failed' }).waitFor({ timeout: 30_000 })
    expect(await page.getByRole('alert').innerText()).toMatch(/API key/)
    expect(await result(page, 'successful').innerText()).toBe('0')
    expect(await result(page, 'failed').innerText()).toBe(String(FEW.length))
    expect(errors.some((e) => e.includes('Image generation failed'))).toBe(true)
    expect(await page.locator('[data-product-id="oxford-brogue"] img').getAttribute('src')).toBe(
      '/images/seed/oxford-brogue.svg',
    )
  })

  it('stops a run with the Stop button: finished products keep their new images', async () => {
    // The first product's four pictures come at once; the rest wait until the owner has pressed Stop.
    let release = () => {}
    const released = new Promise<void>((r) => (release = r))
    fake.set({ delayMs: 250, hold: (req) => (req.index >= 4 ? released : undefined) })
    await serve({ ...ENV, ...HELD, IMAGE_CONCURRENCY: '1' }, FEW)
    const { page } = await openAdmin()
    await page.getByRole('button', { name: 'Generate All Product Images' }).click()
    // Wait until the first product is complete (its picture changes in the overview), then stop.
    await expect
      .poll(() => page.locator('[data-product-id="oxford-brogue"] img').getAttribute('src'), { timeout: 20_000 })
      .toMatch(/^\/media\//)
    // The held images go on only once the server has the Stop: the tap is sent by script.
    await Promise.all([
      page.waitForResponse((r) => r.url().endsWith('/api/generate-images/cancel')),
      page.getByRole('button', { name: 'Stop' }).click(),
    ])
    release()
    await status(page).filter({ hasText: '✓ Generation completed!' }).waitFor({ timeout: 20_000 })
    await page.getByText('Stopped early: Stopped by the owner.').waitFor()
    expect(Number(await result(page, 'successful').innerText())).toBeGreaterThanOrEqual(1)
    expect(Number(await result(page, 'failed').innerText())).toBeGreaterThanOrEqual(1)
    expect(fake.requests.length).toBeLessThan(FEW.length * 4)
    expect(await page.getByRole('button', { name: 'Stop' }).count()).toBe(0)
  })

  it('follows a run that is already going on when the page is opened', async () => {
    let release = () => {}
    const released = new Promise<void>((r) => (release = r))
    fake.set({ delayMs: 150, hold: () => released })
    await serve({ ...ENV, ...HELD }, FEW)
    const started = fetch(`${t!.url}/api/generate-images`, { method: 'POST' })
    await expect.poll(() => fake.requests.length, { timeout: 30_000 }).toBeGreaterThan(0)
    const { page } = await openAdmin()
    await status(page)
      .filter({ hasText: /^(Starting image generation\.\.\.|Generating \d+ of \d+: )/ })
      .waitFor()
    release()
    await status(page).filter({ hasText: '✓ Generation completed!' }).waitFor({ timeout: 30_000 })
    expect(await result(page, 'total').innerText()).toBe(String(FEW.length))
    expect((await (await started).json()).results.successCount).toBe(FEW.length)
  })

  it('shows the daily limit, and a run past it fails with the server’s sentence, spending nothing', async () => {
    await serve({ ...ENV, IMAGE_DAILY_LIMIT: String(FEW.length * 4 + 2) }, FEW)
    expect((await fetch(`${t!.url}/api/generate-images`, { method: 'POST' })).status).toBe(200)
    fake.reset()
    const { page, scriptErrors } = await openAdmin()
    const notes = await page.locator('.admin-notes').innerText()
    expect(notes).toContain(`Daily limit: at most ${FEW.length * 4 + 2} images in any 24 hours`)
    expect(notes).toMatch(
      new RegExp(`${FEW.length * 4} used in the last 24 hours, 2 left; more from \\d+ \\w+ \\d{4}, \\d\\d:\\d\\d\\.`),
    )
    await page.getByRole('button', { name: 'Generate All Product Images' }).click()
    await status(page).filter({ hasText: '✗ Generation failed' }).waitFor()
    expect(await page.getByRole('alert').innerText()).toMatch(
      /^The daily image limit is reached: 16 of 18 images were requested in the last 24 hours/,
    )
    expect(fake.requests).toHaveLength(0)
    expect(scriptErrors().every((e) => e.startsWith('Image generation failed'))).toBe(true)
  })
})

describe('/admin for anyone but the owner (no ADMIN_PASSWORD, a request from elsewhere)', () => {
  it(
    'is refused (403) with a page saying in plain words how the owner turns ' +
      'it on, no working button, and asks the server nothing',
    async () => {
      await serve(ENV, FEW)
      const opened = await openContext(browser, t!.url)
      contexts.push(opened.context)
      // What a proxy on the server adds to a visitor's request.
      await opened.context.setExtraHTTPHeaders({ 'X-Forwarded-For': '203.0.113.9' })
      const asked: string[] = []
      opened.page.on('request', (r) => {
        if (new URL(r.url()).pathname.startsWith('/api/')) asked.push(r.url())
      })
      const answer = await opened.page.goto('/admin')
      expect(answer?.status()).toBe(403)
      await waitForHydration(opened.page)
      const notice = opened.page.locator('#owner-only')
      expect(await notice.innerText()).toMatch(/Only the shop owner can generate images here/)
      expect(await notice.innerText()).toMatch(
        /set ADMIN_PASSWORD \(12 characters or more\) in the server's environment and restart the site/,
      )
      const button = opened.page.getByRole('button', { name: 'Generate All Product Images' })
      expect(await button.isDisabled()).toBe(true)
      expect(await button.getAttribute('aria-describedby')).toBe('owner-only')
      expect(await status(opened.page).innerText()).toBe('Image generation is for the shop owner only.')
      expect(await opened.page.locator('.admin-notes').innerText()).not.toContain('Daily limit')
      // The overview is the public catalogue, as on /products.
      expect(await opened.page.locator('.admin-overview__item').count()).toBe(FEW.length)
      expect(asked).toEqual([])
      // The page's own 403 is what Chromium reports; nothing else may fail.
      expect(opened.errors.filter((e) => !/status of 403/.test(e))).toEqual([])
      expect(fake.requests).toHaveLength(0)
    },
  )
})
