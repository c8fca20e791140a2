/**
 * The overview (/admin) on a 390 px phone, with JavaScript and without: what needs the owner, above
 * the generator as it always was, and one tap to undo a generation run.
 */
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { holdScripts, openContext, waitForHydration } from '../../support/browser.ts'
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

describe('the generator before and without the page’s script', () => {
  /** Holds the images API's answers while a test looks at a run going on; lets them go at the end. */
  async function holdImages() {
    // The runs before these have spent today's allowance.
    await suite.t.store.update((d) => ({ ...d, imageRuns: [] }))
    let release = () => {}
    const released = new Promise<void>((r) => (release = r))
    suite.fake.set({ hold: () => released })
    return () => {
      release()
      suite.fake.set({ hold: undefined })
    }
  }
  const HERE = /\/admin#generator-heading$/

  it('without JavaScript, its button starts a run, the page shows it going on, and Stop stops it', async () => {
    const release = await holdImages()
    const { page, context } = await openContext(suite.browser, suite.t.url, {
      viewport: 'phone',
      javaScriptEnabled: false,
    })
    try {
      await page.goto('/admin')
      const generate = page.getByRole('button', { name: 'Generate All Product Images' })
      expect(await generate.isEnabled()).toBe(true)
      await Promise.all([page.waitForURL(HERE), generate.click()])
      await page.getByRole('link', { name: 'Refresh to see how far it got' }).waitFor()
      expect(await page.getByRole('status').filter({ hasText: 'Starting image generation...' }).count()).toBe(1)
      expect(await generate.isDisabled()).toBe(true)
      const job = suite.t.services.images.generator.current!
      // The same address again: wait for the page the Stop answers with.
      await Promise.all([page.waitForEvent('load'), page.getByRole('button', { name: 'Stop' }).click()])
      expect(page.url()).toMatch(HERE)
      release()
      expect((await job.result).stoppedEarly).toBe('Stopped by the owner.')
      await page.reload()
      expect(await generate.isEnabled()).toBe(true)
      expect(await page.getByRole('link', { name: 'Refresh to see how far it got' }).count()).toBe(0)
    } finally {
      release()
      await context.close()
    }
  })

  it('with JavaScript, its button works at first paint, and the script then follows the run it started', async () => {
    const release = await holdImages()
    const { page, context } = await openContext(suite.browser, suite.t.url, { viewport: 'phone' })
    try {
      const scripts = await holdScripts(page)
      await page.goto('/admin', { waitUntil: 'domcontentloaded' })
      const generate = page.getByRole('button', { name: 'Generate All Product Images' })
      expect(await generate.isEnabled()).toBe(true)
      await Promise.all([page.waitForURL(HERE, { waitUntil: 'domcontentloaded' }), generate.click()])
      await page.getByRole('link', { name: 'Refresh to see how far it got' }).waitFor()
      scripts()
      await waitForHydration(page)
      // Hydrated, the page follows the run itself: no link to refresh, and its Stop is sent by the script.
      await expect.poll(() => page.getByRole('link', { name: 'Refresh to see how far it got' }).count()).toBe(0)
      await Promise.all([
        page.waitForResponse((r) => r.url().endsWith('/api/generate-images/cancel')),
        page.getByRole('button', { name: 'Stop' }).click(),
      ])
      release()
      await page.getByRole('alert').filter({ hasText: 'Stopped by the owner.' }).waitFor({ timeout: 30_000 })
      expect(page.url()).toMatch(HERE)
      expect(await generate.isEnabled()).toBe(true)
    } finally {
      release()
      await context.close()
    }
  })
})
