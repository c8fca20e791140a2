/**
 * `npm run lighthouse`: medians of five runs beside the previous run or
 * LIGHTHOUSE_BEFORE_URL's build, reports in bench/results/lighthouse/.
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { buildIfNeeded } from '../scripts/build-if-needed.ts'
import { ROOT } from '../server/config/paths.server.ts'
import { runLighthouse, type LighthouseResult } from '../support/lighthouse.ts'

const PREVIOUS = path.join(ROOT, 'bench', 'results', 'lighthouse.json')

export async function printAndKeep(results: LighthouseResult[]): Promise<void> {
  const previous: LighthouseResult[] = await readFile(PREVIOUS, 'utf8').then(JSON.parse, () => [])
  const was = (url: string, pick: (r: LighthouseResult) => number) => {
    const p = results.find((r) => r.url === url)?.before ?? previous.find((r) => r.url === url)
    return p ? pick(p) : '-'
  }
  console.table(
    results.map(({ url, scores, metrics: m }) => ({
      url,
      perf: scores.performance,
      'perf before': was(url, (r) => r.scores.performance),
      'LCP ms': m.lcpMs,
      'LCP before': was(url, (r) => r.metrics.lcpMs),
      'LCP <= 1100': m.lcpMs <= 1100,
      CLS: m.cls,
      'CLS before': was(url, (r) => r.metrics.cls),
      'KB before LCP': m.kbBeforeLcp,
      'KB before LCP before': was(url, (r) => r.metrics.kbBeforeLcp),
      'font KB': m.fontKb,
      'font KB before': was(url, (r) => r.metrics.fontKb),
      'FCP ms': m.fcpMs,
      'TBT ms': m.tbtMs,
      a11y: scores.accessibility,
      bp: scores['best-practices'],
      seo: scores.seo,
    })),
  )
  for (const r of results)
    for (const [cat, ids] of Object.entries(r.failing))
      if (ids.length) console.log(`${r.url} ${cat}: ${ids.join(', ')}`)
  await mkdir(path.dirname(PREVIOUS), { recursive: true })
  await writeFile(
    PREVIOUS,
    JSON.stringify(
      results.map(({ before: _, ...r }) => r),
      null,
      2,
    ),
  )
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.join(ROOT, 'bench', 'lighthouse.ts')) {
  buildIfNeeded()
  await printAndKeep(
    await runLighthouse({
      writeReports: true,
      runs: Number(process.env.LIGHTHOUSE_RUNS ?? 5),
      beforeUrl: process.env.LIGHTHOUSE_BEFORE_URL,
      pages: process.env.LIGHTHOUSE_PAGES?.split(','),
    }),
  )
  console.log('Reports written to bench/results/lighthouse/')
}
