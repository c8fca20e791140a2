/**
 * What counting visits costs a kept page: `/` and `/products` from a server counting (the default)
 * and from one with STATISTICS=off, each beside a bare Node server sending the same bytes, measured
 * in turns in one run so the shared machine's load falls on all three alike.
 */
import { readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { PAGE_HEADERS } from './browser-headers.ts'
import { capture, ratio, sideBySide, startBareServer } from './pages.ts'
import { prepareDataDir, startBenchServer } from '../support/bench-server.ts'
import { statisticsFileFor } from '../server/services/statistics/statistics-file.server.ts'

/**
 * A kept page must answer at least as fast as the bare server sending its bytes, counting or not.
 * Before counting existed the site measured 1.2× (`/`) and 1.4× (`/products`) of it.
 */
const TARGETS: Record<string, number> = { '/': 1, '/products': 1 }
/** Counting on may be this much below counting off and still be the same speed: one run's noise. */
const SAME_SPEED = 0.95
/** Turns of each: one turn's noise on a busy machine is larger than the difference looked for. */
const ROUNDS = 5

export type CountingCost = {
  page: string
  target: number
  offReqPerSec: number
  onReqPerSec: number
  bareReqPerSec: number
  /** Before: the site with STATISTICS=off over the bare server. */
  offOverBare: number
  /** After: the site counting over the bare server. */
  onOverBare: number
  offCpuUs: number
  onCpuUs: number
  bareCpuUs: number
  /** After over before: what counting costs, as the benchmark sees it. */
  onOverOff: number
  /** What the CPU per answer says, whatever else ran on the machine. */
  offOverBareByCpu: number
  onOverBareByCpu: number
}

export type CountingBench = { pages: CountingCost[]; viewsCounted: number }

export async function runCountingBench(): Promise<CountingBench> {
  const on = await prepareDataDir(10_000)
  const off = await prepareDataDir(10_000)
  const counting = await startBenchServer({ DATA_FILE: on.dataFile })
  const notCounting = await startBenchServer({ DATA_FILE: off.dataFile, STATISTICS: 'off' })
  const answersFile = path.join(on.dir, 'answers.json')
  await writeFile(answersFile, JSON.stringify(await capture(counting.url, Object.keys(TARGETS))))
  const bare = await startBareServer(answersFile)
  const pages: CountingCost[] = []
  try {
    for (const [page, target] of Object.entries(TARGETS)) {
      const [offRow, onRow, bareRow] = await sideBySide(
        [
          { opts: { url: notCounting.url + page, headers: PAGE_HEADERS }, pid: notCounting.child.pid! },
          { opts: { url: counting.url + page, headers: PAGE_HEADERS }, pid: counting.child.pid! },
          { opts: { url: bare.url + page, headers: PAGE_HEADERS }, pid: bare.pid },
        ],
        ROUNDS,
      )
      pages.push({
        page,
        target,
        offReqPerSec: offRow.reqPerSec,
        onReqPerSec: onRow.reqPerSec,
        bareReqPerSec: bareRow.reqPerSec,
        offOverBare: ratio(offRow.reqPerSec, bareRow.reqPerSec),
        onOverBare: ratio(onRow.reqPerSec, bareRow.reqPerSec),
        onOverOff: ratio(onRow.reqPerSec, offRow.reqPerSec),
        offCpuUs: offRow.cpuUsPerAnswer!,
        onCpuUs: onRow.cpuUsPerAnswer!,
        bareCpuUs: bareRow.cpuUsPerAnswer!,
        offOverBareByCpu: ratio(bareRow.cpuUsPerAnswer!, offRow.cpuUsPerAnswer!),
        onOverBareByCpu: ratio(bareRow.cpuUsPerAnswer!, onRow.cpuUsPerAnswer!),
      })
    }
  } finally {
    await bare.stop()
    for (const s of [counting, notCounting]) {
      s.child.kill('SIGTERM')
      await s.exited
    }
  }
  // Written at shutdown: proof that the pages measured were counted.
  const kept = JSON.parse(await readFile(statisticsFileFor(on.dataFile), 'utf8').catch(() => '{"days":{}}')) as {
    days: Record<string, { views: number }>
  }
  const viewsCounted = Object.values(kept.days).reduce((sum, d) => sum + d.views, 0)
  return { pages, viewsCounted }
}

/** At or above the bare server's speed, and no slower than the same site not counting. */
function countingCostsNothing(c: CountingCost): boolean {
  return c.onOverBare >= c.target && c.onOverOff >= SAME_SPEED
}

export function printCountingBench({ pages, viewsCounted }: CountingBench): void {
  console.table(
    pages.map((c) => ({
      page: c.page,
      'bare req/s': c.bareReqPerSec,
      'counting off req/s': c.offReqPerSec,
      'counting on req/s': c.onReqPerSec,
      'before: off / bare': c.offOverBare,
      'after: on / bare': c.onOverBare,
      'after / before': c.onOverOff,
      target: `on / bare >= ${c.target}, after / before >= ${SAME_SPEED}`,
      ok: countingCostsNothing(c),
      'CPU µs/answer bare, off, on': `${c.bareCpuUs}, ${c.offCpuUs}, ${c.onCpuUs}`,
      'by CPU: off / bare, on / bare': `${c.offOverBareByCpu}, ${c.onOverBareByCpu}`,
    })),
  )
  console.log(`Views counted by the counting server while measured: ${viewsCounted.toLocaleString('en-GB')}`)
}
