/**
 * 'Generate the four angles' spends paid images: at 390 px, with the page's script and without it,
 * it says what a run costs and what today's allowance leaves (the server's daily image limit),
 * and the first tap only asks; the run starts on the second. Short of images, it says so and when.
 */
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { ukMoment } from '../../domain/uk-time.ts'
import { openContext, waitForHydration } from '../../support/browser.ts'
import { startBrowserSuite, stopBrowserSuite } from '../helpers/browser-suite.ts'
import { startFakeOpenAIForSdk, type FakeOpenAI } from '../helpers/fake-openai.ts'
import type { TestServer } from '../helpers/server.ts'

vi.setConfig({ testTimeout: 120_000 })

const PHONE = { width: 390, height: 844 }
const KEY = 'sk-test-not-a-real-key'

let fake: FakeOpenAI
let t: TestServer
let browser: Browser
beforeAll(async () => {
  fake = await startFakeOpenAIForSdk(KEY)
  ;({ t, browser } = await startBrowserSuite({
    env: { OPENAI_API_KEY: KEY, IMAGE_DAILY_LIMIT: '20', OPENAI_MAX_RETRIES: '0', IMAGE_CONCURRENCY: '1' },
    avifTwins: false,
  }))
})
afterAll(async () => {
  await stopBrowserSuite({ t, browser })
  await fake?.close()
})

const limit = () => t.services.images.dailyLimit
const allowanceText = (left: number) =>
  `Today's allowance: ${left} of 20 images left (the daily image limit counts the last 24 hours).`

async function openProduct(
  id: string,
  javaScriptEnabled: boolean,
): Promise<{ page: Page; close: () => Promise<void> }> {
  const { page, context } = await openContext(browser, t.url, { viewport: 'phone', javaScriptEnabled })
  await page.setViewportSize(PHONE)
  await page.goto(`/admin/products/${id}`)
  if (javaScriptEnabled) await waitForHydration(page)
  return { page, close: () => context.close() }
}

describe.each([
  { js: 'off', javaScriptEnabled: false },
  { js: 'on', javaScriptEnabled: true },
])('the four angles at 390 px, JavaScript $js', ({ javaScriptEnabled }) => {
  it('say what they cost and what is left today, and start only once asked twice', async () => {
    await t.store.update((d) => ({ ...d, imageRuns: [] }))
    await limit().reserve('earlier-run', 8).saved
    fake.reset()
    const id = javaScriptEnabled ? 'chelsea-boot' : 'tote-bag'
    const { page, close } = await openProduct(id, javaScriptEnabled)
    const posts: string[] = []
    page.on('request', (r) => r.method() === 'POST' && posts.push(r.url()))

    await page.getByText('Generate the four angles…').click()
    await page.getByText('This asks the image service for 4 new images, each one paid for').waitFor()
    await page.getByText(`${allowanceText(12)} This uses 4 of them.`).waitFor()
    // Asked, not spent: nothing was sent, nothing counted.
    expect(posts).toEqual([])
    expect(fake.requests).toHaveLength(0)
    expect(limit().allowance().used).toBe(8)
    expect(await page.getByRole('progressbar').count()).toBe(0)

    await page.getByRole('button', { name: 'Generate the four angles: use 4 images' }).click()
    await page.getByRole('progressbar', { name: 'Generating the four angles' }).waitFor()
    // With the script the bar shows as the tap is sent, before the server starts: wait for the run itself.
    await expect
      .poll(() => fake.requests.length >= 4 && t.services.images.generator.current === null, { timeout: 60_000 })
      .toBe(true)
    expect(fake.requests).toHaveLength(4)
    expect(limit().allowance().used).toBe(12)
    // What is left is what the server counts, on the page's next look.
    if (!javaScriptEnabled) {
      await page.reload()
      await page.getByText('Generate the four angles…').click()
    }
    await page.getByText(allowanceText(8), { exact: false }).waitFor({ timeout: 30_000 })
    await close()
  })

  it('say when too few images are left today, and offer no button that would spend them', async () => {
    await t.store.update((d) => ({ ...d, imageRuns: [] }))
    await limit().reserve('earlier-run', 18).saved
    const { page, close } = await openProduct('penny-loafer', javaScriptEnabled)
    await page.getByText('Generate the four angles…').click()
    const freed = ukMoment(limit().allowance().nextFreedAt!)
    await page
      .getByText(`${allowanceText(2).replace(/\.$/, '')}: not enough for the four angles. More are free from ${freed}.`)
      .waitFor()
    expect(await page.getByRole('button', { name: /Generate the four angles/ }).count()).toBe(0)
    await close()
  })
})
