import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { COLLECTION_CARDS } from '../../components/home/content.ts'
import { CATEGORY_LABELS, WHATSAPP_URL } from '../../domain/business.ts'
import { openContext, waitForFonts, waitForHydration } from '../../support/browser.ts'
import { browserSuiteForFile } from '../helpers/browser-suite.ts'
import { afterTwoFrames } from '../helpers/frames.ts'

const { t, browser } = browserSuiteForFile()

type Anchor = 'about' | 'collection' | 'contact'

/** Where an anchored section sits against the fixed header and the viewport. */
function placement(page: Page, id: Anchor) {
  return page.evaluate((id) => {
    const section = document.getElementById(id)!.getBoundingClientRect()
    const heading = document.getElementById(`${id}-title`)!
    const headingBox = heading.getBoundingClientRect()
    const headerBottom = document.querySelector('header.site-header')!.getBoundingClientRect().bottom
    const reveal = heading.closest('.reveal')
    const atEnd = Math.ceil(window.scrollY + window.innerHeight) >= document.documentElement.scrollHeight - 1
    return {
      top: section.top,
      headerBottom,
      // Landed on the section: its top just below the header (unless the page cannot scroll further).
      landed:
        section.top >= headerBottom - 1 &&
        (section.top <= headerBottom + 24 || atEnd) &&
        section.top < window.innerHeight / 2,
      headingInView: headingBox.top >= headerBottom - 1 && headingBox.bottom <= window.innerHeight,
      headingShown: reveal ? getComputedStyle(reveal).opacity === '1' : true,
      scrollY: window.scrollY,
    }
  }, id)
}

/** Waits until the section has landed under the header with its heading in view and shown. */
async function expectLanded(page: Page, id: Anchor) {
  await expect
    .poll(() => placement(page, id), { timeout: 8000 })
    .toMatchObject({ landed: true, headingInView: true, headingShown: true })
  const p = await placement(page, id)
  expect(p.top, `#${id} is not under the header`).toBeGreaterThanOrEqual(p.headerBottom - 1)
}

/** Records every scroll position from now on: a smooth scroll passes through many of them. */
async function recordScrolls(page: Page) {
  await page.evaluate(() => {
    const w = window as unknown as { __scrolls: number[] }
    w.__scrolls = []
    window.addEventListener('scroll', () => w.__scrolls.push(window.scrollY), { passive: true })
  })
  return async () => page.evaluate(() => new Set((window as unknown as { __scrolls: number[] }).__scrolls).size)
}

