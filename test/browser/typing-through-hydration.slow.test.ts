import { describe, expect, it } from 'vitest'
import { VIEWPORTS } from '../../support/browser.ts'
import { browserSuiteForFile } from '../helpers/browser-suite.ts'

const { t, browser } = browserSuiteForFile()

const FIELDS: { id: string; typed: string; value: string; byTab?: boolean }[] = [
  { id: 'enquiry-firstName', typed: 'Early', value: 'Early' },
  { id: 'enquiry-lastName', typed: 'Typist', value: 'Typist' },
  { id: 'enquiry-email', typed: 'early@example.com', value: 'early@example.com' },
  // A select answers to a typed letter (reached with Tab: a tap opens the phone's own picker).
  { id: 'enquiry-subject', typed: 'B', value: 'bags', byTab: true },
  {
    id: 'enquiry-message',
    typed: 'Is the Holdall made in dark brown?',
    value: 'Is the Holdall made in dark brown? Thanks.',
  },
]
const RUNS = 6

/**
 * A visitor on a slow phone (CPU six times slower, touch screen) taps into the enquiry form and types
 * through it, moving on with Tab or by tapping the next field, while the page's scripts start and
 * hydrate the form: at a different field in each run.
 */
describe('typing through hydration on a slow phone', () => {
  for (let run = 0; run < RUNS; run++) {
    const byTap = run % 2 === 1
    it(
      `run ${run + 1} of ${RUNS}: every keystroke lands in the field it was ` +
        `typed into (moving on by ${byTap ? 'tapping' : 'Tab'})`,
      async () => {
        const context = await browser.newContext({
          viewport: VIEWPORTS.phone,
          deviceScaleFactor: 1.75,
          isMobile: true,
          hasTouch: true,
          baseURL: t.url,
        })
        try {
          const page = await context.newPage()
          let release!: () => void
          const held = new Promise<void>((r) => (release = r))
          await page.route(/\/assets\/(entries|chunks)\/.*\.js$/, async (route) => {
            await held
            await route.continue()
          })
          const cdp = await context.newCDPSession(page)
          await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 })
          await page.goto('/contact', { waitUntil: 'domcontentloaded' })
          const tap = async (id: string) => {
            const box = (await page.locator(`#${id}`).boundingBox())!
            await page.touchscreen.tap(box.x + box.width / 2, box.y + box.height / 2)
          }
          // The scripts start as the visitor finishes a field (a different one each run), and the visitor
          // moves on at once: while the form hydrates, when React hydrates it at once for the next event.
          const startAfter = run % (FIELDS.length - 1)
          for (const [i, field] of FIELDS.entries()) {
            if (i === 0 || (byTap && !field.byTab)) await tap(field.id)
            else await page.keyboard.press('Tab')
            await page.keyboard.type(field.typed, { delay: 25 })
            if (i === startAfter) {
              // The phone is at its slowest while it hydrates (twenty times slower), so the visitor's
              // next keys and moves fall inside the hydration.
              await cdp.send('Emulation.setCPUThrottlingRate', { rate: 20 })
              release()
              await page.locator('.menu-toggle[aria-expanded]').waitFor({ state: 'attached' })
            }
          }
          await page.waitForFunction(() => document.body.dataset.hydrated === 'true')
          await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 })
          // Still in the message, caret at its end: the next keys land there too.
          await page.keyboard.type(' Thanks.', { delay: 25 })
          const values = await page.evaluate(
            (ids) => ids.map((id) => (document.getElementById(id) as HTMLInputElement).value),
            FIELDS.map((f) => f.id),
          )
          expect(values, JSON.stringify(values)).toEqual(FIELDS.map((f) => f.value))
          expect(await page.evaluate(() => document.activeElement?.id)).toBe('enquiry-message')
        } finally {
          await context.close()
        }
      },
      120_000,
    )
  }
})
