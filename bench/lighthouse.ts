/**
 * Lighthouse (mobile preset) against the production server on loopback, driving Debian's Chromium.
 * `npm run lighthouse` writes an HTML report per page to bench/results/lighthouse/; the benchmark
 * records the timings; test/browser/lighthouse.test.ts asserts the category scores.
 */
import { mkdir, rm, writeFile } from 'node:fs/promises'
import path from 'node:path'
import * as chromeLauncher from 'chrome-launcher'
import lighthouse from 'lighthouse'
import { buildIfNeeded } from '../scripts/build-if-needed.ts'
import { ROOT } from '../server/paths.server.ts'
import { findChromium } from '../test/helpers/chromium-path.ts'
import { prepareDataDir, startBenchServer } from './server.ts'

export const LIGHTHOUSE_PAGES = ['/', '/products', '/products/oxford-brogue', '/admin', '/terms']

export type LighthouseResult = {
  url: string
  scores: Record<'performance' | 'accessibility' | 'best-practices' | 'seo', number>
  metrics: { lcpMs: number; cls: number; tbtMs: number; fcpMs: number }
  failing: Record<string, string[]>
  /** Lighthouse's back/forward cache audit: whether the page can be restored instantly on Back. */
  bfCache: { passed: boolean; reasons: string[] }
}

type Options = {
  writeReports: boolean
  baseUrl?: string
  /**
   * Runs per page. Lighthouse's timings vary from run to run (its docs advise the median of several);
   * the pass/fail audits do not. The benchmark takes the median of 3 runs, the test one run.
   */
  runs?: number
}

/** A running shop has served its pages before: each is asked for once, so no run pays a first render. */
async function warmUp(base: string) {
  for (const pagePath of LIGHTHOUSE_PAGES) await (await fetch(base + pagePath)).arrayBuffer()
}

export async function runLighthouse({ writeReports, baseUrl, runs = 1 }: Options): Promise<LighthouseResult[]> {
  const own = baseUrl ? null : await (async () => {
    const { dir, dataFile } = await prepareDataDir(0)
    return { dir, server: await startBenchServer({ DATA_FILE: dataFile }) }
  })()
  const base = baseUrl ?? own!.server.url
  await warmUp(base)
  const chrome = await chromeLauncher.launch({
    chromePath: findChromium() ?? undefined,
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  })
  const results: LighthouseResult[] = []
  try {
    const reportDir = path.join(ROOT, 'bench', 'results', 'lighthouse')
    if (writeReports) await mkdir(reportDir, { recursive: true })
    for (const pagePath of LIGHTHOUSE_PAGES) {
      const attempts: NonNullable<Awaited<ReturnType<typeof lighthouse>>>[] = []
      for (let run = 0; run < runs; run++) attempts.push(await auditOnce(base + pagePath, chrome.port, writeReports))
      // The median run by performance score (the middle one of three), with its report.
      attempts.sort((a, b) => (a.lhr.categories.performance?.score ?? 0) - (b.lhr.categories.performance?.score ?? 0))
      const runnerResult = attempts[Math.floor(attempts.length / 2)]
      if (!runnerResult) throw new Error(`Lighthouse gave no result for ${pagePath}`)
      const { lhr } = runnerResult
      const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100)
      const failing: Record<string, string[]> = {}
      for (const [id, cat] of Object.entries(lhr.categories)) {
        if (id === 'performance') continue
        failing[id] = cat.auditRefs.filter((ref) => (ref.weight ?? 0) > 0 && (lhr.audits[ref.id]?.score ?? 1) < 1).map((ref) => ref.id)
      }
      results.push({
        url: pagePath,
        scores: { performance: score('performance'), accessibility: score('accessibility'), 'best-practices': score('best-practices'), seo: score('seo') },
        metrics: {
          lcpMs: Math.round(lhr.audits['largest-contentful-paint']?.numericValue ?? NaN),
          cls: Math.round((lhr.audits['cumulative-layout-shift']?.numericValue ?? NaN) * 1000) / 1000,
          tbtMs: Math.round(lhr.audits['total-blocking-time']?.numericValue ?? NaN),
          fcpMs: Math.round(lhr.audits['first-contentful-paint']?.numericValue ?? NaN),
        },
        failing,
        bfCache: bfCacheOf(lhr.audits['bf-cache']),
      })
      if (writeReports) {
        const name = pagePath === '/' ? 'home' : pagePath.slice(1).replace(/\W+/g, '-')
        await writeFile(path.join(reportDir, `${name}.html`), runnerResult.report as string)
      }
    }
  } finally {
    chrome.kill()
    if (own) {
      own.server.child.kill('SIGTERM')
      await own.server.exited
      await rm(own.dir, { recursive: true, force: true })
    }
  }
  return results
}

/**
 * One Lighthouse run. On a busy machine a run now and then ends in a runtime error (a page that did not
 * settle in time); such a run measured nothing, so it is run again, up to three times in all.
 */
async function auditOnce(url: string, port: number, html: boolean) {
  for (let attempt = 1; ; attempt++) {
    const result = await lighthouse(url, {
      port,
      output: html ? 'html' : 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
    })
    if (result && !result.lhr.runtimeError) return result
    if (attempt === 3) throw new Error(`Lighthouse could not audit ${url}: ${result?.lhr.runtimeError?.message ?? 'no result'}`)
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.join(ROOT, 'bench', 'lighthouse.ts')) {
  buildIfNeeded()
  const results = await runLighthouse({ writeReports: true, runs: Number(process.env.LIGHTHOUSE_RUNS ?? 3) })
  console.table(results.map(({ url, scores, metrics }) => ({ url, ...scores, ...metrics })))
  for (const r of results) for (const [cat, ids] of Object.entries(r.failing)) if (ids.length) console.log(`${r.url} ${cat}: ${ids.join(', ')}`)
  console.log('Reports written to bench/results/lighthouse/')
}

/** The bf-cache audit's verdict, with the reasons Chromium gave when it fails. */
function bfCacheOf(audit: { score: number | null; details?: unknown } | undefined): LighthouseResult['bfCache'] {
  const items = ((audit?.details as { items?: { reason?: unknown }[] } | undefined)?.items ?? []).map((i) => String(i.reason ?? ''))
  return { passed: audit?.score === 1, reasons: items }
}
