/** A phone emulated for the first-paint bench: opening a page on it, tapping a control until something answers. */
import { performance } from 'node:perf_hooks'
import type { Browser, Page } from 'playwright-core'
import { VIEWPORTS } from '../support/browser.ts'

/** The slow phone, as Lighthouse's mobile preset and the team's own trials emulate it. */
export const SLOW_PHONE = {
  cpuSlowdown: 4,
  downKbps: 1600,
  upKbps: 750,
  rttMs: 150,
  viewport: VIEWPORTS.phone,
} as const

const TAP_EVERY_MS = 100
/** Every look costs the page's (4x slowed) main thread: looking too often starves the taps being measured. */
const LOOK_EVERY_MS = 50
/** How long a visitor keeps tapping (and the probe waits) before the control counts as dead. */
const GIVE_UP_MS = 8_000
/** Between keystrokes: a quick thumb typist. */

export type Probe = { page: Page; t0: number; visibleAt: number; navigations: { url: string; at: number }[] }

const now = () => performance.now()
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

/** Opens `pagePath` on a freshly emulated phone (cold cache) and waits until `selector` is painted on screen. */
export async function openOnPhone(
  browser: Browser,
  baseUrl: string,
  pagePath: string,
  selector: string,
  javaScriptEnabled: boolean,
): Promise<Probe & { close: () => Promise<void> }> {
  const context = await browser.newContext({
    viewport: SLOW_PHONE.viewport,
    deviceScaleFactor: 1.75,
    isMobile: true,
    hasTouch: true,
    javaScriptEnabled,
    baseURL: baseUrl,
  })
  await context.addInitScript({ content: NOTE_TAKEN_TAPS })
  const page = await context.newPage()
  const cdp = await context.newCDPSession(page)
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: SLOW_PHONE.cpuSlowdown })
  await cdp.send('Network.enable')
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: SLOW_PHONE.rttMs,
    downloadThroughput: (SLOW_PHONE.downKbps * 1000) / 8,
    uploadThroughput: (SLOW_PHONE.upKbps * 1000) / 8,
  })
  const navigations: Probe['navigations'] = []
  page.on('request', (r) => {
    if (r.isNavigationRequest() && r.frame() === page.mainFrame()) navigations.push({ url: r.url(), at: now() })
  })
  // The browser's own word that the document was painted: it holds with JavaScript off, where the
  // page's performance timeline stays empty, and a layout query alone would answer before the
  // stylesheets arrive, when nothing is painted yet.
  let painted = false
  await cdp.send('Page.enable')
  await cdp.send('Page.setLifecycleEventsEnabled', { enabled: true })
  cdp.on('Page.lifecycleEvent', (e) => {
    if (e.name === 'firstContentfulPaint') painted = true
  })
  const t0 = now()
  await page.goto(pagePath, { waitUntil: 'commit' })
  navigations.length = 0 // the page itself is not a response
  // Then the control on screen. One below the fold ('Purchase Now' under the first card's photograph)
  // is scrolled to at once, as a visitor's thumb would.
  for (;;) {
    const shown =
      painted &&
      (await page
        .evaluate((sel) => {
          const el = document.querySelector(sel)
          if (!el) return false
          let r = el.getBoundingClientRect()
          if (r.width === 0 || r.height === 0 || getComputedStyle(el).visibility === 'hidden') return false
          if (r.top < 0 || r.bottom > innerHeight) {
            el.scrollIntoView({ block: 'center' })
            r = el.getBoundingClientRect()
          }
          return r.top >= 0 && r.bottom <= innerHeight
        }, selector)
        .catch(() => false))
    if (shown) break
    if (now() - t0 > GIVE_UP_MS * 2) throw new Error(`${selector} never became visible on ${pagePath}`)
    await sleep(painted ? LOOK_EVERY_MS / 2 : 5)
  }
  return { page, t0, visibleAt: now(), navigations, close: () => context.close() }
}

/** The centre of the element in the viewport, where a thumb lands; null once the page is going away. */
export async function centreOf(page: Page, selector: string): Promise<{ x: number; y: number } | null> {
  return page
    .evaluate((sel) => {
      const el = document.querySelector(sel)
      if (!el) return null
      const r = el.getBoundingClientRect()
      return { x: r.left + r.width / 2, y: r.top + r.height / 2 }
    }, selector)
    .catch(() => null)
}

/**
 * Notes the first tap the page's scripts took over (default prevented). A string,
 * not a function: the TypeScript loader wraps functions in helpers the page lacks.
 */
const NOTE_TAKEN_TAPS = `{
  const note = (e) => {
    if (e.defaultPrevented && window.__tapTaken === undefined) window.__tapTaken = performance.now()
  }
  addEventListener('click', note)
  addEventListener('submit', note)
}`

export function tapTaken(page: Page): Promise<boolean> {
  return page.evaluate(() => (window as unknown as { __tapTaken?: number }).__tapTaken !== undefined).catch(() => false)
}

type Tapping = { taps: number; tappedAtMs: number[]; sign: string | null; firstTapAt: number | null }

/**
 * Each tap waits for the previous one to reach the page, as a thumb would; a
 * tap answered after more than 100 ms counts the taps made meanwhile as lost.
 */
export async function tapUntilTaken(
  probe: Probe,
  selector: string,
  took: () => Promise<string | null>,
): Promise<Tapping> {
  const { page } = probe
  const tappedAtMs: number[] = []
  let firstTapAt: number | null = null
  const result = (sign: string | null): Tapping => ({ taps: tappedAtMs.length, tappedAtMs, sign, firstTapAt })
  const start = now()
  for (;;) {
    const slot = now()
    if (slot - start > GIVE_UP_MS) return result(null)
    const at = await centreOf(page, selector)
    // Looking for the control can wait behind a busy page, long enough for the last tap's answer to
    // arrive: a tap after the answer is no tap lost.
    const late = tappedAtMs.length > 0 ? await took() : null
    if (late) return result(late)
    if (at) {
      firstTapAt ??= now()
      tappedAtMs.push(Math.round(now() - probe.visibleAt))
      await page.touchscreen.tap(at.x, at.y).catch(() => {})
    }
    for (;;) {
      const sign = await took()
      if (sign) return result(sign)
      const left = TAP_EVERY_MS - (now() - slot)
      if (left <= 0) break
      await sleep(Math.min(LOOK_EVERY_MS, left))
    }
  }
}

/** Waits (without tapping) for what the visitor sees in answer; null if nothing within the probe's patience. */
export async function seen(answered: () => Promise<string | null>): Promise<{ answer: string; at: number } | null> {
  const deadline = now() + GIVE_UP_MS
  while (now() < deadline) {
    const answer = await answered()
    if (answer) return { answer, at: now() }
    await sleep(LOOK_EVERY_MS)
  }
  return null
}

/** The first navigation asked for whose address matches, as the page's response. */
export function navigatedTo(probe: Probe, pattern: RegExp): string | null {
  const nav = probe.navigations.find((n) => pattern.test(n.url))
  return nav ? `navigation to ${new URL(nav.url).pathname}${new URL(nav.url).search}` : null
}

/** Evaluates `fn` in the page; false while the page is between documents. */
export function inPage(page: Page, fn: () => boolean): Promise<boolean> {
  return page.evaluate(fn).catch(() => false)
}
