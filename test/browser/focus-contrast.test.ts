/**
 * The focus ring stands out from what is behind it (WCAG 1.4.11: 3:1) on every control of the shop's and the
 * workspace's pages, tabbed through at a phone's width and at a desktop's: a keyboard's place is seen on a bright phone.
 */
import type { Page } from 'playwright-core'
import { describe, expect, it, vi } from 'vitest'
import { openContext, waitForHydration, type ViewportName } from '../../support/browser.ts'
import { browserSuiteForFile } from '../helpers/browser-suite.ts'
import { newEnquiry } from '../helpers/new-enquiry.ts'

vi.setConfig({ testTimeout: 120_000 })

const { t, browser } = browserSuiteForFile()

/** Each focused control's ring and the colour behind it (the nearest ancestor that paints one), as contrast. */
async function ringsTabbedThrough(page: Page, tabs: number): Promise<string[]> {
  const weak: string[] = []
  for (let i = 0; i < tabs; i++) {
    await page.keyboard.press('Tab')
    const found = await page.evaluate(() => {
      const el = document.activeElement as HTMLElement | null
      if (!el || el === document.body) return null
      const rgb = (css: string) => (css.match(/[\d.]+/g) ?? []).map(Number)
      const luminance = ([r, g, b]: number[]) => {
        const lin = (c: number) => ((c /= 255) <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4)
        return 0.2126 * lin(r!) + 0.7152 * lin(g!) + 0.0722 * lin(b!)
      }
      const ringed = (e: HTMLElement) => {
        const s = getComputedStyle(e)
        return s.outlineStyle !== 'none' && parseFloat(s.outlineWidth) > 0
      }
      // A control laid over the page (the skip link) stands on what it covers: not measured here.
      if (['absolute', 'fixed'].includes(getComputedStyle(el).position)) return null
      // A list row shows the focus of the link that fills it.
      let holder: HTMLElement | null = el
      while (holder && !ringed(holder)) holder = holder.parentElement
      if (!holder) return { name: el.outerHTML.slice(0, 80), ratio: 0 }
      const style = getComputedStyle(holder)
      let behind: number[] | null = null
      // A ring drawn outside stands on the parent's paint; one drawn inside on the holder's own.
      const from = parseFloat(style.outlineOffset) < 0 ? holder : holder.parentElement
      for (let up = from; up && !behind; up = up.parentElement) {
        const s = getComputedStyle(up)
        if (s.backgroundImage !== 'none') return null // a photograph or gradient: not measured here
        const bg = rgb(s.backgroundColor)
        if (bg.length >= 3 && (bg[3] ?? 1) === 1) behind = bg
      }
      const [a, b] = [luminance(rgb(style.outlineColor)), luminance(behind ?? [255, 255, 255])]
      const ratio = (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05)
      return { name: `${el.tagName.toLowerCase()} "${(el.textContent ?? '').trim().slice(0, 40)}"`, ratio }
    })
    if (found && found.ratio < 3) weak.push(`${found.name}: ${found.ratio.toFixed(2)}:1`)
  }
  return weak
}

/** The weak rings of each page, tabbing `tabs` times through each, in one context at `viewport`. */
async function weakRings(viewport: ViewportName, addresses: string[], tabs: number): Promise<string[]> {
  const { page, context } = await openContext(browser, t.url, { viewport })
  const weak: string[] = []
  for (const address of addresses) {
    await page.goto(address)
    await waitForHydration(page)
    weak.push(...(await ringsTabbedThrough(page, tabs)).map((w) => `${address}: ${w}`))
  }
  await context.close()
  return [...new Set(weak)]
}

describe.each(['phone', 'desktop'] as ViewportName[])('at %s width', (viewport) => {
  it('the workspace shows every control’s focus ring at 3:1 or more against what is behind it', async () => {
    const m = await t.store.addEnquiry(newEnquiry(viewport === 'phone' ? 1 : 2))
    const pages = [
      '/admin',
      '/admin/products',
      '/admin/products/briefcase',
      '/admin/enquiries',
      `/admin/enquiries/${m.id}`,
    ]
    expect(await weakRings(viewport, pages, 30)).toEqual([])
  })

  it('the shop shows every control’s focus ring at 3:1 or more against what is behind it', async () => {
    const pages = ['/', '/products', '/products/oxford-brogue', '/contact', '/privacy']
    expect(await weakRings(viewport, pages, 40)).toEqual([])
  })
})
