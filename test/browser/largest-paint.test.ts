/**
 * The largest paint first: Chromium asks for each page's largest image
 * before any other, at high priority, as AVIF where there is one.
 */
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { IMAGE_ANGLES } from '../../domain/business.ts'
import { mediaDirFor } from '../../server/config/paths.server.ts'
import { storeAngleImage, type StoredImage } from '../../server/services/images/media.server.ts'
import { openContext, waitForHydration, type ViewportName } from '../../support/browser.ts'
import { startBrowserSuite, stopBrowserSuite } from '../helpers/browser-suite.ts'
import type { TestServer } from '../helpers/server.ts'
import { studioPhotograph } from '../helpers/studio-photograph.ts'

let t: TestServer
let browser: Browser
/** The stored photographs' bases (`/media/products/<id>/<run>-<angle>`), by product. */
const mains: Record<string, string> = {}

beforeAll(async () => {
  ;({ t, browser } = await startBrowserSuite())
  const image = await studioPhotograph()
  // The first two footwear products get generated photographs: the first leads the catalogue, with
  // every angle (its page shows them all); the second, a related product below the fold, shows only its
  // main photograph anywhere these pages go, so it gets that one.
  for (const [id, angles] of [
    ['oxford-brogue', IMAGE_ANGLES],
    ['chelsea-boot', IMAGE_ANGLES.slice(0, 1)],
  ] as const) {
    const images: StoredImage[] = []
    for (const angle of angles)
      images.push(
        (
          await storeAngleImage({
            mediaDir: mediaDirFor(t.dataFile),
            productId: id,
            generationId: 'run1',
            angle,
            image,
          })
        ).stored,
      )
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
  cdp.on(
    'Network.requestWillBeSent',
    (e) =>
      void sent.push({
        url: e.request.url.replace(t.url, ''),
        type: e.type ?? '',
        priority: e.request.initialPriority,
      }),
  )
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
          resolve({
            lcp: last.url ? new URL(last.url).pathname : `<${last.element?.tagName.toLowerCase()}>`,
            scriptsBeforeLoad: scripts.length > 0 && scripts.every((s) => s.startTime < load),
          })
        }).observe({ type: 'largest-contentful-paint', buffered: true })
      }),
  )
  return { sent, lcp, scriptsBeforeLoad }
}

/** `first`: the image asked for first; `painted`: what Chromium may name the largest paint. */
const PAGES: { address: string; first: (v: ViewportName) => string; painted: (v: ViewportName) => string[] }[] = [
  // On a phone the hero's text outweighs the drawing behind its veil: either is in the HTML.
  { address: '/', first: () => '/images/hero.svg', painted: () => ['/images/hero.svg', '<p>', '<h1>'] },
  // One column of cards on a phone (400 px wide is enough); on a desktop three cards of
  // one size share the first row, and Chromium names whichever is a subpixel larger.
  {
    address: '/products',
    first: () => `${mains['oxford-brogue']}-400.avif`,
    painted: (v) => [
      `${mains['oxford-brogue']}-400.avif`,
      ...(v === 'desktop' ? [`${mains['chelsea-boot']}-400.avif`, '/images/seed/penny-loafer.svg'] : []),
    ],
  },
  // The gallery fills the phone's width (375 px: 400 w), and 36rem beside the details on a desktop (576 px: 800 w).
  {
    address: '/products/oxford-brogue',
    first: (v) => `${mains['oxford-brogue']}-${v === 'phone' ? 400 : 800}.avif`,
    painted: (v) => [`${mains['oxford-brogue']}-${v === 'phone' ? 400 : 800}.avif`],
  },
]

describe('the largest paint first, in real Chromium (every other host blocked)', () => {
  for (const viewport of ['phone', 'desktop'] as ViewportName[]) {
    for (const { address, first, painted: candidates } of PAGES) {
      it(
        `${address} at ${viewport} width: the largest image is asked for first ` +
          `among the images, at high priority, in the smallest format`,
        async () => {
          const { page, context, blocked } = await openContext(browser, t.url, { viewport })
          const { sent, lcp: painted, scriptsBeforeLoad } = await load(page, address)
          await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight))
          await page.waitForLoadState('networkidle')
          await context.close()
          const images = sent.filter((r) => r.type === 'Image')
          const expected = first(viewport)
          expect(candidates(viewport), 'the largest contentful paint').toContain(painted)
          expect(images[0], `${address}: ${images.map((i) => i.url).join(', ')}`).toMatchObject({ url: expected })
          expect(['High', 'VeryHigh']).toContain(images[0]!.priority)
          // Nothing else is asked for at high priority ahead of it but the page, its critical fonts and its scripts.
          const ahead = sent.slice(
            0,
            sent.findIndex((r) => r.url === expected),
          )
          expect(
            ahead.filter((r) => !['Document', 'Font', 'Script'].includes(r.type)),
            address,
          ).toEqual([])
          // Fetched once, and an AVIF-capable browser never also downloads a WebP.
          expect(images.filter((r) => r.url === expected)).toHaveLength(1)
          expect(
            images.filter((r) => r.url.startsWith('/media/') && !r.url.endsWith('.avif')).map((r) => r.url),
          ).toEqual([])
          expect(scriptsBeforeLoad, "the islands' scripts start before load").toBe(true)
          expect(blocked).toEqual([])
        },
      )
    }
  }
})
