/**
 * "Reply by e-mail and mark answered" in the full Chromium owners have (the headless shell never
 * hands a link on to a mail app, so it cannot show one opening), at 390 px, with JavaScript and
 * without: the mail app is asked to open with the reply, under the site's own security rules; the
 * page says Answered at once; the data file agrees; a long enquiry is quoted in part, so no answer's
 * headers and no mailto: link come near 8 KB.
 */
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import type { StoredEnquiry } from '../../data/enquiry.server.ts'
import { launchBrowser, openContext, waitForHydration } from '../../support/browser.ts'
import { newEnquiry } from '../helpers/new-enquiry.ts'
import { dataOnDisk } from '../helpers/on-disk.ts'
import { startTestServer, type TestServer } from '../helpers/server.ts'

vi.setConfig({ testTimeout: 120_000 })

const PHONE = { width: 390, height: 844 }
/** About 5,000 characters that each take up to twelve once encoded in a link: the 45 KB reply of the issue. */
const LONG = `Bonjour, a question about the Oxford brogue 👞.\n${'Très belle chaussure 👞 größe 42. '.repeat(150)}\nThe end.`

let t: TestServer
let full: Browser
beforeAll(async () => {
  t = await startTestServer()
  full = await launchBrowser()
})
afterAll(async () => {
  await full?.close()
  await t?.close()
})

const onDisk = async (id: string) =>
  (await dataOnDisk<{ messages: StoredEnquiry[] }>(t.dataFile)).messages.find((m) => m.id === id)!

/** What the browser did with the page: mail links it handed to the system, and every answer's header size. */
function watch(page: Page) {
  const launched: string[] = []
  const headerBytes: { url: string; bytes: number }[] = []
  page.on('console', (msg) => {
    const handed = /^Launched external handler for '(.*)'\.$/s.exec(msg.text())
    if (handed) launched.push(handed[1]!)
  })
  page.on('response', async (res) => {
    // An answer still arriving as the test closes the page has no headers to read: it is not counted.
    const headers = await res.headersArray().catch(() => undefined)
    if (!headers) return
    headerBytes.push({
      url: res.url(),
      bytes: headers.reduce((n, h) => n + Buffer.byteLength(`${h.name}: ${h.value}\r\n`), 0),
    })
  })
  return { launched, headerBytes }
}

describe.each([true, false])('replying to an enquiry at 390 px, JavaScript %s', (javaScriptEnabled) => {
  it('opens the mail app with the reply, quoted in part, and the page and the file say Answered', async () => {
    const m = await t.store.addEnquiry({ ...newEnquiry(javaScriptEnabled ? 1 : 2), message: LONG })
    const { page, context, errors } = await openContext(full, t.url, { viewport: 'phone', javaScriptEnabled })
    await page.setViewportSize(PHONE)
    const { launched, headerBytes } = watch(page)
    await page.goto(`/admin/enquiries/${m.id}`)
    if (javaScriptEnabled) await waitForHydration(page)
    const facts = page.locator('.enquiry__facts')
    expect(await facts.innerText()).toMatch(/State\s+Read/)

    await page.getByRole('button', { name: 'Reply by e-mail and mark answered' }).click()
    // Said on the page at once, scripts or not: no reload by the test.
    const said = page.getByRole('status').filter({ hasText: 'Marked as answered.' })
    await said.waitFor()
    // On the screen the owner is looking at (the tap was at the foot of a long message).
    await expect.poll(async () => (await said.boundingBox())!.y).toBeGreaterThanOrEqual(0)
    expect((await said.boundingBox())!.y).toBeLessThan(PHONE.height - 100)
    expect(await facts.innerText()).toMatch(/State\s+Answered \(answered /)
    expect((await onDisk(m.id)).answeredAt).toEqual(expect.any(String))
    const write = page.getByRole('link', { name: 'Write the reply in your mail app' })
    expect((await write.boundingBox())!.height).toBeGreaterThanOrEqual(44)
    // Without scripts a page cannot open another app by itself (Chromium wants a tap): the owner taps the link
    // that the answer put at the top of the page. With them the same tap did it.
    if (!javaScriptEnabled) {
      expect((await write.boundingBox())!.y).toBeLessThan(PHONE.height)
      await write.click()
    }
    await expect.poll(() => launched.length, { timeout: 10_000 }).toBe(1)

    const reply = new URL(launched[0]!)
    expect(reply.protocol).toBe('mailto:')
    expect(decodeURIComponent(reply.pathname)).toBe(m.email)
    expect(reply.searchParams.get('subject')).toBe('Re: General Enquiry')
    const body = reply.searchParams.get('body')!
    expect(body).toMatch(/ Lee wrote:\r\n> Bonjour, a question about the Oxford brogue 👞\.\r\n> Très belle chaussure/)
    expect(body).toMatch(/\r\n> \[…\]$/)
    expect(body).not.toContain('The end.')
    expect(launched[0]!.length).toBeLessThanOrEqual(2000)
    expect(await write.getAttribute('href')).toBe(launched[0])

    // The site's own rules refused nothing, and every answer's headers stayed small.
    expect(errors.filter((e) => /Content Security Policy|Not allowed to launch/.test(e))).toEqual([])
    expect(headerBytes.length).toBeGreaterThan(0)
    for (const { url, bytes } of headerBytes) expect(bytes, url).toBeLessThan(8192)
    // Still Answered on the next visit, from the file.
    await page.goto(`/admin/enquiries/${m.id}`)
    expect(await facts.innerText()).toMatch(/State\s+Answered \(answered /)
    await context.close()
  })
})
