/**
 * The owner's words for the shop's settings, on a 390 px phone, with JavaScript and without: a setting
 * not made is named by what it does (e-mail, image generation), the variable's name comes second.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openContext } from '../../support/browser.ts'
import { startBrowserSuite, stopBrowserSuite } from '../helpers/browser-suite.ts'

let suite: Awaited<ReturnType<typeof startBrowserSuite>>
// Neither SMTP_URL nor OPENAI_API_KEY: e-mail and image generation are not set up.
beforeAll(async () => void (suite = await startBrowserSuite()))
afterAll(() => stopBrowserSuite(suite ?? {}))

const MAIL =
  'E-mail is not set up: enquiries are saved but not e-mailed to you. ' +
  "To have them e-mailed, set SMTP_URL to your mail server's address and restart the site."
const IMAGES =
  'Image generation is not set up: a run would fail. ' +
  'To turn it on, set OPENAI_API_KEY to your OpenAI key and restart the site.'
/** A variable's name put first, as a programmer would say it. */
const PROGRAMMERS = /\b[A-Z][A-Z_]{3,} (is|was) not set\b|\(SMTP_URL|\(OPENAI_API_KEY/

describe('what the owner reads about the settings', () => {
  for (const javaScriptEnabled of [false, true]) {
    it(`says what is not set up, then which setting does it, at first paint (JavaScript ${javaScriptEnabled ? 'on' : 'off'})`, async () => {
      const { page, context } = await openContext(suite.browser, suite.t.url, { viewport: 'phone', javaScriptEnabled })
      try {
        // What the server sent, before any script ran.
        await page.goto('/admin/health', { waitUntil: 'commit' })
        const mail = page.locator('[data-key="mail"]')
        await mail.waitFor()
        expect(await mail.locator('.health-item__headline').textContent()).toBe(MAIL)
        expect(await page.locator('[data-key="images"]').textContent()).toContain(IMAGES)
        expect(await page.locator('.health').textContent()).not.toMatch(PROGRAMMERS)

        await page.goto('/admin', { waitUntil: 'commit' })
        const needs = page.getByRole('region', { name: 'Needs you' })
        await needs.waitFor()
        expect(await needs.getByRole('link', { name: `Mail: ${MAIL}` }).getAttribute('href')).toBe('/admin/health')
        expect(await needs.textContent()).not.toMatch(PROGRAMMERS)
      } finally {
        await context.close()
      }
    })
  }
})
