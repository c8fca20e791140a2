import { gzipSync } from 'node:zlib'
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { FACES, faceName, faceSlug, keptCharacters } from '../../scripts/site-fonts.ts'
import { launchBrowser, openContext, waitForHydration, type ViewportName } from '../../support/browser.ts'
import { browserSuiteForFile } from '../helpers/browser-suite.ts'
import { fontUse } from '../../support/font-use.ts'
import { afterTwoFrames } from '../helpers/frames.ts'
import { pageScripts, rawGet } from '../helpers/wire.ts'
import { ONE_OF_EACH_PAGE } from '../helpers/pages.ts'

const { t, browser } = browserSuiteForFile()

const KB = 1024
// Sizes are deterministic for a given build, so these are tests, not benchmarks. Every page is
// HTML that works without a script; the pages with a form, a filter or an order button load one
// module that brings those parts to life (React and the part's own code), and no page more than 80 KB.
const JS_BUDGET: Record<string, number> = {
  '/': 80 * KB,
  '/products': 80 * KB,
  '/products/oxford-brogue': 80 * KB,
  '/contact': 80 * KB,
}
const NO_JS = ['/terms', '/privacy', '/cookies', '/returns', '/contact/sent', '/no-such-page']
const CSS_BUDGET = 20 * KB
const PAGES = [...ONE_OF_EACH_PAGE, '/no-such-page']

/** Loads a page, waits for it to settle, and returns every URL it requested by resource type. */
async function record(path: string) {
  const { page, context, blocked } = await openContext(browser, t.url, { viewport: 'phone' })
  const requests: { url: string; type: string }[] = []
  page.on('request', (r) => requests.push({ url: r.url(), type: r.resourceType() }))
  await page.goto(path)
  if (!NO_JS.includes(path)) await waitForHydration(page)
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight))
  await page.waitForLoadState('networkidle')
  const inlineCss = await page.evaluate(() =>
    [...document.querySelectorAll('head style')].map((s) => s.textContent).join(''),
  )
  await context.close()
  return { requests, blocked, inlineCss }
}

// Each page is loaded once for the file: the budgets below all read that one load.
const recorded = new Map<string, ReturnType<typeof record>>()
function loadAndRecord(path: string) {
  let load = recorded.get(path)
  if (!load) recorded.set(path, (load = record(path)))
  return load
}

const gzipBytes = async (urls: string[]) => {
  let total = 0
  for (const url of new Set(urls)) {
    const res = await rawGet(url, { 'accept-encoding': 'gzip' })
    expect(res.status, url).toBe(200)
    total += res.bytes
  }
  return total
}

describe('page weight budgets (gzip, as sent by the server)', () => {
  for (const [path, budget] of Object.entries(JS_BUDGET)) {
    it(`${path} downloads at most ${budget / KB} KB of JavaScript`, async () => {
      const { requests } = await loadAndRecord(path)
      const js = requests.filter((r) => r.type === 'script').map((r) => r.url)
      const bytes = await gzipBytes(js)
      console.log(`${path}: ${js.length} scripts, ${(bytes / KB).toFixed(1)} KB gzip`)
      expect(bytes).toBeLessThanOrEqual(budget)
    })
  }

  it(
    `every page's CSS is at most ${CSS_BUDGET / KB} KB, and arrives inside its HTML`,
    { timeout: 90_000 },
    async () => {
      for (const path of ['/', '/products', '/products/oxford-brogue', '/admin', '/terms']) {
        const { requests, inlineCss } = await loadAndRecord(path)
        // The first paint waits for no stylesheet request: the page's own CSS is in its head.
        expect(
          requests.filter((r) => r.type === 'stylesheet'),
          path,
        ).toEqual([])
        expect(inlineCss.length, path).toBeGreaterThan(1000)
        const bytes = gzipSync(inlineCss, { level: 9 }).length
        console.log(`${path}: ${(bytes / KB).toFixed(1)} KB of CSS (gzip), inlined`)
        expect(bytes, path).toBeLessThanOrEqual(CSS_BUDGET)
      }
    },
  )

  it(
    'the policy pages, the thank-you page and the 404 page download no JavaScript at all',
    { timeout: 90_000 },
    async () => {
      for (const path of NO_JS) {
        const { requests } = await loadAndRecord(path)
        expect(
          requests.filter((r) => r.type === 'script').map((r) => r.url),
          path,
        ).toEqual([])
      }
    },
  )

  it(
    'no page asks any host but our own (fonts, images and scripts are self-hosted)',
    { timeout: 120_000 },
    async () => {
      for (const path of PAGES) {
        const { requests, blocked } = await loadAndRecord(path)
        expect(blocked, path).toEqual([])
        expect(
          requests.every((r) => r.url.startsWith(t.url) || r.url.startsWith('data:')),
          path,
        ).toBe(true)
      }
    },
  )
})

