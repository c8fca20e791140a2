import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { runLighthouse, type LighthouseResult } from '../../support/lighthouse.ts'
import { startTestServer, type TestServer } from '../helpers/server.ts'

// Lighthouse's category scores for accessibility, best practices and SEO are pass/fail audits, so
// they are asserted here; its timings (performance, LCP, TBT, CLS) vary with the machine and are
// recorded by `npm run bench` instead.
let t: TestServer
let results: LighthouseResult[]
beforeAll(async () => {
  t = await startTestServer()
  results = await runLighthouse({ writeReports: false, baseUrl: t.url })
}, 420_000)
afterAll(() => t?.close())

describe('Lighthouse (mobile preset)', () => {
  for (const page of ['/', '/products', '/products/oxford-brogue', '/admin', '/terms']) {
    it(
      `scores 100 for accessibility, best practices and SEO on ${page}, and ` + `passes the back/forward cache audit`,
      () => {
        const r = results.find((x) => x.url === page)!
        // /admin is kept out of search engines on purpose (robots.txt and noindex):
        // Lighthouse's "is-crawlable" audit cannot pass there, and every other SEO audit must.
        const allowedFailures = page === '/admin' ? ['is-crawlable'] : []
        expect({ page, failing: r.failing }).toEqual({
          page,
          failing: { accessibility: [], 'best-practices': [], seo: allowedFailures },
        })
        expect(r.scores.accessibility).toBe(100)
        expect(r.scores['best-practices']).toBe(100)
        if (page !== '/admin') expect(r.scores.seo).toBe(100)
        // Back returns to the page at once, from the browser's back/forward cache. Not /admin: the owner's
        // page and its run status are never stored by any cache (no-store), on purpose.
        if (page === '/admin') expect(r.bfCache.reasons.every((reason) => /no-store/.test(reason))).toBe(true)
        else expect({ page, bfCache: r.bfCache }).toEqual({ page, bfCache: { passed: true, reasons: [] } })
      },
    )
  }
})
