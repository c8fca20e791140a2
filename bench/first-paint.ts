/**
 * The dead window on an emulated slow phone: taps and typing from the moment a control is
 * painted, with JavaScript on and off (RELIABILITY.md); FIRST_PAINT_DETAIL=1 adds each tap.
 */
import { readFile, rm } from 'node:fs/promises'
import path from 'node:path'
import type { Browser } from 'playwright-core'
import { buildIfNeeded } from '../scripts/build-if-needed.ts'
import { ROOT } from '../server/config/paths.server.ts'
import { launchBrowser } from '../support/browser.ts'
import { prepareDataDir, startBenchServer } from '../support/bench-server.ts'
import {
  SLOW_PHONE,
  type Probe,
  openOnPhone,
  centreOf,
  tapTaken,
  tapUntilTaken,
  seen,
  navigatedTo,
  inPage,
} from './phone-probe.ts'

/** Between keystrokes: a quick thumb typist. */
const KEY_DELAY_MS = 35

export type FirstPaintRow = {
  control: string
  javaScript: 'on' | 'off'
  /** From the start of navigation until the control was painted and on screen. */
  visibleMs: number | null
  /**
   * From visible until the visitor saw an answer to their taps (null: none within the
   * probe's patience); for the enquiry form, from the first tap on 'Send Message'.
   */
  responseMs: number | null
  /** What answered: the navigation, the dialog, the open menu, the toast, an error... */
  response: string
  taps: number
  lostTaps: number
  /** When each tap was made, from visible: the detail behind `lostTaps`. */
  tappedAtMs: number[]
  /** Every page the taps asked for: one not expected means a tap landed elsewhere (the page moved). */
  navigations: string[]
  /** The enquiry form only: keystrokes typed, and those missing from (or wrong in) the saved enquiry. */
  keystrokes?: number
  lostKeystrokes?: number
  ok: boolean
}

type TapControl = {
  name: string
  path: string
  selector: string
  /** What the visitor sees in answer: a navigation under way counts (the next page is coming). */
  answered: (probe: Probe) => Promise<string | null>
}