describe('web fonts', () => {
  const FONT_BUDGET = 35 * KB
  const FONT_PRELOAD_BUDGET = 25 * KB
  const faceOfFile = (url: string) => FACES.find((f) => new RegExp(`/${faceSlug(f)}\\.[\\w-]+\\.woff2$`).test(url))

  it(
    `a page loads at most ${FONT_BUDGET / KB} KB of fonts, the cut faces ` +
      `only, and preloads at most ${FONT_PRELOAD_BUDGET / KB} KB, of faces its ` +
      `first screen shows`,
    { timeout: 180_000 },
    async () => {
      for (const path of ['/', '/products', '/products/oxford-brogue', '/contact', '/terms']) {
        for (const viewport of ['phone', 'desktop'] as ViewportName[]) {
          const { page, context } = await openContext(browser, t.url, { viewport })
          const fonts: string[] = []
          page.on('request', (r) => void (r.resourceType() === 'font' && fonts.push(r.url())))
          await page.goto(path)
          await waitForHydration(page)
          const preloads = await page.evaluate(() =>
            [...document.querySelectorAll<HTMLLinkElement>('link[rel=preload][as=font]')].map((l) => l.href),
          )
          const uses = await fontUse(page)
          await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight))
          await page.waitForLoadState('networkidle')
          await context.close()
          const where = `${path} at ${viewport} width`
          // Every character the page draws is in its face's cut file: the rest of each face never loads.
          for (const use of uses) {
            const face = FACES.find((f) => faceName(f) === use.face)!
            const kept = keptCharacters(face)
            const missing = [...use.chars].filter((c) => !kept.has(c.codePointAt(0)!)).join('')
            expect(
              missing,
              `${where}, ${use.face}: characters missing from ` +
                `styles/font-characters.json (npx tsx scripts/font-characters.ts)`,
            ).toBe('')
          }
          expect(
            fonts.filter((url) => !faceOfFile(url)),
            where,
          ).toEqual([])
          expect(
            preloads
              .map((url) => faceName(faceOfFile(url)!))
              .filter((face) => !uses.find((u) => u.face === face)?.firstScreen),
            where,
          ).toEqual([])
          const loaded = await gzipBytes(fonts)
          const preloaded = await gzipBytes(preloads)
          console.log(
            `${where}: ${fonts.length} font files, ${(loaded / KB).toFixed(1)} KB; ` +
              `${preloads.length} preloaded, ${(preloaded / KB).toFixed(1)} KB`,
          )
          expect(loaded, where).toBeLessThanOrEqual(FONT_BUDGET)
          expect(preloaded, where).toBeLessThanOrEqual(FONT_PRELOAD_BUDGET)
        }
      }
    },
  )

  it("a character outside the cut is drawn in the web font all the same, from the face's fallback files", async () => {
    const { page, context } = await openContext(browser, t.url, { viewport: 'phone' })
    const fonts: string[] = []
    page.on('request', (r) => void (r.resourceType() === 'font' && fonts.push(r.url())))
    await page.goto('/terms')
    await waitForHydration(page)
    // As an owner's product name would: Latin (ö) and Latin Extended (Ł) letters in the display face.
    await page.evaluate(() => document.querySelector('h1')!.append(' Ström Łódź'))
    // True once every face of the family with one of these characters in its range has loaded.
    await page.waitForFunction(() => document.fonts.check('600 16px "Cormorant Garamond"', 'öŁ'))
    await context.close()
    expect(fonts.some((url) => /\/cormorant-garamond-600-rest\.[\w-]+\.woff2$/.test(url))).toBe(true)
    expect(fonts.some((url) => /\/cormorant-garamond-latin-ext-600-normal\.[\w-]+\.woff2$/.test(url))).toBe(true)
  })
})

