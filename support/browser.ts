import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core'
import { findChromium } from './chromium-path.ts'

export const VIEWPORTS = {
  phone: { width: 375, height: 740 },
  desktop: { width: 1440, height: 900 },
} as const
export type ViewportName = keyof typeof VIEWPORTS

/** How to start Debian's Chromium, headless, with the flags this closed network needs. */
export function chromiumLaunchOptions(executablePath = findChromium()) {
  if (!executablePath) throw new Error('No Chromium found: run `npm test`, which installs it, or set CHROMIUM_PATH.')
  return {
    executablePath,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  }
}

export const launchBrowser = (): Promise<Browser> => chromium.launch(chromiumLaunchOptions())

/**
 * A fresh browser context whose requests may reach only `baseUrl`: any other address (another host,
 * another port) is sent to a proxy that is not there, so it fails at once, and is recorded in `blocked`:
 * a test can assert the page asked nothing of the internet. Nothing intercepts the requests that pass:
 * routing each through Playwright cost a third of a page load's CPU and turned the browser's cache off.
 */
export async function openContext(
  browser: Browser,
  baseUrl: string,
  options: {
    viewport?: ViewportName
    javaScriptEnabled?: boolean
    reducedMotion?: 'reduce' | 'no-preference'
    touch?: boolean
    /** A browser string other than headless Chromium's own (which says it is a robot). */
    userAgent?: string
  } = {},
): Promise<{ context: BrowserContext; page: Page; blocked: string[]; errors: string[] }> {
  const context = await browser.newContext({
    viewport: VIEWPORTS[options.viewport ?? 'desktop'],
    javaScriptEnabled: options.javaScriptEnabled ?? true,
    reducedMotion: options.reducedMotion ?? 'no-preference',
    hasTouch: options.touch ?? false,
    isMobile: options.touch ?? false,
    baseURL: baseUrl,
    userAgent: options.userAgent,
    // Port 9 (discard) on the loopback: nothing listens there. `<-loopback>` sends the loopback's other ports
    // to it too. `.127.0.0.1` is for Playwright's own client (`page.request`), which matches host names only.
    proxy: { server: 'http://127.0.0.1:9', bypass: `<-loopback>, ${new URL(baseUrl).host}, .127.0.0.1` },
  })
  const origin = new URL(baseUrl).origin
  const blocked: string[] = []
  context.on('requestfailed', (request) => {
    const url = request.url()
    if (!url.startsWith(origin) && !url.startsWith('data:') && !url.startsWith('blob:')) blocked.push(url)
  })
  const page = await context.newPage()
  const errors: string[] = []
  page.on('pageerror', (err) => errors.push(err.message))
  page.on('console', (msg) => {
    if (msg.type() === 'error') errors.push(msg.text())
  })
  return { context, page, blocked, errors }
}

/** How long a page may take to load and hydrate before waitForHydration gives up, saying so. */
const HYDRATION_TIMEOUT_MS = 30_000

/**
 * Resolves once the page has loaded, Vike has hydrated it (our renderer marks <body> when it has) and
 * its web fonts are in. One evaluation that waits in the page: a round trip for each step cost about
 * 7 ms of CPU a visit more. A page with no script (the policy pages, the 404 page) is as ready as it will
 * ever be once loaded.
 */
export async function waitForHydration(page: Page): Promise<void> {
  // Timed here, not in the page: a page with JavaScript off runs no frame callbacks, so it would wait for ever.
  let timer: NodeJS.Timeout | undefined
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () =>
        reject(
          new Error(
            `The page was not loaded and hydrated within ${HYDRATION_TIMEOUT_MS / 1000} s ` +
              '(with JavaScript off it never hydrates: wait for its fonts alone).',
          ),
        ),
      HYDRATION_TIMEOUT_MS,
    )
  })
  try {
    // A navigation under way replaces the document the wait runs in: wait again in the new one.
    for (let attempt = 1; ; attempt++) {
      try {
        return await Promise.race([page.evaluate(untilHydrated), late])
      } catch (error) {
        if (attempt === 3 || !/Execution context was destroyed/.test(String(error))) throw error
      }
    }
  } finally {
    clearTimeout(timer)
  }
}

/** Runs in the page, so it names no function inside: tsx (scripts, benchmarks) wraps each in a helper the page lacks. */
const untilHydrated = async (): Promise<void> => {
  while (
    document.readyState !== 'complete' ||
    (document.querySelector('script[type="module"][src]') && document.body.dataset.hydrated !== 'true')
  )
    await new Promise((resolve) => requestAnimationFrame(resolve))
  // Its fonts too: on a loaded machine they can arrive after hydration and reflow the text under a
  // scroll a test is about to start. The layout first, as in waitForFonts.
  void document.body.getBoundingClientRect()
  await document.fonts.ready
}

/**
 * Resolves once the web fonts the page's text uses have loaded. The layout is forced first: a face
 * is only requested when laid-out text needs it, and until then `document.fonts.ready` is already
 * settled (on a busy machine the `load` event can come before the first layout).
 */
export async function waitForFonts(page: Page): Promise<void> {
  await page.evaluate(() => {
    void document.body.getBoundingClientRect()
    return document.fonts.ready.then(() => undefined)
  })
}

/**
 * Holds back the page's scripts until the returned function is called: the page as a slow connection paints it first.
 */
export async function holdScripts(page: Page): Promise<() => void> {
  let release!: () => void
  const held = new Promise<void>((r) => (release = r))
  await page.route(/\/assets\/(entries|chunks)\/.*\.js$/, async (route) => {
    await held
    await route.continue()
  })
  return release
}
