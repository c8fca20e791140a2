/**
 * 400 days of visitors' names that cannot grow the statistics. Two real servers (`server.ts`) run on a
 * moved clock (bench/moved-clock.ts), one day after another: a flooded shop gets 250 page views a day,
 * each with its own long campaign tags (source, medium, campaign: CJK characters and control characters,
 * the costliest to write), its own referring site, browser string and address, and ten hand-offs; a quiet
 * shop gets 20 ordinary views a day. Both write their statistics every second. Printed: the flooded
 * shop's statistics file, its memory beside the quiet shop's (after the 400 days, and after a restart on
 * the year's file), its slowest save, and its Visits page over 365 days.
 *
 * `npm run bench:statistics` alone (STATISTICS_DAYS=n for a shorter run); `npm run bench` runs it too.
 */
import { mkdir, mkdtemp, rm, stat, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { seedProducts } from '../data/seed/products.ts'
import { buildIfNeeded } from '../scripts/build-if-needed.ts'
import { statisticsFileFor } from '../server/services/statistics/statistics-file.server.ts'
import { spawnServer, type ChildServer } from '../support/child-server.ts'
import { cpuMs, residentMb } from '../support/process-usage.ts'
import { until } from '../support/until.ts'
import { FETCH_HEADERS, PAGE_HEADERS } from './browser-headers.ts'

export const STATISTICS_TARGETS = { fileMb: 2, rssOverQuietMb: 30, saveMs: 50, visitsPageMs: 200 } as const

const DAYS = Number(process.env.STATISTICS_DAYS ?? 400)
const FLOOD_VIEWS_A_DAY = 250
const QUIET_VIEWS_A_DAY = 20
const HANDOFFS_A_DAY = 10
const START = '2025-01-01T12:00:00Z'
const DAY_MS = 86_400_000
const VISITS_RUNS = 15
const CLOCK = path.join(import.meta.dirname, 'moved-clock.ts')

type Save = { heldMs: number; heldCpuMs: number; writeMs: number; bytes: number }
type Shop = { server: ChildServer; saves: Save[]; moves: number; collections: number }

/** The server with the moved clock loaded after tsx, its saves read from its debug lines. */
async function startShop(dataFile: string, clockStart: string): Promise<Shop> {
  const server = await spawnServer(
    {
      DATA_FILE: dataFile,
      LOG_LEVEL: 'debug',
      STATISTICS_WRITE_SECONDS: '1',
      TRUST_PROXY: 'loopback',
      SITE_URL: 'https://www.example.co.uk',
      MOVED_CLOCK_START: clockStart,
      // As npm start runs the server (scripts/start.ts).
      MALLOC_ARENA_MAX: '2',
      MALLOC_MMAP_THRESHOLD_: '131072',
    },
    {
      keepOutput: false,
      wrap: ([node, ...rest]) => {
        const entry = rest.findIndex((arg) => arg.endsWith('server.ts') || arg.endsWith('.mjs'))
        return [node!, '--expose-gc', ...rest.slice(0, entry), '--import', CLOCK, ...rest.slice(entry)]
      },
    },
  )
  const shop: Shop = { server, saves: [], moves: 0, collections: 0 }
  let partial = ''
  server.child.stdout!.on('data', (chunk: Buffer) => {
    const lines = (partial + chunk.toString('utf8')).split('\n')
    partial = lines.pop()!
    for (const line of lines) {
      if (!line.includes('The statistics were written.')) continue
      const { heldMs, heldCpuMs, writeMs, bytes } = JSON.parse(line) as Save
      shop.saves.push({ heldMs, heldCpuMs, writeMs, bytes })
    }
  })
  return shop
}

/** Moves the shop's clock on a day, once it says it has. */
async function nextDay(shop: Shop): Promise<void> {
  shop.moves++
  shop.server.child.kill('SIGUSR2')
  await until('the clock to move', () => shop.server.output().split('moved-clock').length > shop.moves, {
    timeoutMs: 10_000,
    everyMs: 5,
  })
}

async function stopShop(shop: Shop): Promise<void> {
  shop.server.child.kill('SIGTERM')
  await shop.server.exited
}

/** Runs `jobs` eight at a time. */
async function inTurns(jobs: (() => Promise<void>)[]): Promise<void> {
  let next = 0
  await Promise.all(
    Array.from({ length: 8 }, async () => {
      while (next < jobs.length) await jobs[next++]!()
    }),
  )
}

async function get(url: string, headers: Record<string, string>): Promise<void> {
  const res = await fetch(url, { headers })
  await res.arrayBuffer()
  if (res.status >= 400) throw new Error(`${url.slice(0, 80)}… answered ${res.status}`)
}

/** A made-up tag: its own number, then characters three bytes each in the file, between control characters. */
const tag = (n: number, kind: string) => `${kind}-${n}-${'\u0001語'.repeat(150)}`

function floodDay(shop: Shop, day: number): Promise<void> {
  const views = Array.from({ length: FLOOD_VIEWS_A_DAY }, (_, i) => async () => {
    const n = day * FLOOD_VIEWS_A_DAY + i
    const query = new URLSearchParams({
      utm_source: tag(n, 's'),
      utm_medium: tag(n, 'm'),
      utm_campaign: tag(n, 'c'),
    })
    await get(`${shop.server.url}/?${query}`, {
      ...PAGE_HEADERS,
      'user-agent': `Mozilla/5.0 (Flood ${n}) ${'x'.repeat(400)}`,
      'x-forwarded-for': `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`,
      referer: `https://${`h${n}-`.padEnd(60, 'a')}.${'b'.repeat(60)}.${'c'.repeat(60)}.example/`,
    })
  })
  const handoffs = Array.from({ length: HANDOFFS_A_DAY }, () => async () => {
    const res = await fetch(`${shop.server.url}/api/handoff/oxford-brogue`, {
      headers: { ...FETCH_HEADERS, 'sec-fetch-site': 'same-origin', 'x-forwarded-for': '10.255.0.1' },
    })
    if (res.status !== 204) throw new Error(`a hand-off answered ${res.status}`)
  })
  return inTurns([...views, ...handoffs])
}

const QUIET_PAGES = ['/', '/products', '/products?category=bags', '/products/oxford-brogue', '/products/tote-bag']
const QUIET_FROM = ['https://www.instagram.com/', 'https://www.google.com/', undefined, undefined]

function quietDay(shop: Shop, day: number): Promise<void> {
  return inTurns(
    Array.from({ length: QUIET_VIEWS_A_DAY }, (_, i) => async () => {
      const page = QUIET_PAGES[i % QUIET_PAGES.length]!
      const referer = QUIET_FROM[i % QUIET_FROM.length]
      const campaign = i % 7 === 0 ? `${page.includes('?') ? '&' : '?'}utm_campaign=winter-sale` : ''
      await get(`${shop.server.url}${page}${campaign}`, {
        ...PAGE_HEADERS,
        'x-forwarded-for': `192.0.2.${(day * 7 + i) % 250}`,
        ...(referer ? { referer } : {}),
      })
    }),
  )
}

/**
 * The owner's Visits page over 365 days, as the browser asks for it (the server machine: the owner):
 * the time to the last byte, and the server's CPU time per page, which the machine's other work moves less.
 */
async function visitsPage(shop: Shop): Promise<{ medianMs: number; maxMs: number; cpuMs: number }> {
  const url = `${shop.server.url}/admin/statistics?days=365`
  for (let i = 0; i < 3; i++) await get(url, PAGE_HEADERS)
  const times: number[] = []
  const cpuBefore = cpuMs(shop.server.child.pid!)
  for (let i = 0; i < VISITS_RUNS; i++) {
    const started = performance.now()
    await get(url, PAGE_HEADERS)
    times.push(performance.now() - started)
  }
  const cpu = (cpuMs(shop.server.child.pid!) - cpuBefore) / VISITS_RUNS
  times.sort((a, b) => a - b)
  return { medianMs: round(times[Math.floor(VISITS_RUNS / 2)]!), maxMs: round(times.at(-1)!), cpuMs: round(cpu) }
}

/** How late the server's own 10 ms timer fired at most since it was last asked (GET /healthz?detail=1). */
async function loopDelayMaxMs(shop: Shop): Promise<number> {
  const res = await fetch(`${shop.server.url}/healthz?detail=1`)
  const body = (await res.json()) as { detail?: { eventLoopDelayMs?: { max: number } | null } }
  return body.detail?.eventLoopDelayMs?.max ?? 0
}

const round = (n: number) => Math.round(n * 10) / 10
const mb = (bytes: number) => Math.round((bytes / 1024 / 1024) * 100) / 100
const fileBytes = (dataFile: string) =>
  stat(statisticsFileFor(dataFile)).then(
    (s) => s.size,
    () => 0,
  )

/**
 * Each shop's memory with its garbage collected: the JavaScript heap left in use (what the shop keeps)
 * and the resident memory (which also holds the heap V8 grew under the requests, given back slowly).
 */
async function keptMemory(shops: Shop[]): Promise<{ rssMb: number; heapMb: number }[]> {
  return Promise.all(
    shops.map(async (shop) => {
      shop.collections++
      shop.server.child.kill('SIGWINCH')
      const said = await until(
        'the garbage to be collected',
        () => shop.server.output().match(/collected (\d+)/g)?.[shop.collections - 1],
        { timeoutMs: 10_000, everyMs: 20 },
      )
      return { rssMb: await residentMb(shop.server.child.pid!), heapMb: mb(Number(said.split(' ')[1])) }
    }),
  )
}

function memoryOf([flooded, quiet]: { rssMb: number; heapMb: number }[]) {
  return {
    flooded: flooded!.rssMb,
    quiet: quiet!.rssMb,
    over: round(flooded!.rssMb - quiet!.rssMb),
    heapOver: round(flooded!.heapMb - quiet!.heapMb),
  }
}

export type StatisticsFloodBench = Awaited<ReturnType<typeof runStatisticsFloodBench>>

export async function runStatisticsFloodBench(days = DAYS) {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'leather-statistics-bench-'))
  const dataFiles = ['flooded', 'quiet'].map((name) => path.join(dir, name, 'db.json'))
  for (const file of dataFiles) {
    await mkdir(path.dirname(file))
    await writeFile(file, JSON.stringify({ products: seedProducts, messages: [] }, null, 2))
  }
  let shops = await Promise.all(dataFiles.map((file) => startShop(file, START)))
  const [flooded, quiet] = shops as [Shop, Shop]
  const peak = { fileBytes: 0, rssFlooded: 0, rssQuiet: 0, loopDelayMs: 0 }
  const floodedRss: number[] = []
  const started = performance.now()
  try {
    for (let day = 0; day < days; day++) {
      await Promise.all([floodDay(flooded, day), quietDay(quiet, day)])
      peak.fileBytes = Math.max(peak.fileBytes, await fileBytes(dataFiles[0]!))
      peak.loopDelayMs = Math.max(peak.loopDelayMs, await loopDelayMaxMs(flooded))
      if (day % 10 === 9) {
        peak.rssFlooded = Math.max(peak.rssFlooded, await residentMb(flooded.server.child.pid!))
        peak.rssQuiet = Math.max(peak.rssQuiet, await residentMb(quiet.server.child.pid!))
        process.stdout.write(`\r  day ${day + 1} of ${days}`)
      }
      if (day % 100 === 99) floodedRss.push((await keptMemory([flooded]))[0]!.rssMb)
      if (day < days - 1) await Promise.all(shops.map(nextDay))
    }
    process.stdout.write('\n')
    // The last day's counts reach the file within the next second.
    await until('the last day to be written', async () => (await fileBytes(dataFiles[0]!)) > 0, { timeoutMs: 5000 })
    await new Promise((resolve) => setTimeout(resolve, 1500))
    const visits = { flooded: await visitsPage(flooded), quiet: await visitsPage(quiet) }
    const afterDays = await keptMemory(shops)
    const saves = flooded.saves
    const feedSeconds = Math.round((performance.now() - started) / 1000)
    await Promise.all(shops.map(stopShop))
    const file = { flooded: await fileBytes(dataFiles[0]!), quiet: await fileBytes(dataFiles[1]!) }

    // A start on the year's file: what it costs to read it.
    const clockNow = new Date(Date.parse(START) + (days - 1) * DAY_MS).toISOString()
    shops = await Promise.all(dataFiles.map((f) => startShop(f, clockNow)))
    for (const shop of shops) await get(`${shop.server.url}/`, PAGE_HEADERS)
    const afterRestart = await keptMemory(shops)
    const visitsAfterRestart = await visitsPage(shops[0]!)

    const slowest = saves.reduce((a, b) => (b.heldMs + b.writeMs > a.heldMs + a.writeMs ? b : a), saves[0]!)
    const largest = saves.reduce((a, b) => (b.bytes > a.bytes ? b : a), saves[0]!)
    const result = {
      days,
      feedSeconds,
      viewsSent: days * FLOOD_VIEWS_A_DAY,
      fileMb: mb(file.flooded),
      largestFileMb: mb(peak.fileBytes),
      quietFileMb: mb(file.quiet),
      rssMb: memoryOf(afterDays),
      rssAfterRestartMb: memoryOf(afterRestart),
      peakRssMb: { flooded: peak.rssFlooded, quiet: peak.rssQuiet },
      floodedRssEach100Days: floodedRss,
      saves: saves.length,
      slowestSave: {
        heldMs: slowest.heldMs,
        writeMs: slowest.writeMs,
        totalMs: round(slowest.heldMs + slowest.writeMs),
      },
      longestHeldMs: Math.max(...saves.map((s) => s.heldMs)),
      mostHeldCpuMs: Math.max(...saves.map((s) => s.heldCpuMs)),
      medianSaveMs: round(saves.map((s) => s.heldMs + s.writeMs).sort((a, b) => a - b)[saves.length >> 1]!),
      largestSave: largest,
      loopDelayMaxMs: round(peak.loopDelayMs),
      visitsPage: visits,
      visitsPageAfterRestart: visitsAfterRestart,
    }
    printStatisticsFlood(result)
    return result
  } finally {
    await Promise.all(shops.map((s) => (s.server.child.exitCode === null ? stopShop(s) : undefined)))
    await rm(dir, { recursive: true, force: true })
  }
}

