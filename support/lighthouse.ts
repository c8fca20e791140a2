/**
 * Lighthouse (mobile preset) on loopback, the median of `runs` per page: `npm run
 * lighthouse` prints it, test/browser/lighthouse.slow.test.ts asserts its pass/fail audits.
 */
import { mkdir, rm, writeFile } from 'node:fs/promises'
import path from 'node:path'
import * as chromeLauncher from 'chrome-launcher'
import lighthouse from 'lighthouse'
import { ROOT } from '../server/config/paths.server.ts'
import { prepareDataDir, startBenchServer } from './bench-server.ts'
import { findChromium } from './chromium-path.ts'

export const LIGHTHOUSE_PAGES = ['/', '/products', '/products/oxford-brogue', '/contact', '/admin', '/terms']

export type LighthouseResult = {
  url: string
  scores: Record<'performance' | 'accessibility' | 'best-practices' | 'seo', number>
  metrics: { lcpMs: number; cls: number; tbtMs: number; fcpMs: number; kbBeforeLcp: number; fontKb: number }
  failing: Record<string, string[]>
  /** Lighthouse's back/forward cache audit: whether the page can be restored instantly on Back. */
  bfCache: { passed: boolean; reasons: string[] }
  /** The same page from an earlier build's server, audited in turns with this one (`beforeUrl`). */
  before?: LighthouseResult
}

type Options = {
  writeReports: boolean
  baseUrl?: string
  /** Timings vary from run to run (Lighthouse's docs advise a median); pass/fail audits do not. */
  runs?: number
  /** An earlier build's server (e.g. main's) to audit in the same run, page by page, in turns. */
  beforeUrl?: string
  pages?: string[]
}

/** A running shop has served its pages before: each is asked for once, so no run pays a first render. */
async function warmUp(base: string) {
  for (const pagePath of LIGHTHOUSE_PAGES) await (await fetch(base + pagePath)).arrayBuffer()
}

type Attempt = NonNullable<Awaited<ReturnType<typeof lighthouse>>>

/** The median run by LCP: its report, and its pass/fail audits, stand for the page. */
function medianRun(attempts: Attempt[]): Attempt {
  const sorted = [...attempts].sort((a, b) => metricsOf(a.lhr).lcpMs - metricsOf(b.lhr).lcpMs)
  const run = sorted[Math.floor(sorted.length / 2)]
  if (!run) throw new Error('Lighthouse gave no result')
  return run
}

/** A page's figures from its runs: each timing and the performance score the median of the runs. */
function summarize(url: string, attempts: Attempt[]): LighthouseResult {
  const metrics = attempts.map(({ lhr }) => metricsOf(lhr))
  const median = (key: keyof LighthouseResult['metrics']) => medianOf(metrics.map((m) => m[key]))
  const { lhr } = medianRun(attempts)
  const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100)
  const failing: Record<string, string[]> = {}
  for (const [id, cat] of Object.entries(lhr.categories)) {
    if (id === 'performance') continue
    failing[id] = cat.auditRefs
      .filter((ref) => (ref.weight ?? 0) > 0 && (lhr.audits[ref.id]?.score ?? 1) < 1)
      .map((ref) => ref.id)
  }
  return {
    url,
    scores: {
      performance: medianOf(attempts.map((a) => Math.round((a.lhr.categories.performance?.score ?? 0) * 100))),
      accessibility: score('accessibility'),
      'best-practices': score('best-practices'),
      seo: score('seo'),
    },
    metrics: {
      lcpMs: median('lcpMs'),
      cls: median('cls'),
      tbtMs: median('tbtMs'),
      fcpMs: median('fcpMs'),
      kbBeforeLcp: median('kbBeforeLcp'),
      fontKb: median('fontKb'),
    },
    failing,
    bfCache: bfCacheOf(lhr.audits['bf-cache']),
  }
}