describe('scrolling to the landing sections', () => {
  it("'Discover the Collection' scrolls smoothly to the collection, below the fixed header", async () => {
    const { page, context, blocked, errors } = await openContext(browser, t.url)
    await page.goto('/')
    await waitForHydration(page)
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).scrollBehavior)).toBe('smooth')
    const positions = await recordScrolls(page)
    await page.getByRole('link', { name: 'Discover the Collection' }).click()
    await page.waitForURL(`${t.url}/#collection`)
    await expectLanded(page, 'collection')
    expect(await positions()).toBeGreaterThan(3) // travelled, did not jump
    expect(blocked).toEqual([])
    expect(errors).toEqual([])
    await context.close()
  })

  it("the header's Heritage and Contact scroll to their sections on the home page", async () => {
    const { page, context } = await openContext(browser, t.url)
    await page.goto('/')
    await waitForHydration(page)
    const nav = page.locator('nav[aria-label="Main"]')
    const positions = await recordScrolls(page)
    await nav.getByRole('link', { name: 'Heritage' }).click()
    await page.waitForURL(`${t.url}/#about`)
    await expectLanded(page, 'about')
    expect(await positions()).toBeGreaterThan(3)
    await nav.getByRole('link', { name: 'Contact' }).click()
    await page.waitForURL(`${t.url}/#contact`)
    await expectLanded(page, 'contact')
    await context.close()
  })

  it(
    'from another page (/terms), Heritage and Contact go to the home page ' + 'and then scroll to the section',
    async () => {
      const { page, context, errors } = await openContext(browser, t.url)
      await page.goto('/terms')
      await waitForHydration(page)
      await page.locator('nav[aria-label="Main"]').getByRole('link', { name: 'Heritage' }).click()
      await page.waitForURL(`${t.url}/#about`)
      await expectLanded(page, 'about')

      await page.goto('/privacy')
      await waitForHydration(page)
      await page.evaluate(() => window.scrollTo(0, 600))
      await page.locator('nav[aria-label="Main"]').getByRole('link', { name: 'Contact' }).click()
      await page.waitForURL(`${t.url}/#contact`)
      await expectLanded(page, 'contact')
      expect(errors).toEqual([])
      await context.close()
    },
  )

  for (const id of ['about', 'collection', 'contact'] as const) {
    it(`a first load of /#${id} opens at that section, below the header, without gliding down the page`, async () => {
      const { page, context } = await openContext(browser, t.url)
      // Every scroll position from the first moment of the document.
      await page.addInitScript(
        `window.__scrolls = []; addEventListener('scroll', () => window.__scrolls.push(scrollY), { passive: true })`,
      )
      await page.goto(`/#${id}`)
      await waitForHydration(page)
      await expectLanded(page, id)
      // A jump, then perhaps corrections near the section as fonts and photographs come in (more of them on
      // a loaded machine): not a smooth scroll's many steps on the way down from the top.
      const { scrolls, final } = await page.evaluate(() => ({
        scrolls: (window as unknown as { __scrolls: number[] }).__scrolls,
        final: scrollY,
      }))
      const onTheWay = new Set(scrolls.filter((y) => y > 0 && Math.abs(y - final) > 48))
      expect(onTheWay.size, `scrolled through ${scrolls.join(', ')} to ${final}`).toBeLessThanOrEqual(2)
      await context.close()
    })
  }

  it('without JavaScript, the in-page links and deep links still land below the header', async () => {
    // Without motion, so the jump is the page's own (scroll-padding under the fixed header). A smooth
    // scroll without JavaScript is the browser's animation, and headless Chromium on a busy machine
    // has been seen to end one 11 to 56 px short with the layout unchanged; the smooth travel itself
    // is tested above, where JavaScript re-places the section once the scroll ends.
    const { page, context } = await openContext(browser, t.url, { javaScriptEnabled: false, reducedMotion: 'reduce' })
    await page.goto('/')
    await page.waitForLoadState('load')
    await waitForFonts(page)
    await page.getByRole('link', { name: 'Discover the Collection' }).click()
    await expectLanded(page, 'collection')
    await page.goto('/terms')
    await page.goto('/#contact') // a fresh document, opened at the anchor
    await expectLanded(page, 'contact')
    await context.close()
  })
})