function printStatisticsFlood(r: StatisticsFloodBench): void {
  const T = STATISTICS_TARGETS
  console.log(
    `${r.days} days fed in ${r.feedSeconds} s: ${r.viewsSent.toLocaleString('en-GB')} views with made-up names, ` +
      `${r.saves} saves of the flooded shop`,
  )
  console.table([
    {
      figure: 'statistics file after the days (MB)',
      flooded: r.fileMb,
      quiet: r.quietFileMb,
      target: `< ${T.fileMb}`,
      ok: r.fileMb < T.fileMb && r.largestFileMb < T.fileMb,
      note: `largest while counting: ${r.largestFileMb}`,
    },
    {
      figure: 'memory after a restart on the year’s file: resident (MB)',
      flooded: r.rssAfterRestartMb.flooded,
      quiet: r.rssAfterRestartMb.quiet,
      target: `flooded - quiet <= ${T.rssOverQuietMb}`,
      ok: r.rssAfterRestartMb.over <= T.rssOverQuietMb,
      note: `over: ${r.rssAfterRestartMb.over}; JavaScript heap kept: over by ${r.rssAfterRestartMb.heapOver}`,
    },
    {
      figure: 'memory after the days, garbage collected: JavaScript heap kept (MB)',
      flooded: r.rssMb.heapOver,
      quiet: 0,
      target: `flooded - quiet <= ${T.rssOverQuietMb}`,
      ok: r.rssMb.heapOver <= T.rssOverQuietMb,
      note: 'what the flooded shop keeps beyond the quiet one’s',
    },
    {
      figure: 'memory after the days: resident (MB)',
      flooded: r.rssMb.flooded,
      quiet: r.rssMb.quiet,
      target: `flooded - quiet <= ${T.rssOverQuietMb}`,
      ok: r.rssMb.over <= T.rssOverQuietMb,
      note:
        `over: ${r.rssMb.over}, with the heap V8 grew for 12 times the requests; the flooded shop at days ` +
        `100, 200…: ${r.floodedRssEach100Days.join(', ')}; peaks ${r.peakRssMb.flooded} and ${r.peakRssMb.quiet}`,
    },
    {
      figure: 'a save’s hold on the event loop, CPU time (ms, the most of all saves)',
      flooded: r.mostHeldCpuMs,
      quiet: '-',
      target: `< ${T.saveMs}`,
      ok: r.mostHeldCpuMs < T.saveMs,
      note: `in time, at most ${r.longestHeldMs} (the machine's other work included)`,
    },
    {
      figure: 'slowest save, to the disk (ms)',
      flooded: r.slowestSave.totalMs,
      quiet: '-',
      target: `< ${T.saveMs}`,
      ok: r.slowestSave.totalMs < T.saveMs,
      note:
        `event loop ${r.slowestSave.heldMs}, writing and flushing ${r.slowestSave.writeMs}; median save ${r.medianSaveMs}; ` +
        `the largest save (${mb(r.largestSave.bytes)} MB): ${round(r.largestSave.heldMs + r.largestSave.writeMs)}`,
    },
    {
      figure: `Visits page, 365 days (ms: median / slowest of ${VISITS_RUNS}; server CPU a page)`,
      flooded: `${r.visitsPage.flooded.medianMs} / ${r.visitsPage.flooded.maxMs}; ${r.visitsPage.flooded.cpuMs}`,
      quiet: `${r.visitsPage.quiet.medianMs} / ${r.visitsPage.quiet.maxMs}; ${r.visitsPage.quiet.cpuMs}`,
      target: `median and CPU < ${T.visitsPageMs}`,
      ok: [r.visitsPage.flooded, r.visitsPageAfterRestart].every(
        (v) => v.medianMs < T.visitsPageMs && v.cpuMs < T.visitsPageMs,
      ),
      note:
        `after the restart: ${r.visitsPageAfterRestart.medianMs} / ${r.visitsPageAfterRestart.maxMs}; ` +
        `${r.visitsPageAfterRestart.cpuMs}`,
    },
    {
      figure: 'event-loop delay, longest while fed (ms)',
      flooded: r.loopDelayMaxMs,
      quiet: '-',
      target: 'shown',
      ok: '-',
      note: 'a 10 ms timer inside the flooded server, how late it fired at most',
    },
  ])
  console.log(
    `Load average as it ended: ${os
      .loadavg()
      .map((n) => n.toFixed(1))
      .join(', ')} (${os.cpus().length} cores)`,
  )
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  buildIfNeeded()
  console.log(`== Visit statistics under ${DAYS} days of made-up names (a flooded shop beside a quiet one) ==`)
  await runStatisticsFloodBench()
}
