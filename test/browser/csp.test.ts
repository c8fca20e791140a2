import { describe, expect, it } from 'vitest'
import { openContext, waitForHydration } from '../../support/browser.ts'
import { browserSuiteForFile } from '../helpers/browser-suite.ts'
import { rawGet } from '../helpers/wire.ts'
import { ONE_OF_EACH_PAGE } from '../helpers/pages.ts'

const { t, browser } = browserSuiteForFile()

const PAGES = [...ONE_OF_EACH_PAGE, '/contact']

describe('Content-Security-Policy and other headers', () => {
  it('sends a strict policy: scripts only from our own files, no framing, connect only to us', async () => {
    const res = await rawGet(`${t.url}/`)
    const csp = res.headers['content-security-policy'] as string
    const directive = (name: string) =>
      csp
        .split(';')
        .map((d) => d.trim())
        .find((d) => d.startsWith(`${name} `))
    // No page runs an inline script: every script is a file of ours.
    const inline = [
      ...res.body
        .toString()
        .matchAll(/<script(?![^>]*\bsrc=)(?![^>]*type="application\/(?:ld\+)?json")[^>]*>([\s\S]*?)<\/script>/g),
    ]
    expect(inline).toHaveLength(0)
    expect(directive('script-src')).toBe("script-src 'self'")
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/)
    expect(directive('frame-ancestors')).toBe("frame-ancestors 'none'")
    expect(directive('connect-src')).toBe("connect-src 'self'")
    expect(directive('object-src')).toBe("object-src 'none'")
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin')
    expect(res.headers['permissions-policy']).toMatch(/camera=\(\)/)
    expect(res.headers['x-content-type-options']).toBe('nosniff')
  })

  it('every page hydrates and works with the CSP on, with no violation reported', async () => {
    const { page, context, errors } = await openContext(browser, t.url)
    await page.addInitScript(() => {
      ;(window as unknown as { __csp: string[] }).__csp = []
      document.addEventListener('securitypolicyviolation', (e) =>
        (window as unknown as { __csp: string[] }).__csp.push(`${e.violatedDirective} ${e.blockedURI}`),
      )
    })
    for (const path of PAGES) {
      await page.goto(path)
      await waitForHydration(page)
      expect(await page.evaluate(() => (window as unknown as { __csp: string[] }).__csp), path).toEqual([])
    }
    // Works: following a link and the order dialog (a lazily loaded chunk) under the policy.
    await page.goto('/')
    await waitForHydration(page)
    await page.locator('header a[href="/products"]').first().click()
    await page.waitForURL(/\/products$/)
    await waitForHydration(page)
    await page.getByRole('button', { name: 'Purchase Now' }).first().click()
    await page.getByRole('dialog', { name: 'Place Your Order' }).waitFor()
    expect(await page.evaluate(() => (window as unknown as { __csp: string[] }).__csp)).toEqual([])
    expect(errors.filter((e) => /Content Security Policy|Refused to/i.test(e))).toEqual([])
    await context.close()
  })
})