describe('the hero and the collection cards', () => {
  it("'Enquire Now' opens the chat link in a new tab", async () => {
    const { page, context } = await openContext(browser, t.url)
    await page.goto('/')
    await waitForHydration(page)
    const enquire = page.getByRole('link', { name: /^Enquire Now/ })
    expect(await enquire.getAttribute('href')).toBe(WHATSAPP_URL)
    const [popup] = await Promise.all([context.waitForEvent('page'), enquire.click()])
    // The chat host is outside this closed network (openContext blocks it): the new tab asked for it.
    await expect.poll(() => popup.url()).toMatch(/^(https:\/\/wa\.me\/|chrome-error:)/)
    expect(page.url()).toBe(`${t.url}/`)
    await context.close()
  })

  for (const card of COLLECTION_CARDS) {
    it(`'View Collection' on the ${card.title} card opens the catalogue filtered to ${card.category}`, async () => {
      const { page, context, errors } = await openContext(browser, t.url)
      await page.goto('/#collection')
      await waitForHydration(page)
      const article = page.locator('article.collection-card', {
        has: page.getByRole('heading', { name: card.title, exact: true }),
      })
      expect(await article.locator('img').getAttribute('alt')).toBe(card.alt)
      // The picture (lazy-loaded, from the repository) arrives once the card is in view.
      await expect
        .poll(() => article.locator('img').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
        .toBe(true)
      await article.getByRole('link', { name: /View Collection/ }).click()
      await page.waitForURL(`${t.url}/products?category=${card.category}`)
      const active = page.locator('nav[aria-label="Filter by category"] a[aria-current="true"]')
      await expect.poll(() => active.getAttribute('data-filter')).toBe(card.category)
      expect(await active.count()).toBe(1)
      const categories = await page.locator('.product-card__category').allTextContents()
      expect(categories.length).toBeGreaterThan(0)
      expect(new Set(categories)).toEqual(new Set([CATEGORY_LABELS[card.category]]))
      expect(errors).toEqual([])
      await context.close()
    })
  }
})

describe('the mobile menu on the home page', () => {
  it("opens, shows 'WhatsApp Contact', and closes after choosing Heritage, which scrolls to it", async () => {
    const { page, context } = await openContext(browser, t.url, { viewport: 'phone' })
    await page.goto('/')
    await waitForHydration(page)
    const menu = page.locator('#mobile-menu')
    expect(await menu.isVisible()).toBe(false)
    await page.getByRole('button', { name: 'Open menu' }).click()
    await menu.waitFor()
    const chat = menu.getByRole('link', { name: /WhatsApp Contact/ })
    expect(await chat.isVisible()).toBe(true)
    expect(await chat.getAttribute('href')).toBe(WHATSAPP_URL)
    await menu.getByRole('link', { name: 'Heritage' }).click()
    await menu.waitFor({ state: 'hidden' })
    await page.waitForURL(`${t.url}/#about`)
    await expectLanded(page, 'about')
    await context.close()
  })
})

describe('entrance animations', () => {
  it(
    'reveal sections below the fold in 0.6–0.8 s as they scroll into view, ' + 'leaving the first screen alone',
    async () => {
      const { page, context } = await openContext(browser, t.url)
      await page.goto('/')
      await waitForHydration(page)
      await expect.poll(() => page.locator('#collection .reveal[data-reveal="pending"]').count()).toBeGreaterThan(0)
      // Nothing on the first screen is hidden.
      expect(await page.locator('.hero [data-reveal]').count()).toBe(0)
      const pending = page
        .locator('#collection .collection-card')
        .first()
        .locator('xpath=ancestor::*[contains(@class, "reveal")][1]')
      expect(await pending.evaluate((el) => getComputedStyle(el).opacity)).toBe('0')

      // Record the transition in the page itself: a loaded machine may poll only after it has ended.
      await pending.evaluate((el) => {
        el.addEventListener(
          'transitionrun',
          (e) => el.setAttribute('data-test-ran', (e as TransitionEvent).propertyName),
          { once: true },
        )
      })
      await page.evaluate(() => document.getElementById('collection')!.scrollIntoView({ behavior: 'instant' }))
      await expect.poll(() => pending.getAttribute('data-reveal')).toBe('in')
      const timing = await pending.evaluate((el) => {
        const s = getComputedStyle(el)
        return { property: s.transitionProperty, durations: s.transitionDuration.split(',').map((d) => parseFloat(d)) }
      })
      expect(timing.property).toContain('opacity')
      for (const d of timing.durations) {
        expect(d).toBeGreaterThanOrEqual(0.6)
        expect(d).toBeLessThanOrEqual(0.8)
      }
      // It animated (a transition ran on it), and is fully shown once the animation is over.
      await expect.poll(() => pending.getAttribute('data-test-ran')).toMatch(/opacity|transform/)
      await expect.poll(() => pending.evaluate((el) => getComputedStyle(el).opacity), { timeout: 3000 }).toBe('1')
      await context.close()
    },
  )

  it('under prefers-reduced-motion: nothing hidden, nothing moving, no smooth scrolling', async () => {
    const { page, context } = await openContext(browser, t.url, { reducedMotion: 'reduce' })
    await page.goto('/')
    await waitForHydration(page)
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).scrollBehavior)).toBe('auto')
    for (const id of ['about', 'collection', 'contact']) {
      await page.evaluate((id) => document.getElementById(id)!.scrollIntoView(), id)
      await afterTwoFrames(page) // observers have seen the scroll
      const state = await page.evaluate(() => ({
        marked: document.querySelectorAll('main [data-reveal]').length,
        hidden: [...document.querySelectorAll('main .reveal')].filter((el) => {
          const s = getComputedStyle(el)
          return s.opacity !== '1' || s.transform !== 'none'
        }).length,
        animations: document.getAnimations().filter((a) => (a.effect as KeyframeEffect | null)?.target?.closest('main'))
          .length,
      }))
      expect(state).toEqual({ marked: 0, hidden: 0, animations: 0 })
    }
    await context.close()
  })

  it('without JavaScript every section is fully visible', async () => {
    const { page, context } = await openContext(browser, t.url, { javaScriptEnabled: false })
    await page.goto('/')
    const reveals = page.locator('main .reveal')
    expect(await reveals.count()).toBeGreaterThan(10)
    const opacities = await reveals.evaluateAll((els) => els.map((el) => getComputedStyle(el).opacity))
    expect(new Set(opacities)).toEqual(new Set(['1']))
    for (const heading of [
      'Heritage & Craftsmanship',
      'Our Collection',
      'Quality Guaranteed',
      'What Our Clients Say',
      'Get in Touch',
    ]) {
      const h = page.getByRole('heading', { name: heading, level: 2 })
      await h.scrollIntoViewIfNeeded()
      expect(await h.isVisible(), heading).toBe(true)
    }
    await context.close()
  })
})

