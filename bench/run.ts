/**
 * `npm run bench` (flags: --only-counting, --skip-load, --skip-lighthouse, --skip-first-paint,
 * --skip-years, --skip-inbox, --skip-statistics, --skip-orders, --skip-photo-memory); writes bench/results/latest.json.
 */
import { mkdir, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { buildIfNeeded } from '../scripts/build-if-needed.ts'
import { ROOT } from '../server/config/paths.server.ts'
import { printCountingBench, runCountingBench } from './counting-cost.ts'
import { runPageBench } from './pages.ts'

const args = new Set(process.argv.slice(2))
/** The counting figure alone, to measure it again quickly. */
const only = args.has('--only-counting')
const skip = (part: string) => only || args.has(`--skip-${part}`)
buildIfNeeded()

const results: Record<string, unknown> = { date: new Date().toISOString(), node: process.version }

console.log(
  '\n== Counting visits: cached / and /products, counting off (before) ' +
    'and on (after), each beside a bare Node server sending the same bytes ' +
    '(autocannon, 50 connections, 5 turns of 4 s) ==',
)
const counting = await runCountingBench()
printCountingBench(counting)
results.counting = counting

if (!only) await runTheRest()

async function runTheRest() {
  console.log('\n== Pages, API and enquiries (autocannon, 50 connections, 8 s each, Chromium request headers) ==')
  const pages = await runPageBench()
  console.table(pages.rows)
  console.log(
    'Each page beside a bare Node http server sending the same bytes from ' +
      'memory (the ceiling) and beside its static twin:',
  )
  console.table(
    pages.comparisons.map((c) => ({
      page: c.page,
      'req/s': c.reqPerSec,
      'p99 ms': c.p99Ms,
      'bare req/s': c.bareReqPerSec,
      'page / bare': c.pageOverBare,
      target: '>= 0.5',
      ok: c.pageOverBare >= 0.5,
      'page / bare by CPU': c.pageOverBareByCpu,
      'static twin req/s': c.twinReqPerSec,
      'page / static twin': c.pageOverTwin,
      'CPU µs/answer': c.cpuUs,
      'bare CPU µs/answer': c.bareCpuUs,
    })),
  )
  const t = pages.tracking
  console.table([
    {
      'plain / req/s': t.plainReqPerSec,
      '/?fbclid=N req/s': t.trackedReqPerSec,
      ratio: t.ratio,
      target: '>= 0.9',
      ok: t.ratio >= 0.9,
      'CPU µs/answer plain': t.plainCpuUs,
      'CPU µs/answer /?fbclid=N': t.trackedCpuUs,
    },
  ])
  const f = pages.flood
  console.log(
    'Kept pages (/, /products, a category, a product) with a flood of ' +
      'one-off keys beside them (categories, tracking ids, 404 paths, ' +
      'spellings, hosts):',
  )
  console.table([
    {
      'req/s alone': f.withoutReqPerSec,
      'req/s beside the flood': f.withReqPerSec,
      ratio: f.ratio,
      target: '>= 0.8',
      ok: f.ratio >= 0.8 && f.popularStillKept,
      'p99 ms alone': f.withoutP99Ms,
      'p99 ms beside the flood': f.withP99Ms,
      'one-off requests sent': f.floodSent,
      'popular pages still kept': f.popularStillKept,
    },
  ])
  const log = pages.requestLog
  console.log('What the log line per request costs a hit on / (the same page from a server logging warnings only):')
  console.table([
    {
      'req/s with': log.withLogReqPerSec,
      'req/s without': log.withoutLogReqPerSec,
      'CPU µs/answer with': log.cpuUsWith,
      'CPU µs/answer without': log.cpuUsWithout,
      "share of a hit's CPU": log.shareOfHitCpu,
    },
  ])
  console.table([{ ...pages.contact, 'req/s target': '>= 300' }])
  results.pages = pages

  console.log(
    "\n== The owner's 'Save' (a price; then a move in the order) to the " +
      'change served (catalogue page, product page and /api/products) ==',
  )
  const { runSaveToServedBench } = await import('./save-to-served.ts')
  const saveToServed = await runSaveToServedBench()
  console.table([saveToServed])
  results.saveToServed = saveToServed
}

if (!skip('years')) {
  const { runYearsBench } = await import('./years-of-enquiries.ts')
  console.log('\n== Ten years of enquiries: 100,000 saved beside a fresh shop ==')
  results.years = await runYearsBench()
}

if (!skip('inbox')) {
  const { runInboxBench } = await import('./inbox.ts')
  console.log("\n== The owner's inbox with 10,000 enquiries: server time per request (target < 200 ms) ==")
  results.inbox = await runInboxBench()
}

if (!skip('statistics')) {
  const { runStatisticsFloodBench } = await import('./statistics-flood.ts')
  console.log(
    '\n== Visit statistics under 400 days of made-up names, on a moved clock ' +
      '(a flooded shop beside a quiet one; alone: npm run bench:statistics) ==',
  )
  results.statistics = await runStatisticsFloodBench()
}

if (!skip('orders')) {
  const { runOrdersBench, printOrdersBench } = await import('./orders.ts')
  console.log("\n== Stripe's events: handled per second, and kept pages beside 50 a second (npm run bench:orders) ==")
  const orders = await runOrdersBench()
  printOrdersBench(orders)
  results.orders = orders
}

if (!skip('photo-memory')) {
  const { runPhotoMemoryBench } = await import('./photo-memory.ts')
  console.log(
    '\n== Three 48-megapixel photographs uploaded at once beside ten ' +
      'browsing connections, npm start in a 512 MB cgroup ==',
  )
  results.photoMemory = await runPhotoMemoryBench()
}

if (!skip('lighthouse')) {
  const { runLighthouse } = await import('../support/lighthouse.ts')
  const { printAndKeep } = await import('./lighthouse.ts')
  console.log('\n== Lighthouse (mobile preset, median of 5 runs), beside the previous run ==')
  const lh = await runLighthouse({ writeReports: true, runs: 5, beforeUrl: process.env.LIGHTHOUSE_BEFORE_URL })
  await printAndKeep(lh)
  results.lighthouse = lh
}

if (!skip('first-paint')) {
  const { runFirstPaintBench, printFirstPaint } = await import('./first-paint.ts')
  console.log('\n== First paint on a slow phone: taps and keystrokes from the moment a control is visible ==')
  const firstPaint = await runFirstPaintBench()
  printFirstPaint(firstPaint.rows)
  results.firstPaint = firstPaint
}

if (!skip('load')) {
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
