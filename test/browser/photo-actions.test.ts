/**
 * Every photo button of a product's workspace page in real Chromium, 390 px wide: with the page's
 * script it acts on the photograph it names (on a fresh page and after a reload), a page left open
 * while another tab changed the photographs is refused, removing asks first, and each action says
 * what it did, with the script and without it.
 */
import request from 'supertest'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { PHOTOS_CHANGED } from '../../domain/photo-list.ts'
import type { PhotoOffer } from '../../domain/photo-offers.ts'
import { violations } from '../helpers/axe.ts'
import { openContext, waitForHydration } from '../../support/browser.ts'
import { startImageSuite, stopImageSuite } from '../helpers/browser-suite.ts'
import { addPhotos, photosNow } from '../helpers/photo-forms.ts'
import type { TestServer } from '../helpers/server.ts'

vi.setConfig({ testTimeout: 120_000 })

let suite: Awaited<ReturnType<typeof startImageSuite>>
let t: TestServer
beforeAll(async () => void ({ t } = suite = await startImageSuite()))
afterAll(() => stopImageSuite(suite))

/** The four angles generated for the product and waiting for a choice. */
async function offerFor(id: string): Promise<PhotoOffer> {
  await request(t.app).post(`/api/admin/products/${id}/angles`).expect(202)
  await t.services.productPhotos.running(id)?.result
  return (await t.services.productPhotos.state(id)).offers[0]!
}

async function phone(javaScriptEnabled = true) {
  const opened = await openContext(suite.browser, t.url, { viewport: 'phone', javaScriptEnabled })
  await opened.page.setViewportSize({ width: 390, height: 844 })
  return opened
}

/**
 * The product's page as the owner opens it; with the script, once
 * it has hydrated (when a wrong value would have been written).
 */
async function open(page: Page, id: string, js = true) {
  await page.goto(`/admin/products/${id}#photos`)
  if (js) await waitForHydration(page)
}

/**
 * Presses a photo button (removing: "Remove…" first, then the confirming button) and waits for the page that answers.
 */
async function press(page: Page, button: string) {
  const from = page.url()
  const removing = /^Remove \((.+)\)$/.exec(button)
  if (removing) {
    const confirm = page.getByRole('button', { name: `Yes, remove it (${removing[1]})`, exact: true })
    expect(await confirm.isVisible(), 'removing asks first').toBe(false)
    await page.locator('summary', { hasText: `Remove… (${removing[1]})` }).click()
    await confirm.click()
  } else {
    await page.getByRole('button', { name: button, exact: true }).click()
  }
  await page.waitForURL((url) => url.href !== from)
}

/** The page after the action: what it says, and (with the script) hydrated again. */
async function says(page: Page, role: 'status' | 'alert', text: string, js = true) {
  await page.getByRole(role).filter({ hasText: text }).waitFor()
  if (js) await waitForHydration(page)
}