describe('layout', () => {
  it('has no horizontal scroll at 320, 375, 768, 1024 and 1440 px, and asks nothing of other hosts', async () => {
    const { page, context, blocked, errors } = await openContext(browser, t.url)
    for (const width of [320, 375, 768, 1024, 1440]) {
      await page.setViewportSize({ width, height: 900 })
      await page.goto('/')
      await waitForHydration(page)
      const { scrollWidth, innerWidth } = await page.evaluate(() => ({
        scrollWidth: document.documentElement.scrollWidth,
        innerWidth: window.innerWidth,
      }))
      expect(scrollWidth, `${width}px`).toBeLessThanOrEqual(innerWidth)
      // Nothing sticks out to the right, even where body's overflow-x would hide it.
      const widest = await page.evaluate(() =>
        Math.max(...[...document.querySelectorAll('main *')].map((el) => el.getBoundingClientRect().right)),
      )
      expect(widest, `${width}px`).toBeLessThanOrEqual(width + 1)
    }
    expect(blocked).toEqual([])
    expect(errors).toEqual([])
    await context.close()
  })

  it('uses the self-hosted display and body fonts, and a dark hero under the transparent header', async () => {
    const { page, context } = await openContext(browser, t.url)
    await page.goto('/')
    await waitForHydration(page)
    const fonts = await page.evaluate(() => ({
      h1: getComputedStyle(document.querySelector('h1')!).fontFamily,
      body: getComputedStyle(document.body).fontFamily,
      loaded: [...document.fonts].filter((f) => f.status === 'loaded').map((f) => f.family.replace(/"/g, '')),
      heroBg: getComputedStyle(document.querySelector('.hero')!).backgroundColor,
      headerBg: getComputedStyle(document.querySelector('header.site-header')!).backgroundColor,
    }))
    expect(fonts.h1).toMatch(/^"?Cormorant Garamond/)
    expect(fonts.body).toMatch(/^"?Inter/)
    expect(fonts.loaded).toEqual(expect.arrayContaining(['Cormorant Garamond', 'Inter']))
    expect(fonts.headerBg).toBe('rgba(0, 0, 0, 0)')
    const [r, g, b] = fonts.heroBg.match(/\d+/g)!.map(Number)
    expect(r! + g! + b!).toBeLessThan(150) // dark
    await context.close()
  })
})