const TAP_CONTROLS: TapControl[] = [
  {
    name: "'Purchase Now' on /products",
    path: '/products',
    selector: '.product-card .purchase-form button',
    answered: async (probe) =>
      navigatedTo(probe, /\/products\/[^/?#]+\?order=1/) ??
      ((await inPage(probe.page, () => document.querySelector('dialog.order-dialog[open]') !== null))
        ? 'order dialog open'
        : null),
  },
  {
    name: 'menu toggle on / (phone)',
    path: '/',
    selector: '.menu-toggle',
    answered: async (probe) =>
      (await inPage(
        probe.page,
        () => document.getElementById('mobile-menu')?.matches(':popover-open, .is-open') === true,
      ))
        ? 'menu open'
        : null,
  },
  {
    name: "'Belts' filter on /products",
    path: '/products',
    selector: '.filter-bar a[data-filter="belts"]',
    answered: async (probe) =>
      navigatedTo(probe, /[?&]category=belts/) ??
      ((await inPage(
        probe.page,
        () =>
          location.search.includes('category=belts') &&
          document.querySelector('.filter-bar a[data-filter="belts"]')?.getAttribute('aria-current') === 'true',
      ))
        ? 'belts shown in place'
        : null),
  },
]

const row = (control: string, probe: Probe, javaScriptEnabled: boolean) => ({
  control,
  javaScript: javaScriptEnabled ? ('on' as const) : ('off' as const),
  visibleMs: Math.round(probe.visibleAt - probe.t0),
  navigations: probe.navigations.map(
    (n) => `${Math.round(n.at - probe.visibleAt)} ms: ${new URL(n.url).pathname}${new URL(n.url).search}`,
  ),
})

async function probeTapControl(
  browser: Browser,
  baseUrl: string,
  control: TapControl,
  javaScriptEnabled: boolean,
): Promise<FirstPaintRow> {
  const probe = await openOnPhone(browser, baseUrl, control.path, control.selector, javaScriptEnabled)
  try {
    const answered = () => control.answered(probe)
    const tapping = await tapUntilTaken(
      probe,
      control.selector,
      async () => (await answered()) ?? ((await tapTaken(probe.page)) ? 'taken' : null),
    )
    const shown = tapping.sign ? await seen(answered) : null
    // A navigation answers when the browser asks for the page, which the probe may notice later (its
    // looks into the page wait behind a busy main thread).
    const answeredAt = shown?.answer.startsWith('navigation') ? (probe.navigations[0]?.at ?? shown.at) : shown?.at
    return {
      ...row(control.name, probe, javaScriptEnabled),
      responseMs: answeredAt === undefined ? null : Math.round(answeredAt - probe.visibleAt),
      response: shown?.answer ?? (tapping.sign ? 'tap taken, nothing shown' : 'none'),
      taps: tapping.taps,
      lostTaps: tapping.sign ? tapping.taps - 1 : tapping.taps,
      tappedAtMs: tapping.tappedAtMs,
      ok: shown !== null && tapping.taps === 1,
    }
  } finally {
    await probe.close()
  }
}

/** What the visitor types into the enquiry form: Tab moves on, as a phone keyboard's "next" does. */
function enquiry(run: string) {
  return {
    firstName: 'Early',
    lastName: `Typist ${run}`,
    email: `early.${run}@example.com`,
    // The select answers to typed letters: "Bags Enquiry".
    subject: { typed: 'Bags', value: 'bags' },
    message: 'Is the Holdall made in dark brown?',
  }
}

type SavedEnquiry = { firstName: string; lastName: string; email: string; subject: string; message: string }

/** The enquiry form's answer once sent: the sent page, the toast, or the messages that refused it. */
async function enquiryAnswer(probe: Probe): Promise<string | null> {
  return probe.page
    .evaluate(() => {
      if (
        location.pathname === '/contact/sent' &&
        document.querySelector('h1')?.textContent?.includes('Message sent successfully!')
      )
        return 'sent page'
      if (
        [...document.querySelectorAll('.Toastify')].some((e) => e.textContent?.includes('Message sent successfully!'))
      )
        return 'toast'
      const errors = [...document.querySelectorAll('#contact-form .field__error, #contact-form [role="alert"]')]
        .map((e) => e.textContent?.trim())
        .filter(Boolean)
      return errors.length ? `refused: ${errors.join('; ')}` : null
    })
    .catch(() => null)
}

async function probeContactForm(
  browser: Browser,
  baseUrl: string,
  dataFile: string,
  javaScriptEnabled: boolean,
): Promise<FirstPaintRow> {
  const typed = enquiry(javaScriptEnabled ? 'js' : 'nojs')
  const before = (JSON.parse(await readFile(dataFile, 'utf8')).messages as SavedEnquiry[]).length
  const probe = await openOnPhone(browser, baseUrl, '/contact', '#enquiry-firstName', javaScriptEnabled)
  const { page } = probe
  try {
    const first = await centreOf(page, '#enquiry-firstName')
    if (first) await page.touchscreen.tap(first.x, first.y)
    let keystrokes = 1 // the tap into the first field
    for (const [i, text] of [
      typed.firstName,
      typed.lastName,
      typed.email,
      typed.subject.typed,
      typed.message,
    ].entries()) {
      if (i > 0) {
        await page.keyboard.press('Tab')
        keystrokes++
      }
      await page.keyboard.type(text, { delay: KEY_DELAY_MS })
      keystrokes += text.length
    }

    // 'Send Message' is taken when the post leaves, or the page's script takes the submit.
    const tapping = await tapUntilTaken(
      probe,
      '#contact-form button[type="submit"]',
      async () =>
        navigatedTo(probe, /\/contact/) ?? ((await tapTaken(page)) ? 'taken' : null) ?? (await enquiryAnswer(probe)),
    )
    const shown = tapping.sign ? await seen(() => enquiryAnswer(probe)) : null

    const saved = (JSON.parse(await readFile(dataFile, 'utf8')).messages as SavedEnquiry[]).slice(before)
    const enquiry = saved.at(-1)
    const lostKeystrokes = enquiry
      ? distance(typed.firstName, enquiry.firstName) +
        distance(typed.lastName, enquiry.lastName) +
        distance(typed.email, enquiry.email) +
        (enquiry.subject === typed.subject.value ? 0 : typed.subject.typed.length) +
        distance(typed.message, enquiry.message)
      : keystrokes
    const lostTaps = tapping.sign ? tapping.taps - 1 : tapping.taps
    return {
      ...row('enquiry form on /contact', probe, javaScriptEnabled),
      // From the first tap on 'Send Message': the typing before it is the visitor's own time.
      responseMs: shown && tapping.firstTapAt !== null ? Math.round(shown.at - tapping.firstTapAt) : null,
      response: shown?.answer ?? (tapping.sign ? 'send taken, nothing shown' : 'none'),
      taps: tapping.taps,
      lostTaps,
      tappedAtMs: tapping.tappedAtMs,
      keystrokes,
      lostKeystrokes,
      ok:
        enquiry !== undefined &&
        lostKeystrokes === 0 &&
        lostTaps === 0 &&
        shown !== null &&
        !shown.answer.startsWith('refused'),
    }
  } finally {
    await probe.close()
  }
}

/** Edits (insertions, deletions, substitutions) between what was typed and what was saved. */
function distance(a: string, b: string): number {
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j)
  for (let i = 1; i <= a.length; i++) {
    const row = [i]
    for (let j = 1; j <= b.length; j++)
      row[j] = Math.min(prev[j]! + 1, row[j - 1]! + 1, prev[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1))
    prev = row
  }
  return prev[b.length]!
}

export async function runFirstPaintBench(): Promise<{ phone: typeof SLOW_PHONE; rows: FirstPaintRow[] }> {
  const { dir, dataFile } = await prepareDataDir(0)
  const server = await startBenchServer({ DATA_FILE: dataFile })
  const browser = await launchBrowser()
  const rows: FirstPaintRow[] = []
  try {
    // A running shop has rendered its pages before: no run pays a first render.
    for (const p of ['/', '/products', '/contact']) await (await fetch(server.url + p)).arrayBuffer()
    for (const control of TAP_CONTROLS) {
      for (const js of [true, false]) rows.push(await probeTapControl(browser, server.url, control, js))
    }
    for (const js of [true, false]) rows.push(await probeContactForm(browser, server.url, dataFile, js))
  } finally {
    await browser.close()
    server.child.kill('SIGTERM')
    await server.exited
    await rm(dir, { recursive: true, force: true })
  }
  return { phone: SLOW_PHONE, rows }
}

/** The table `npm run bench` prints: one line per control and JavaScript on/off, with the targets. */
export function printFirstPaint(rows: FirstPaintRow[]): void {
  console.table(
    rows.map((r) => ({
      control: r.control,
      JS: r.javaScript,
      'visible (ms)': r.visibleMs,
      'response after (ms)': r.responseMs ?? 'never',
      response: r.response,
      'taps lost': `${r.lostTaps} of ${r.taps}`,
      'keys lost': r.keystrokes === undefined ? '' : `${r.lostKeystrokes} of ${r.keystrokes}`,
      target: '0 lost, works',
      ok: r.ok,
    })),
  )
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.join(ROOT, 'bench', 'first-paint.ts')) {
  buildIfNeeded()
  const { rows } = await runFirstPaintBench()
  printFirstPaint(rows)
  // The detail behind the table (when each tap was made, every page asked for).
  if (process.env.FIRST_PAINT_DETAIL) console.log(JSON.stringify(rows, null, 1))
}