describe('layout stability', () => {
  // Measured in the full Chromium visitors have: the headless shell that runs the other browser tests
  // lays text out with slightly other metrics, so its fallback faces match the web fonts less closely.
  let full: Browser
  beforeAll(async () => void (full = await launchBrowser()))
  afterAll(() => full?.close())

  it(
    'no page shifts by more than 0.01 (CLS) while it loads and hydrates on a phone, even when the fonts come late',
    { timeout: 90_000 },
    async () => {
      for (const path of ['/', '/products', '/products/oxford-brogue', '/admin', '/terms']) {
        const { page, context } = await openContext(full, t.url, { viewport: 'phone' })
        // A slow connection: the web fonts arrive only after the first paint and swap in. The fallback
        // faces are shaped like them, so the text must not move.
        let fonts = 0
        let painted!: () => void
        const firstPaint = new Promise<void>((resolve) => (painted = resolve))
        await page.route(/\.woff2$/, async (route) => {
          fonts++
          await firstPaint
          await route.continue()
        })
        await page.addInitScript(`
        window.__cls = 0;
        window.__shifts = new PerformanceObserver((list) => {
          for (const e of list.getEntries()) if (!e.hadRecentInput) window.__cls += e.value;
        });
        window.__shifts.observe({ type: 'layout-shift', buffered: true });
      `)
        await page.goto(path, { waitUntil: 'commit' })
        await page.waitForFunction(() => performance.getEntriesByName('first-contentful-paint').length > 0)
        painted()
        if (!NO_JS.includes(path)) await waitForHydration(page)
        await page.waitForLoadState('networkidle')
        await page.evaluate(() => document.fonts.ready)
        await afterTwoFrames(page) // the swap is drawn
        // Shifts drawn but not yet handed to the observer are taken too.
        const cls = await page.evaluate(() => {
          const w = window as unknown as { __cls: number; __shifts: PerformanceObserver }
          for (const e of w.__shifts.takeRecords() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[])
            if (!e.hadRecentInput) w.__cls += e.value
          return w.__cls
        })
        expect(fonts, path).toBeGreaterThan(0)
        expect(cls, path).toBeLessThanOrEqual(0.01)
        await context.close()
      }
    },
  )
})

describe('on the wire', () => {
  it('compresses HTML (with its CSS), JS, JSON and SVG with brotli and gzip', async () => {
    const html = (await rawGet(`${t.url}/products`)).body.toString()
    // The biggest script of the page (a tiny one would be below any compression threshold): the
    // page's entry and the modules it imports.
    const [entry] = pageScripts(html)
    const imports = [
      ...(await rawGet(t.url + entry!)).body.toString().matchAll(/from"\.\.\/chunks\/([\w.-]+\.js)"/g),
    ].map((m) => `/assets/chunks/${m[1]}`)
    const scripts = [entry!, ...imports]
    const sizes = await Promise.all(scripts.map(async (s) => [(await rawGet(t.url + s)).bytes, s] as const))
    const js = sizes.sort((a, b) => b[0] - a[0])[0]![1]
    for (const path of [
      '/',
      '/products',
      js,
      '/api/products',
      '/favicon.svg',
      '/images/seed/oxford-brogue.svg',
      '/sitemap.xml',
    ]) {
      for (const encoding of ['br', 'gzip']) {
        const res = await rawGet(t.url + path, { 'accept-encoding': encoding })
        expect(res.headers['content-encoding'], `${path} ${encoding}`).toBe(encoding)
        expect(res.headers.vary).toMatch(/Accept-Encoding/i)
      }
    }
  })

  it('caches hashed assets for a year as immutable, and revalidates HTML with an ETag', async () => {
    const html = (await rawGet(`${t.url}/`)).body.toString()
    const assets = [...[...html.matchAll(/(?:src|href)="(\/assets\/[^"]+)"/g)].map((m) => m[1]!), ...pageScripts(html)]
    expect(assets.length).toBeGreaterThan(2)
    for (const a of assets) {
      const res = await rawGet(t.url + a)
      expect(res.headers['cache-control'], a).toBe('public, max-age=31536000, immutable')
    }
    const page = await rawGet(`${t.url}/products`)
    expect(page.headers['cache-control']).toBe('no-cache')
    const etag = page.headers.etag ?? (await rawGet(`${t.url}/products`)).headers.etag
    expect(etag).toBeTruthy()
    const again = await rawGet(`${t.url}/products`, { 'if-none-match': etag! })
    expect(again.status).toBe(304)
  })

  it('serves images with their type and a long cache', async () => {
    for (const path of [
      '/images/seed/briefcase.svg',
      '/images/hero.svg',
      '/images/og-image.png',
      '/images/icon-192.png',
    ]) {
      const res = await rawGet(t.url + path)
      expect(res.status, path).toBe(200)
      expect(res.headers['content-type'], path).toMatch(/^image\/(svg\+xml|png|webp)/)
      expect(Number(/max-age=(\d+)/.exec(res.headers['cache-control'] ?? '')?.[1]), path).toBeGreaterThanOrEqual(86400)
    }
  })
})
