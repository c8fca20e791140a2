/** The largest paint first: Chromium asks for each page's largest image before any other, at high priority, as AVIF where there is one. */
import path from 'node:path'
import type { Browser, Page } from 'playwright-core'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { IMAGE_ANGLES } from '../../domain/business.ts'
import { mediaDirFor, ROOT } from '../../server/paths.server.ts'
import { storeAngleImage, type StoredImage } from '../../server/services/images/media.server.ts'
import { openContext, waitForHydration, type ViewportName } from '../helpers/browser.ts'
import { startBrowserSuite, stopBrowserSuite } from '../helpers/browser-suite.ts'
import type { TestServer } from '../helpers/server.ts'

let t: TestServer
let browser: Browser
/** The stored photographs' bases (`/media/products/<id>/<run>-<angle>`), by product. */
const mains: Record<string, string> = {}

beforeAll(async () => {
  ;({ t, browser } = await startBrowserSuite())
  const image = await sharp(path.join(ROOT, 'public/images/hero.svg'), { density: 150 }).resize(1024, 1024, { fit: 'cover' }).png().toBuffer()
  // The first two footwear products get a generated set: the first leads the catalogue, the second is a related product below the fold.
  for (const id of ['oxford-brogue', 'chelsea-boot']) {
    const images: StoredImage[] = []
    for (const angle of IMAGE_ANGLES) images.push((await storeAngleImage({ mediaDir: mediaDirFor(t.dataFile), productId: id, generationId: 'run1', angle, image })).stored)
    await t.services.photoFormats.idle()
    await t.store.updateProduct(id, (p) => ({ ...p, mainImage: images[0]!.src, images }))
    mains[id] = images[0]!.src.replace(/-1024\.webp$/, '')
  }
}, 180_000)
afterAll(() => stopBrowserSuite({ t, browser }))

type Sent = { url: string; type: string; priority: string }

/** Every request the page sends, in order, with the priority Chromium gave it (from the DevTools protocol). */
async function load(page: Page, address: string): Promise<{ sent: Sent[]; lcp: string; scriptsBeforeLoad: boolean }> {
  const cdp = await page.context().newCDPSession(page)
  const sent: Sent[] = []
  cdp.on('Network.requestWillBeSent', (e) => void sent.push({ url: e.request.url.replace(t.url, ''), type: e.type ?? '', priority: e.request.initialPriority }))
  await cdp.send('Network.enable')
  await page.goto(address)
  await waitForHydration(page)
  const { lcp, scriptsBeforeLoad } = await page.evaluate(
    () =>
      new Promise<{ lcp: string; scriptsBeforeLoad: boolean }>((resolve) => {
        new PerformanceObserver((list) => {
          const last = list.getEntries().at(-1) as PerformanceEntry & { url: string; element: Element | null }
          const load = (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).loadEventStart
          const scripts = performance.getEntriesByType('resource').filter((r) => r.name.endsWith('.js'))
          resolve({ lcp: last.url ? new URL(last.url).pathname : `<${last.element?.tagName.toLowerCase()}>`, scriptsBeforeLoad: scripts.length > 0 && scripts.every((s) => s.startTime < load) })
        }).observe({ type: 'largest-contentful-paint', buffered: true })
      }),
  )
  return { sent, lcp, scriptsBeforeLoad }
}

const PAGES: { address: string; lcp: (viewport: ViewportName) => string }[] = [
  { address: '/', lcp: () => '/images/hero.svg' },
  // One column of cards on a phone (400 px wide is enough), three on a desktop (22rem at most: 400 px again).
  { address: '/products', lcp: () => `${mains['oxford-brogue']}-400.avif` },
  // The gallery fills the phone's width (375 px: 400 w), and 36rem beside the details on a desktop (576 px: 800 w).
  { address: '/products/oxford-brogue', lcp: (v) => `${mains['oxford-brogue']}-${v === 'phone' ? 400 : 800}.avif` },
]

describe('the largest paint first, in real Chromium (every other host blocked)', () => {
  for (const viewport of ['phone', 'desktop'] as ViewportName[]) {
    for (const { address, lcp } of PAGES) {
      it(`${address} at ${viewport} width: the largest image is asked for first among the images, at high priority, in the smallest format`, async () => {
        const { page, context, blocked } = await openContext(browser, t.url, { viewport })
        const { sent, lcp: painted, scriptsBeforeLoad } = await load(page, address)
        await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight))
        await page.waitForLoadState('networkidle')
        await context.close()
        const images = sent.filter((r) => r.type === 'Image')
        const expected = lcp(viewport)
        if (address !== '/' || viewport === 'phone') expect(painted, 'the largest contentful paint').toBe(expected)
        expect(images[0], `${address}: ${images.map((i) => i.url).join(', ')}`).toMatchObject({ url: expected })
        expect(['High', 'VeryHigh']).toContain(images[0]!.priority)
        // Nothing else is asked for at high priority ahead of it but the page, its critical fonts and its scripts.
        const ahead = sent.slice(0, sent.findIndex((r) => r.url === expected))
        expect(ahead.filter((r) => !['Document', 'Font', 'Script'].includes(r.type)), address).toEqual([])
        // Fetched once, and an AVIF-capable browser never also downloads a WebP.
        expect(images.filter((r) => r.url === expected)).toHaveLength(1)
        expect(images.filter((r) => r.url.startsWith('/media/') && !r.url.endsWith('.avif')).map((r) => r.url)).toEqual([])
        expect(scriptsBeforeLoad, "the islands' scripts start before load").toBe(true)
        expect(blocked).toEqual([])
      })
    }
  }
})
