/**
 * Snapshots from the phone (/admin/snapshots), at 390 px with JavaScript and without: the list, a
 * confirmation that says what changes, and a restore that puts back the products alone.
 */
import { readFile } from 'node:fs/promises'
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openContext } from '../../support/browser.ts'
import { startBrowserSuite, stopBrowserSuite } from '../helpers/browser-suite.ts'
import { newEnquiry } from '../helpers/new-enquiry.ts'
import type { TestServer } from '../helpers/server.ts'
import { dataOnDisk } from '../helpers/on-disk.ts'

let suite: { t: TestServer; browser: Browser }
beforeAll(async () => void (suite = await startBrowserSuite()))
afterAll(() => stopBrowserSuite(suite ?? {}))

type OnDisk = { products: { id: string; price: string }[]; messages: { id: string }[] }
const onDisk = async () => dataOnDisk<OnDisk>(suite.t.dataFile)

describe('restoring a snapshot from the phone', () => {
  it(
    'lists when, why and how many products; confirms what changes; puts the ' +
      'products back and leaves every enquiry',
    async () => {
      const { t } = suite
      for (const javaScriptEnabled of [false, true]) {
        const taken = await t.services.catalogue.snapshots.take(
          t.store.data,
          'daily',
          new Date(javaScriptEnabled ? '2026-07-14T09:30:00Z' : '2026-01-14T09:30:00Z'),
        )
        const price = t.store.products.find((p) => p.id === 'oxford-brogue')!.price
        await t.store.updateProduct('oxford-brogue', (p) => ({ ...p, price: '£999.00' }))
        const enquiry = await t.store.addEnquiry(newEnquiry(javaScriptEnabled ? 2 : 1))

        const { page, context } = await openContext(suite.browser, t.url, { viewport: 'phone', javaScriptEnabled })
        await page.goto('/admin')
        await page.getByRole('navigation', { name: 'Workspace' }).getByRole('link', { name: 'Snapshots' }).click()
        await page.waitForURL(`${t.url}/admin/snapshots`)
        const when = javaScriptEnabled ? '14 Jul 2026, 10:30' : '14 Jan 2026, 09:30'
        const item = page.locator('.snapshots__item').filter({ hasText: when })
        expect(await item.innerText()).toContain(`Before the day's first change · ${t.store.products.length} products`)
        await item.getByRole('button', { name: `Restore the snapshot of ${when}…` }).click()
        await page.getByRole('heading', { name: `Restore the snapshot of ${when}?` }).waitFor()
        const confirmation = await page.locator('main').innerText()
        expect(confirmation).toContain('Only the products change: enquiries are not touched and never go back.')
        expect(confirmation).toMatch(/Changed back\s+Oxford Brogue/)
        await page.getByRole('button', { name: 'Restore the products' }).click()
        await page.getByRole('status').filter({ hasText: 'Restored: the products are back as on' }).waitFor()

        const disk = await onDisk()
        expect(disk.products.find((p) => p.id === 'oxford-brogue')!.price).toBe(price)
        expect(
          disk.messages.map((m) => m.id),
          'the enquiry sent since stays',
        ).toContain(enquiry.id)
        expect(taken).toMatch(/-daily\.json$/)
        await context.close()
      }
    },
  )

  it('a name that is no snapshot: no page, and its restore goes back to the list, nothing changed', async () => {
    const { page, context } = await openContext(suite.browser, suite.t.url, {
      viewport: 'phone',
      javaScriptEnabled: false,
    })
    expect((await page.goto('/admin/snapshots/constructor'))?.status()).toBe(404)
    const before = await readFile(suite.t.dataFile, 'utf8')
    const res = await fetch(`${suite.t.url}/admin/snapshots/__proto__/restore`, { method: 'POST', redirect: 'manual' })
    expect(res.status).toBe(303)
    expect(res.headers.get('location')).toBe('/admin/snapshots')
    expect(await readFile(suite.t.dataFile, 'utf8')).toBe(before)
    await context.close()
  })

  it(
    'tells apart three snapshots taken in one minute, and its confirmation lists each change: ' +
      'field, now, after, in the form’s words',
    async () => {
      const { t } = suite
      await t.store.updateProduct('chelsea-boot', (p) => ({ ...p, price: '£345.00', availability: 'in-stock' }))
      for (const [reason, at] of [
        ['daily', '2026-03-10T10:30:05Z'],
        ['before-restore', '2026-03-10T10:30:20Z'],
        ['before-restore', '2026-03-10T10:30:40Z'],
      ] as const)
        await t.services.catalogue.snapshots.take(t.store.data, reason, new Date(at))
      await t.store.updateProduct('chelsea-boot', (p) => ({
        ...p,
        price: '£375.50',
        availability: 'made-to-order',
        leadTime: '3 weeks',
      }))

      for (const javaScriptEnabled of [false, true]) {
        const { page, context } = await openContext(suite.browser, t.url, { viewport: 'phone', javaScriptEnabled })
        await page.goto('/admin/snapshots', { waitUntil: 'domcontentloaded' })
        const times = await page.locator('.snapshots__when').allInnerTexts()
        const ours = times.filter((w) => w.includes('10 Mar 2026, 10:30'))
        expect(ours).toEqual(['10 Mar 2026, 10:30:40', '10 Mar 2026, 10:30:20', '10 Mar 2026, 10:30:05'])
        expect(new Set(times).size, 'every snapshot its own label').toBe(times.length)

        await page.getByRole('button', { name: 'Restore the snapshot of 10 Mar 2026, 10:30:05…' }).click()
        await page.getByRole('heading', { name: 'Restore the snapshot of 10 Mar 2026, 10:30:05?' }).waitFor()
        const confirmation = await page.locator('main').innerText()
        // Said in the text too: a phone may cut the heading short.
        expect(confirmation).toContain("Taken 10 Mar 2026, 10:30:05 · Before the day's first change")
        expect(confirmation).toMatch(/Changed back[\s\S]*Chelsea Boot\s+Price\s+£375\.50 → £345\.00/)
        expect(confirmation).toMatch(/Availability\s+Made to order → In stock/)
        expect(confirmation).toMatch(/Time to make\s+3 weeks/)
        expect(confirmation).not.toMatch(/made-to-order|leadTime|availability/)
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
        await context.close()
      }
    },
  )
})
