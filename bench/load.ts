/**
 * RELIABILITY.md §5, load. Event-loop delay is measured inside the server (GET /healthz?detail=1),
 * so it is its own stall, not the client's queueing; LOAD_SECONDS and LOAD_CONNECTIONS reshape it.
 */
import { readFile, rm } from 'node:fs/promises'
import { pathToFileURL } from 'node:url'
import autocannon from 'autocannon'
import { browserHeaders } from './browser-headers.ts'
import { prepareDataDir, startBenchServer } from '../support/bench-server.ts'

export const LOAD_TARGETS = { errors: 0, timeouts: 0, rssGrowthMb: 50, eventLoopP99Ms: 50 } as const

const PATHS = ['/', '/products', '/api/products']
const SETTLE_SECONDS = 20

type Detail = {
  memory: { rssBytes: number }
  eventLoopDelayMs: { mean: number; p50: number; p99: number; max: number; samplingMs: number } | null
}

async function rssMb(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8')
  const kb = Number(/^VmRSS:\s+(\d+)\s+kB/m.exec(status)?.[1])
  if (!Number.isFinite(kb)) throw new Error(`No VmRSS in /proc/${pid}/status`)
  return Math.round((kb / 1024) * 10) / 10
}

async function detail(url: string): Promise<Detail> {
  const res = await fetch(`${url}/healthz?detail=1`)
  return ((await res.json()) as { detail: Detail }).detail
}

export type LoadResult = {
  durationSeconds: number
  connections: number
  paths: string[]
  requests: { total: number; perSecond: number; non2xx: number; errors: number; timeouts: number }
  latencyMs: { p50: number; p99: number; max: number }
  /**
   * before: started and warmed; peak: sampled each second during the load; end:
   * as the load stops; after: SETTLE_SECONDS later. growth = after - before.
   */
  rssMb: { before: number; peak: number; end: number; after: number; growth: number; peakGrowth: number }
  eventLoopDelayMs: { p50: number; p99: number; max: number }
  targets: typeof LOAD_TARGETS
  pass: { noErrors: boolean; memory: boolean; eventLoop: boolean }
}

export async function runLoadBench(
  options: { durationSeconds?: number; connections?: number; enquiries?: number } = {},
): Promise<LoadResult> {
  const durationSeconds = options.durationSeconds ?? Number(process.env.LOAD_SECONDS ?? 30)
  const connections = options.connections ?? Number(process.env.LOAD_CONNECTIONS ?? 200)
  // A shop that has been open a while: a thousand enquiries in its data file.
  const { dir, dataFile } = await prepareDataDir(options.enquiries ?? 1000)
  const server = await startBenchServer({ DATA_FILE: dataFile })
  const pid = server.child.pid!
  try {
    // Every path once (first renders, lazy modules), then the starting level.
    for (const p of PATHS) await (await fetch(`${server.url}${p}`)).arrayBuffer()
    await new Promise((r) => setTimeout(r, 500))
    const before = await rssMb(pid)
    await detail(server.url) // starts (or restarts) the server's event-loop measurement

    let peak = before
    const sampler = setInterval(() => {
      rssMb(pid).then(
        (mb) => (peak = Math.max(peak, mb)),
        () => {},
      )
    }, 1000)
    let result: autocannon.Result
    try {
      result = await autocannon({
        url: server.url,
        connections,
        duration: durationSeconds,
        timeout: 10,
        // As browsers ask: pages as a navigation, the API as a page's fetch (both accept brotli).
        requests: PATHS.map((path) => ({ method: 'GET' as const, path, headers: browserHeaders(path) })),
      })
    } finally {
      clearInterval(sampler)
    }
    const loop = await detail(server.url)
    const end = await rssMb(pid)
    peak = Math.max(peak, end)
    // What the process keeps: V8 gives back its grown young generation some seconds after a burst.
    await new Promise((r) => setTimeout(r, SETTLE_SECONDS * 1000))
    const after = await rssMb(pid)

    const eventLoopDelayMs = loop.eventLoopDelayMs ?? { p50: NaN, p99: NaN, max: NaN }
    const growth = Math.round((after - before) * 10) / 10
    const out: LoadResult = {
      durationSeconds,
      connections,
      paths: PATHS,
      requests: {
        total: result.requests.total,
        perSecond: Math.round(result.requests.average),
        non2xx: result.non2xx,
        errors: result.errors,
        timeouts: result.timeouts,
      },
      latencyMs: { p50: result.latency.p50, p99: result.latency.p99, max: result.latency.max },
      rssMb: { before, peak, end, after, growth, peakGrowth: Math.round((peak - before) * 10) / 10 },
      eventLoopDelayMs: { p50: eventLoopDelayMs.p50, p99: eventLoopDelayMs.p99, max: eventLoopDelayMs.max },
      targets: LOAD_TARGETS,
      pass: {
        noErrors: result.errors === 0 && result.timeouts === 0 && result.non2xx === 0,
        memory: growth <= LOAD_TARGETS.rssGrowthMb,
        eventLoop: eventLoopDelayMs.p99 < LOAD_TARGETS.eventLoopP99Ms,
      },
    }
    printLoad(out)
    return out
  } finally {
    server.child.kill('SIGTERM')
    await server.exited
    await rm(dir, { recursive: true, force: true })
  }
}

function printLoad(r: LoadResult) {
  const ok = (b: boolean) => (b ? 'yes' : 'NO')
  console.table([
    { measure: 'requests', value: `${r.requests.total} (${r.requests.perSecond}/s)`, target: '', ok: '' },
    {
      measure: 'errors + timeouts + non-2xx',
      value: r.requests.errors + r.requests.timeouts + r.requests.non2xx,
      target: '0',
      ok: ok(r.pass.noErrors),
    },
    {
      measure: 'client latency p50 / p99 / max (ms)',
      value: `${r.latencyMs.p50} / ${r.latencyMs.p99} / ${r.latencyMs.max}`,
      target: '',
      ok: '',
    },
    {
      measure: 'RSS before / peak / end / +20 s (MB)',
      value: `${r.rssMb.before} / ${r.rssMb.peak} / ${r.rssMb.end} / ${r.rssMb.after}`,
      target: '',
      ok: '',
    },
    {
      measure: 'RSS growth kept, +20 s after (MB)',
      value: r.rssMb.growth,
      target: `<= +${r.targets.rssGrowthMb}`,
      ok: ok(r.pass.memory),
    },
    { measure: 'RSS growth at the peak (MB)', value: r.rssMb.peakGrowth, target: '(transient)', ok: '' },
    {
      measure: 'event-loop delay in the server p50 / p99 / max (ms)',
      value: `${r.eventLoopDelayMs.p50} / ${r.eventLoopDelayMs.p99} / ${r.eventLoopDelayMs.max}`,
      target: `p99 < ${r.targets.eventLoopP99Ms}`,
      ok: ok(r.pass.eventLoop),
    },
  ])
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { buildIfNeeded } = await import('../scripts/build-if-needed.ts')
  buildIfNeeded()
  console.log(
    `\n== Load: ${process.env.LOAD_CONNECTIONS ?? 200} connections for ${process.env.LOAD_SECONDS ?? 30} s ==`,
  )
  const r = await runLoadBench()
  process.exitCode = r.pass.noErrors && r.pass.memory && r.pass.eventLoop ? 0 : 1
}