describe('photo buttons with the page’s script, 390 px wide', () => {
  it('each acts on the photograph it names, on a fresh page and after a reload, and says what it did', async () => {
    const [main, two, three, four] = await addPhotos(t, 'briefcase', 3)
    const { page, context, errors, blocked } = await phone()
    await open(page, 'briefcase')
    // Opening "Remove…" shows its confirming button, and the page stays accessible.
    const summary = page.locator('summary', { hasText: 'Remove… (photograph 2)' })
    await summary.click()
    await page.getByRole('button', { name: 'Yes, remove it (photograph 2)', exact: true }).waitFor()
    expect(await violations(page)).toEqual([])
    await summary.click()
    const steps = [
      {
        button: 'Make main (photograph 2)',
        list: [two, main, three, four],
        text: 'Photograph 2 is now the main photograph.',
      },
      {
        button: 'Earlier (photograph 4)',
        list: [two, main, four, three],
        text: 'Photograph 4 moved earlier: it is photograph 3 now.',
      },
      {
        button: 'Later (photograph 2)',
        list: [two, four, main, three],
        text: 'Photograph 2 moved later: it is photograph 3 now.',
      },
      { button: 'Remove (photograph 3)', list: [two, four, three], text: 'Photograph 3 removed.', reload: true },
      { button: 'Remove (main photograph)', list: [four, three], text: 'Main photograph removed.' },
    ]
    for (const step of steps) {
      if (step.reload) {
        await page.reload()
        await waitForHydration(page)
      }
      await press(page, step.button)
      expect(photosNow(t, 'briefcase'), step.button).toEqual(step.list)
      await says(page, 'status', step.text)
      expect(
        await page
          .locator('.product-photos__list:not(.new-photos__list) img')
          .evaluateAll((imgs) => imgs.map((i) => i.getAttribute('src'))),
      ).toEqual(step.list)
    }
    expect(errors).toEqual([])
    expect(blocked).toEqual([])
    await context.close()
  })

  it('uses a generated photograph as main, or adds it to the others, after a reload: the one it names', async () => {
    const [main, uploaded] = await addPhotos(t, 'messenger-bag', 1)
    const offer = await offerFor('messenger-bag')
    const [, side, profile] = offer.photos.map((p) => p.src)
    const { page, context, errors } = await phone()
    await open(page, 'messenger-bag')
    await press(page, 'Use as main (new 45-degree view)')
    expect(photosNow(t, 'messenger-bag')).toEqual([side, main, uploaded])
    await says(page, 'status', 'The new 45-degree view is now the main photograph.')
    await page.reload()
    await waitForHydration(page)
    await press(page, 'Add to the others (new side profile)')
    expect(photosNow(t, 'messenger-bag')).toEqual([side, main, uploaded, profile])
    await says(page, 'status', 'The new side profile was added to the photographs.')
    expect(errors).toEqual([])
    await context.close()
  })

  it(
    'refuses every action of a page left open while another tab changed the ' + 'photographs, and changes nothing',
    async () => {
      await addPhotos(t, 'dress-belt', 2)
      const offer = await offerFor('dress-belt')
      const { page: other, context, errors } = await phone()
      const buttons = [
        'Make main (photograph 2)',
        'Earlier (photograph 3)',
        'Later (photograph 2)',
        'Remove (photograph 2)',
        'Remove (main photograph)',
        'Use as main (new detail)',
        'Add to the others (new main view)',
      ]
      // A tab per button, all opened before the change: a refused action changes nothing, so each stays stale.
      const stale: Page[] = []
      while (stale.length < buttons.length) {
        const page = await context.newPage()
        page.on('pageerror', (err) => errors.push(err.message))
        page.on('console', (msg) => void (msg.type() === 'error' && errors.push(msg.text())))
        await open(page, 'dress-belt')
        stale.push(page)
      }
      // The other tab swaps photographs 2 and 3: "photograph 2" on the stale pages is now another one.
      await open(other, 'dress-belt')
      const before = photosNow(t, 'dress-belt')
      await press(other, 'Later (photograph 2)')
      await says(other, 'status', 'Photograph 2 moved later: it is photograph 3 now.')
      const changed = photosNow(t, 'dress-belt')
      expect(changed).toEqual([before[0], before[2], before[1]])
      for (const [i, button] of buttons.entries()) {
        const page = stale[i]!
        const answer = page.waitForResponse((r) => r.request().method() === 'POST')
        await press(page, button)
        // Sent back to the page, which says why.
        const refused = await answer
        expect(refused.status(), button).toBe(303)
        expect(refused.headers().location, button).toMatch(/\?form=/)
        await says(page, 'alert', PHOTOS_CHANGED)
        expect(photosNow(t, 'dress-belt'), button).toEqual(changed)
      }
      expect((await t.services.productPhotos.state('dress-belt')).offers[0]?.photos).toEqual(offer.photos)
      expect(errors).toEqual([])
      await context.close()
    },
  )
})

describe('photo buttons without JavaScript, 390 px wide', () => {
  it('removing asks first, and each action says what it did', async () => {
    const [main, two, three] = await addPhotos(t, 'reversible-belt', 2)
    const { page, context, blocked } = await phone(false)
    await open(page, 'reversible-belt', false)
    await press(page, 'Make main (photograph 3)')
    expect(photosNow(t, 'reversible-belt')).toEqual([three, main, two])
    await says(page, 'status', 'Photograph 3 is now the main photograph.', false)
    await page.locator('summary', { hasText: 'Remove… (photograph 2)' }).click()
    const confirm = page.getByRole('button', { name: 'Yes, remove it (photograph 2)', exact: true })
    expect((await confirm.boundingBox())!.height).toBeGreaterThanOrEqual(44)
    const from = page.url()
    await confirm.click()
    await page.waitForURL((url) => url.href !== from)
    expect(photosNow(t, 'reversible-belt')).toEqual([three, two])
    await says(page, 'status', 'Photograph 2 removed.', false)
    expect(blocked).toEqual([])
    await context.close()
  })
})
