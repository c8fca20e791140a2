/**
 * `npm run bench`: the production server on loopback, measured in one run. Prints tables and writes
 * bench/results/latest.json. Flags: --skip-load (no 30 s load test), --skip-lighthouse, --skip-first-paint.
 */
import { mkdir, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { buildIfNeeded } from '../scripts/build-if-needed.ts'
import { ROOT } from '../server/paths.server.ts'
import { runPageBench } from './pages.ts'

const args = new Set(process.argv.slice(2))
buildIfNeeded()

const results: Record<string, unknown> = { date: new Date().toISOString(), node: process.version }

console.log('\n== Pages, API and enquiries (autocannon, 50 connections, 8 s each) ==')
const pages = await runPageBench()
console.table(pages.rows)
console.table(Object.entries(pages.ratios).map(([page, ratio]) => ({ page, 'page / static twin': ratio, target: '>= 0.8', ok: ratio >= 0.8 })))
console.table([{ ...pages.contact, 'req/s target': '>= 300' }])
results.pages = pages

if (!args.has('--skip-lighthouse')) {
  const { runLighthouse } = await import('./lighthouse.ts')
  console.log('\n== Lighthouse (mobile preset) ==')
  const lh = await runLighthouse({ writeReports: true, runs: 3 })
  console.table(lh.map(({ url, scores, metrics }) => ({ url, ...scores, ...metrics })))
  results.lighthouse = lh
}

if (!args.has('--skip-first-paint')) {
  const { runFirstPaintBench, printFirstPaint } = await import('./first-paint.ts')
  console.log('\n== First paint on a slow phone: taps and keystrokes from the moment a control is visible ==')
  const firstPaint = await runFirstPaintBench()
  printFirstPaint(firstPaint.rows)
  results.firstPaint = firstPaint
}

if (!args.has('--skip-load')) {
  const load = await import('./load.ts').catch(() => null)
  if (load) {
    console.log('\n== Load: 200 connections for 30 s ==')
    results.load = await load.runLoadBench()
  }
}

const out = path.join(ROOT, 'bench', 'results', 'latest.json')
await mkdir(path.dirname(out), { recursive: true })
await writeFile(out, JSON.stringify(results, null, 2))
console.log(`\nResults written to ${path.relative(ROOT, out)}`)
