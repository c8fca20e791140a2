/**
 * The overview (/admin) on a 390 px phone, with JavaScript and without: what needs the owner, above
 * the generator as it always was, and one tap to undo a generation run.
 */
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { openContext, waitForHydration } from '../../support/browser.ts'
import { startImageSuite, stopImageSuite } from '../helpers/browser-suite.ts'
import type { FakeOpenAI } from '../helpers/fake-openai.ts'
import { newEnquiry } from '../helpers/new-enquiry.ts'
import type { TestServer } from '../helpers/server.ts'

// A run converts images with sharp; on a busy two-core machine that takes a while.
vi.setConfig({ testTimeout: 90_000 })

let suite: { fake: FakeOpenAI; t: TestServer; browser: Browser }
beforeAll(async () => void (suite = await startImageSuite()))
afterAll(() => stopImageSuite(suite ?? {}))

const mains = () => Object.fromEntries(suite.t.store.products.map((p) => [p.id, p.mainImage]))

describe('the overview says what needs the owner', () => {
  it(
    'lists new enquiries, health warnings and drafts as links, above the ' +
      'generator, which keeps its one progress bar and its figures',
    async () => {
      const { store } = suite.t
      const ids = []
      for (const n of [1, 2, 3]) ids.push((await store.addEnquiry(newEnquiry(n))).id)
      await store.update((d) => ({
        ...d,
        products: d.products.map((p, i) => (i === 0 ? { ...p, status: 'draft' as const } : p)),
      }))
      const draft = store.products[0]!
      const warnings = (await suite.t.services.health()).items.filter((i) => i.status !== 'ok')

      for (const javaScriptEnabled of [false, true]) {
        const { page, context } = await openContext(suite.browser, suite.t.url, {
          viewport: 'phone',
          javaScriptEnabled,
        })
        await page.goto('/admin')
        const needs = page.getByRole('region', { name: 'Needs you' })
        const enquiries = needs.getByRole('link', { name: '3 new enquiries', exact: true })
        expect(await enquiries.getAttribute('href')).toBe('/admin/enquiries?state=new')
        expect(await needs.getByRole('link', { name: `Draft waiting: ${draft.name}` }).getAttribute('href')).toBe(
          `/admin/products/${draft.id}`,
        )
        for (const w of warnings)
          expect(await needs.getByRole('link', { name: `${w.title}: ${w.headline}` }).getAttribute('href')).toBe(
            '/admin/health',
          )
        // Above the generator, which is as it was: one progress bar, no figures before a run.
        const [list, generator] = [
          await needs.boundingBox(),
          await page.getByRole('heading', { name: 'Generate images' }).boundingBox(),
        ]
        expect(list!.y).toBeLessThan(generator!.y)
        expect(await page.getByRole('progressbar').count()).toBe(1)
        expect(await page.getByTestId('results-successful').count()).toBe(0)
        const box = await enquiries.boundingBox()
        expect(box!.height, 'a thumb can hit it').toBeGreaterThanOrEqual(44)
        await enquiries.click()
        await page.waitForURL(`${suite.t.url}/admin/enquiries?state=new`)
        await context.close()
      }

      await store.setArchived(ids[0]!, true)
      await store.setArchived(ids[1]!, true)
      const { page, context } = await openContext(suite.browser, suite.t.url, {
        viewport: 'phone',
        javaScriptEnabled: false,
      })
      await page.goto('/admin')
      await page
        .getByRole('region', { name: 'Needs you' })
        .getByRole('link', { name: '1 new enquiry', exact: true })
        .waitFor()
      await context.close()
      await store.update((d) => ({
        ...d,
        products: d.products.map((p) => (p.id === draft.id ? { ...p, status: 'published' as const } : p)),
      }))
      await store.setArchived(ids[2]!, true)
    },
  )
})

describe('Undo this run', () => {
  // Two products: a run of the whole seed catalogue takes minutes here.
  beforeAll(() => suite.t.store.update((d) => ({ ...d, products: d.products.slice(0, 2) })))

  it(
    'without JavaScript: one tap puts back every main photograph the run ' + 'replaced, and the history shows both',
    async () => {
      const before = mains()
      const res = await fetch(`${suite.t.url}/api/generate-images`, { method: 'POST' })
      const { results } = (await res.json()) as { results: { successCount: number } }
      expect(results.successCount).toBe(suite.t.store.products.length)
      expect(mains()).not.toEqual(before)

      const { page, context } = await openContext(suite.browser, suite.t.url, {
        viewport: 'phone',
        javaScriptEnabled: false,
      })
      await page.goto('/admin')
      await page.getByRole('button', { name: 'Undo this run' }).click()
      await page.getByText(`Undone: ${results.successCount} main photographs are back as before the run.`).waitFor()
      expect(mains()).toEqual(before)
      expect(await page.getByRole('button', { name: 'Undo this run' }).count(), 'a run is undone once').toBe(0)

      await page.goto('/admin/history')
      const entries = page.locator('.history__entry')
      const texts = await entries.allInnerTexts()
      expect(
        texts.filter((t) => t.includes('main photograph put back') && t.includes('You, in the workspace')),
      ).toHaveLength(results.successCount)
      expect(
        texts.filter((t) => t.includes('new main photograph from a generation run') && t.includes('A generation run')),
      ).toHaveLength(results.successCount)
      await entries.first().getByRole('img', { name: 'The main photograph before this change' }).waitFor()
      await context.close()
    },
  )

  it('with JavaScript: offered as soon as the run the owner started ends', async () => {
    const before = mains()
    const { page, context } = await openContext(suite.browser, suite.t.url, {
      viewport: 'phone',
      javaScriptEnabled: true,
    })
    await page.goto('/admin')
    const generate = page.getByRole('button', { name: 'Generate All Product Images' })
    await expect.poll(() => generate.isEnabled(), { timeout: 20_000 }).toBe(true)
    await generate.click()
    await page.getByRole('button', { name: 'Undo this run' }).click({ timeout: 80_000 })
    await page.waitForURL(/\/admin\?undone=\d+/)
    expect(mains()).toEqual(before)
    await context.close()
  })
})

describe('the generator without the page’s script', () => {
  /** What the button's description points at, as a screen reader reads it. */
  const description = (page: import('playwright-core').Page) =>
    page.getByRole('button', { name: 'Generate All Product Images' }).evaluate((button) =>
      (button.getAttribute('aria-describedby') ?? '')
        .split(' ')
        .map((id) => document.getElementById(id)?.textContent ?? '')
        .join(' '),
    )

  it.each([false, true])(
    'says why its button waits, and what does the same, only when it must (JavaScript %s)',
    async (js) => {
      const { page, context } = await openContext(suite.browser, suite.t.url, {
        viewport: 'phone',
        javaScriptEnabled: js,
      })
      await page.goto('/admin')
      // Playwright's text search skips <noscript>: found by the id the button's description names.
      const note = page.locator('#generator-needs-script')
      if (js) {
        await waitForHydration(page)
        expect(await note.count()).toBe(0)
        expect(await description(page)).not.toContain('npm run generate-images')
      } else {
        expect(await note.isVisible()).toBe(true)
        expect(await note.textContent()).toContain('npm run generate-images makes the same images')
        expect(await description(page)).toContain('The button needs the page’s script')
      }
      await context.close()
    },
  )
})