export async function runLighthouse({
  writeReports,
  baseUrl,
  beforeUrl,
  runs = 1,
  pages = LIGHTHOUSE_PAGES,
}: Options): Promise<LighthouseResult[]> {
  const own = baseUrl
    ? null
    : await (async () => {
        const { dir, dataFile } = await prepareDataDir(0)
        return { dir, server: await startBenchServer({ DATA_FILE: dataFile }) }
      })()
  const base = baseUrl ?? own!.server.url
  await warmUp(base)
  if (beforeUrl) await warmUp(beforeUrl)
  const chrome = await chromeLauncher.launch({
    chromePath: findChromium() ?? undefined,
    chromeFlags: [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  })
  const results: LighthouseResult[] = []
  try {
    const reportDir = path.join(ROOT, 'bench', 'results', 'lighthouse')
    if (writeReports) await mkdir(reportDir, { recursive: true })
    for (const pagePath of pages) {
      const attempts: Attempt[] = []
      const beforeAttempts: Attempt[] = []
      for (let run = 0; run < runs; run++) {
        attempts.push(await auditOnce(base + pagePath, chrome.port, writeReports))
        // Taken in turns, so both builds meet the same load on a shared machine.
        if (beforeUrl) beforeAttempts.push(await auditOnce(beforeUrl + pagePath, chrome.port, false))
      }
      const result = summarize(pagePath, attempts)
      results.push(beforeUrl ? { ...result, before: summarize(pagePath, beforeAttempts) } : result)
      if (writeReports) {
        const name = pagePath === '/' ? 'home' : pagePath.slice(1).replace(/\W+/g, '-')
        await writeFile(path.join(reportDir, `${name}.html`), medianRun(attempts).report as string)
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

/** On a busy machine a run sometimes ends in a runtime error and measured nothing: retried up to three times. */
async function auditOnce(url: string, port: number, html: boolean) {
  for (let attempt = 1; ; attempt++) {
    const result = await lighthouse(url, {
      port,
      output: html ? 'html' : 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
    })
    if (result && !result.lhr.runtimeError) return result
    if (attempt === 3)
      throw new Error(`Lighthouse could not audit ${url}: ${result?.lhr.runtimeError?.message ?? 'no result'}`)
  }
}

type Lhr = NonNullable<Awaited<ReturnType<typeof lighthouse>>>['lhr']
type NetworkRequest = { url: string; rendererStartTime?: number; transferSize?: number; resourceType?: string }

const medianOf = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.floor(sorted.length / 2)] ?? NaN
}
const kb = (bytes: number) => Math.round(bytes / 102.4) / 10

/** Bytes requested before the largest paint share the simulated link with the LCP. */
function metricsOf(lhr: Lhr): LighthouseResult['metrics'] {
  const numeric = (id: string) => lhr.audits[id]?.numericValue ?? NaN
  const observed = (lhr.audits.metrics?.details as { items?: Record<string, number>[] } | undefined)?.items?.[0] ?? {}
  const network = lhr.audits['network-requests']?.details as
    { items?: NetworkRequest[]; debugData?: { networkStartTimeTs?: number } } | undefined
  const requests = network?.items ?? []
  const lcpAt =
    ((observed.observedLargestContentfulPaintTs ?? NaN) - (network?.debugData?.networkStartTimeTs ?? NaN)) / 1000
  const sum = (list: NetworkRequest[]) => kb(list.reduce((total, r) => total + (r.transferSize ?? 0), 0))
  return {
    lcpMs: Math.round(numeric('largest-contentful-paint')),
    cls: Math.round(numeric('cumulative-layout-shift') * 1000) / 1000,
    tbtMs: Math.round(numeric('total-blocking-time')),
    fcpMs: Math.round(numeric('first-contentful-paint')),
    kbBeforeLcp: sum(requests.filter((r) => (r.rendererStartTime ?? Infinity) <= lcpAt)),
    fontKb: sum(requests.filter((r) => r.resourceType === 'Font')),
  }
}

/** The bf-cache audit's verdict, with the reasons Chromium gave when it fails. */
function bfCacheOf(audit: { score: number | null; details?: unknown } | undefined): LighthouseResult['bfCache'] {
  const items = ((audit?.details as { items?: { reason?: unknown }[] } | undefined)?.items ?? []).map((i) =>
    String(i.reason ?? ''),
  )
  return { passed: audit?.score === 1, reasons: items }
}
