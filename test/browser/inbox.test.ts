/**
 * The owner's inbox in real Chromium, at phone width without JavaScript and at desktop width with it,
 * against a real server whose mail goes to the real SMTP test server: a visitor's enquiry arrives,
 * its failed e-mail is sent again, it is read, replied to, answered, found, exported, archived and
 * deleted for good; the health panel; visitors refused.
 */
import { readFile } from 'node:fs/promises'
import type { Browser, Page } from 'playwright-core'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import type { StoredEnquiry } from '../../data/enquiry.server.ts'
import { journalFileFor } from '../../data/journal.server.ts'
import { violations } from '../helpers/axe.ts'
import { openContext, waitForHydration, type ViewportName } from '../../support/browser.ts'
import { workerBrowser } from '../helpers/shared-browser.ts'
import { parseCsv } from '../helpers/csv.ts'
import { ownerSaves } from '../helpers/owner-save.ts'
import { startTestServer, type TestServer } from '../helpers/server.ts'
import { FakeSmtp } from '../helpers/smtp.ts'
import { dataOnDisk } from '../helpers/on-disk.ts'

vi.setConfig({ testTimeout: 120_000 })

const MESSAGE = "=cmd|' /C calc'!A0 Could you make a bespoke belt?\nSecond line: 34 inches & brown."

let browser: Browser
let smtp: FakeSmtp
let t: TestServer | undefined
beforeAll(async () => {
  browser = await workerBrowser()
  smtp = new FakeSmtp()
  await smtp.start()
  await smtp.stop() // down: the first e-mail fails, until the test brings it back on the same port
})
afterAll(async () => {
  await smtp?.stop()
})
afterEach(async () => {
  await t?.close()
  t = undefined
  await smtp.stop()
  smtp.received.splice(0)
})

/** An e-mail attempt is recorded in the data file once it has ended (no retry comes before a minute). */
const MAIL_SETTLES = { timeout: 20_000, interval: 50 }
const onDisk = async (): Promise<readonly StoredEnquiry[]> => (await dataOnDisk(t!.dataFile)).messages

/** Loads a page the way the owner follows a link: at once usable, scripts or not. */
async function arrive(page: Page, js: boolean) {
  await page.waitForLoadState('load')
  if (js) await waitForHydration(page)
}

async function sendEnquiry(page: Page, js: boolean) {
  await page.goto('/contact')
  await arrive(page, js)
  const form = page.locator('form#contact-form')
  await form.getByLabel('First name', { exact: true }).fill('Seán')
  await form.getByLabel('Last name', { exact: true }).fill("O'Brien")
  await form.getByLabel('Email', { exact: true }).fill('sean.obrien@example.co.uk')
  await form.getByLabel('Subject', { exact: true }).selectOption('belts')
  await form.getByLabel('Message', { exact: true }).fill(MESSAGE)
  await form.getByRole('button', { name: 'Send Message' }).click()
  await expect.poll(async () => (await onDisk()).length).toBe(1)
}

describe.each([
  ['phone', false],
  ['desktop', true],
] as [ViewportName, boolean][])('the inbox at %s width (JavaScript %s)', (viewport, js) => {
  it('takes a visitor’s enquiry from new to deleted for good, its failed e-mail sent again', async () => {
    t = await startTestServer({ env: { SMTP_URL: smtp.url, CONTACT_RATE_LIMIT: '0' } })
    const { page, context, blocked, errors } = await openContext(browser, t.url, {
      viewport,
      javaScriptEnabled: js,
      reducedMotion: 'reduce',
    })
    await sendEnquiry(page, js)
    // its first try has failed: the mail server is down
    await expect.poll(async () => (await onDisk())[0]!.notification.attempts.length, MAIL_SETTLES).toBe(1)
    const [saved] = await onDisk()
    const olderCopy = await readFile(t.dataFile, 'utf8')

    // New, counted on /admin and in the workspace's navigation.
    await page.goto('/admin')
    await arrive(page, js)
    await page.getByRole('link', { name: 'Enquiries (1 new)' }).click()
    await arrive(page, js)
    const nav = page.getByRole('navigation', { name: 'Workspace' })
    expect(await nav.getByRole('link', { name: /Enquiries/ }).innerText()).toBe('Enquiries (1 new)')
    const item = page.locator('.inbox-item').first()
    expect(await item.innerText()).toMatch(
      /Seán O'Brien[\s\S]*New[\s\S]*E-mail failed[\s\S]*Belts Enquiry[\s\S]*sean\.obrien@example\.co\.uk[\s\S]*=cmd\|/,
    )

    // Found by search, and not by other words.
    await page.getByLabel('Search name, e-mail or message').fill('BESPOKE belt')
    await page.getByRole('button', { name: 'Show' }).click()
    await page.waitForURL(/q=BESPOKE\+belt/)
    await arrive(page, js)
    expect(page.url()).toContain('q=BESPOKE+belt')
    expect(await page.locator('.inbox-item').count()).toBe(1)
    await page.getByLabel('Search name, e-mail or message').fill('wallet')
    await page.getByRole('button', { name: 'Show' }).click()
    await page.getByText('No enquiries match.').waitFor()
    await page.getByLabel('Search name, e-mail or message').fill('obrien')
    await page.getByRole('button', { name: 'Show' }).click()
    await arrive(page, js)

    // Opened: read, the whole message, and its e-mail's fate in plain words.
    await page.locator('.inbox-item a').first().click()
    await arrive(page, js)
    await page.getByRole('heading', { level: 1, name: "Seán O'Brien" }).waitFor()
    expect(await page.locator('.enquiry__message').innerText()).toBe(MESSAGE)
    expect((await onDisk())[0]!.readAt).toEqual(expect.any(String))
    expect(await nav.getByRole('link', { name: /Enquiries/ }).innerText()).toBe('Enquiries')
    const delivery = page.locator('.enquiry__delivery')
    expect(await delivery.innerText()).toMatch(
      /Not e-mailed: the mail server refused the connection[\s\S]*The mail server said:[\s\S]*ECONNREFUSED/,
    )

    // Reply: the owner's own mail app, with address, Re: subject and the quote, encoded.
    const href = (await page.getByRole('link', { name: 'Reply by e-mail' }).getAttribute('href'))!
    expect(href).not.toMatch(/[\s\n]/)
    const reply = new URL(href)
    expect(reply.protocol).toBe('mailto:')
    expect(decodeURIComponent(reply.pathname)).toBe('sean.obrien@example.co.uk')
    expect(reply.searchParams.get('subject')).toBe('Re: Belts Enquiry')
    expect(reply.searchParams.get('body')).toMatch(
      / O'Brien wrote:\r\n> =cmd\|' \/C calc'!A0 Could you make a bespoke belt\?\r\n> Second line: 34 inches & brown\.$/,
    )

    // Send again, once the mail server is back: delivered once.
    await smtp.start()
    await delivery.getByRole('button', { name: 'Send again' }).click()
    await arrive(page, js)
    await page.getByText('Sending it again now').waitFor()
    await smtp.waitForMails(1)
    await expect.poll(async () => (await onDisk())[0]!.notification.status, MAIL_SETTLES).toBe('sent')
    await page.reload()
    expect(await page.locator('.enquiry__delivery').innerText()).toMatch(/E-mailed to you on/)
    expect(smtp.received).toHaveLength(1)
    expect(smtp.received[0]!.text).toContain('Could you make a bespoke belt?')

    // Answered, archived (out of the inbox, under Archived), and unarchived.
    await page.getByRole('button', { name: 'Mark as answered' }).click()
    await arrive(page, js)
    await page.getByText('Marked as answered.').waitFor()
    expect((await onDisk())[0]!.answeredAt).toEqual(expect.any(String))
    await page.getByRole('button', { name: 'Archive' }).click()
    await arrive(page, js)
    await page.getByText('Archived: it stays saved, under the Archived filter.').waitFor()
    expect((await onDisk())[0]!.archived).toBe(true)
    await page.goto('/admin/enquiries')
    await page.getByText('No enquiries match.').waitFor()
    await page.getByLabel('State').selectOption('archived')
    await page.getByRole('button', { name: 'Show' }).click()
    await page.waitForURL(/state=archived/)
    await arrive(page, js)
    expect(await page.locator('.inbox-item').count()).toBe(1)

    // Exported: the CSV parses back, the formula stays text.
    const download = page.waitForEvent('download')
    await page.getByRole('link', { name: 'every enquiry' }).click()
    // The browser runs apart from this process: the file is read from its stream, not its path.
    const chunks: Buffer[] = []
    for await (const chunk of await (await download).createReadStream()) chunks.push(chunk as Buffer)
    const csv = parseCsv(Buffer.concat(chunks).toString('utf8'))
    expect(csv.bom).toBe(true)
    const [head, row] = csv.rows as [string[], string[]]
    expect(row[head.indexOf('Message')]).toBe(`'${MESSAGE}`)
    expect(row[head.indexOf('State')]).toBe('archived')

    // Deleted for good, after a confirmation that works without scripts.
    await page.locator('.inbox-item a').first().click()
    await arrive(page, js)
    await page.getByRole('link', { name: 'Delete for good…' }).click()
    await arrive(page, js)
    await page.getByRole('heading', { name: 'Delete this enquiry for good?' }).waitFor()
    expect(await onDisk()).toHaveLength(1)
    await page.getByRole('button', { name: 'Delete for good' }).click()
    await arrive(page, js)
    await page.getByText('The enquiry was deleted for good.').waitFor()
    expect(await onDisk()).toEqual([])
    expect(await readFile(journalFileFor(t.dataFile), 'utf8')).not.toContain('sean.obrien@example.co.uk')
    await ownerSaves(t.store, olderCopy) // a copy opened before
    expect((await onDisk()).map((m) => m.id)).not.toContain(saved!.id)

    expect(blocked).toEqual([])
    expect(errors.filter((e) => !e.startsWith('Failed to load resource'))).toEqual([])
    await context.close()
  })

  it(
    'shows the health panel; the inbox, an enquiry, its delete confirmation ' +
      'and the panel are axe clean; visitors get 403',
    async () => {
      t = await startTestServer({ env: { SMTP_URL: smtp.url } })
      await t.store.addEnquiry({
        firstName: 'Ann',
        lastName: 'Lee',
        email: 'ann@example.com',
        subject: 'bags',
        message: 'A question about a bag.',
        notification: t.services.outbox.initialNotification(),
      })
      t.services.outbox.deliverSoon()
      // failed: the mail server is down
      await expect.poll(async () => (await onDisk())[0]!.notification.attempts.length, MAIL_SETTLES).toBe(1)
      // axe runs as a script in the page: with scripts on, at this width.
      const { page, context } = await openContext(browser, t.url, { viewport, reducedMotion: 'reduce' })
      const [saved] = await onDisk()
      for (const path of [
        '/admin/enquiries',
        `/admin/enquiries/${saved!.id}`,
        `/admin/enquiries/${saved!.id}?confirm=delete`,
        '/admin/enquiries?q=nothing',
      ]) {
        await page.goto(path)
        await waitForHydration(page)
        expect(await violations(page), path).toEqual([])
      }
      await page.goto('/admin/health')
      await waitForHydration(page)
      const mail = page.locator('[data-key="mail"]')
      expect(await mail.getAttribute('data-status')).toBe('problem')
      expect(await mail.innerText()).toMatch(/Failing since .*: the mail server refused the connection/)
      expect(await page.locator('[data-key="dataFile"]').innerText()).toContain('db.json is valid.')
      expect(await page.locator('[data-key="server"]').innerText()).toMatch(/Running version \d+\.\d+\.\d+, up for/)
      expect(await page.locator('[data-key="images"]').innerText()).toMatch(/0 images used in the last 24 hours/)
      expect(await page.locator('[data-key="disk"]').innerText()).toMatch(/free of/)
      await context.close()

      const visitor = await openContext(browser, t.url, { viewport, javaScriptEnabled: js })
      await visitor.context.setExtraHTTPHeaders({ 'X-Forwarded-For': '203.0.113.9' })
      for (const path of ['/admin/enquiries', '/admin/health', '/admin/enquiries.csv', '/Admin/Enquiries/']) {
        const res = await visitor.page.goto(path)
        expect(res?.status(), path).toBe(403)
        expect(await visitor.page.content(), path).not.toContain('ann@example.com')
      }
      await visitor.context.close()
    },
  )
})
