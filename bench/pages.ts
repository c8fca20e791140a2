import { spawn } from 'node:child_process'
import { request } from 'node:http'
import { mkdir, readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import autocannon from 'autocannon'
import { ROOT } from '../server/config/paths.server.ts'
import type { Encoding } from '../server/http/accept-encoding.server.ts'
import type { CapturedAnswers } from './bare-server.ts'
import { browserHeaders, FETCH_HEADERS, PAGE_HEADERS } from './browser-headers.ts'
import { runFloodBench, type FloodBench } from './flood.ts'
import { prepareDataDir, startBenchServer } from '../support/bench-server.ts'
import { cpuMs } from '../support/process-usage.ts'

export type Row = {
  name: string
  reqPerSec: number
  p99Ms: number
  errors: number
  non2xx: number
  kbPerAnswer?: number
  cpuUsPerAnswer?: number
}

export async function measure(opts: autocannon.Options, pid?: number): Promise<Omit<Row, 'name'>> {
  const cpuBefore = pid ? cpuMs(pid) : 0
  const r = await autocannon({ connections: 50, duration: 8, ...opts })
  const cpu = pid ? cpuMs(pid) - cpuBefore : NaN
  return {
    reqPerSec: Math.round(r.requests.average),
    p99Ms: r.latency.p99,
    errors: r.errors + r.timeouts,
    non2xx: r.non2xx,
    kbPerAnswer: r.requests.total ? Math.round((r.throughput.total / r.requests.total / 1024) * 10) / 10 : 0,
    ...(pid && r.requests.total ? { cpuUsPerAnswer: Math.round((cpu * 1000) / r.requests.total) } : {}),
  }
}

type Target = { opts: autocannon.Options; pid?: number }

const ROUNDS = 3
const ROUND_SECONDS = 4

/** Warmed, then measured in turns, so a change in the shared machine's load falls on all targets alike. */
export async function sideBySide<T extends Target[]>(
  targets: [...T],
  rounds = ROUNDS,
): Promise<{ [K in keyof T]: Omit<Row, 'name'> }> {
  for (const t of targets) await autocannon({ connections: 50, duration: 2, ...t.opts })
  const runsOf: Omit<Row, 'name'>[][] = targets.map(() => [])
  for (let r = 0; r < rounds; r++) {
    for (const [i, t] of targets.entries())
      runsOf[i]!.push(await measure({ duration: ROUND_SECONDS, ...t.opts }, t.pid))
  }
  const results = runsOf.map((runs) => {
    const median = (pick: (r: Omit<Row, 'name'>) => number) =>
      runs.map(pick).sort((a, b) => a - b)[Math.floor(runs.length / 2)]!
    const cpu =
      runs.reduce((sum, r) => sum + (r.cpuUsPerAnswer ?? NaN) * r.reqPerSec, 0) /
      runs.reduce((sum, r) => sum + r.reqPerSec, 0)
    return {
      reqPerSec: median((r) => r.reqPerSec),
      p99Ms: median((r) => r.p99Ms),
      errors: runs.reduce((sum, r) => sum + r.errors, 0),
      non2xx: runs.reduce((sum, r) => sum + r.non2xx, 0),
      kbPerAnswer: runs[0]!.kbPerAnswer,
      ...(Number.isFinite(cpu) ? { cpuUsPerAnswer: Math.round(cpu) } : {}),
    }
  })
  return results as { [K in keyof T]: Omit<Row, 'name'> }
}

type Page = { name: string; path: string; file: string }
const PAGES: Page[] = [
  { name: '/', path: '/', file: 'home.html' },
  { name: '/products', path: '/products', file: 'products.html' },
  { name: '/products?category=bags', path: '/products?category=bags', file: 'products-bags.html' },
  { name: '/products/oxford-brogue', path: '/products/oxford-brogue', file: 'product.html' },
]

export type Comparison = {
  page: string
  reqPerSec: number
  p99Ms: number
  bareReqPerSec: number
  twinReqPerSec: number
  pageOverBare: number
  /** What req/s would compare if each had the machine to itself. */
  pageOverBareByCpu: number
  pageOverTwin: number
  cpuUs: number
  bareCpuUs: number
}

export type PageBench = {
  rows: Row[]
  comparisons: Comparison[]
  /** The home page reached through links carrying a different fbclid each time, beside the plain page. */
  tracking: {
    plainReqPerSec: number
    trackedReqPerSec: number
    ratio: number
    plainCpuUs: number
    trackedCpuUs: number
  }
  flood: FloodBench
  requestLog: {
    withLogReqPerSec: number
    withoutLogReqPerSec: number
    cpuUsWith: number
    cpuUsWithout: number
    shareOfHitCpu: number
  }
  contact: Record<string, unknown>
}

type RawAnswer = { status: number; headers: [string, string][]; body: Buffer; encoding: Encoding }

/** An answer exactly as sent (fetch would decompress it), its per-connection headers left out. */
function rawGet(base: string, pathname: string, headers: Record<string, string>): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    request(new URL(pathname, base), { headers, agent: false }, (res) => {
      const chunks: Buffer[] = []
      res.on('data', (c: Buffer) => chunks.push(c))
      res.on('end', () => {
        const pairs: [string, string][] = []
        for (let i = 0; i < res.rawHeaders.length; i += 2) {
          const name = res.rawHeaders[i]!
          if (!['date', 'connection', 'keep-alive', 'transfer-encoding'].includes(name.toLowerCase()))
            pairs.push([name, res.rawHeaders[i + 1]!])
        }
        const encoding = (res.headers['content-encoding'] ?? 'identity') as Encoding
        resolve({ status: res.statusCode!, headers: pairs, body: Buffer.concat(chunks), encoding })
      })
    })
      .on('error', reject)
      .end()
  })
}

export async function capture(base: string, paths: string[]): Promise<CapturedAnswers> {
  const out: CapturedAnswers = {}
  for (const p of paths) {
    const codings: CapturedAnswers[string] = {}
    for (const accept of [browserHeaders(p)['accept-encoding']!, 'gzip', 'identity']) {
      const a = await rawGet(base, p, { ...browserHeaders(p), 'accept-encoding': accept })
      codings[a.encoding] = { status: a.status, headers: a.headers, body: a.body.toString('base64') }
    }
    out[p] = codings
  }
  return out
}

export async function startBareServer(
  answersFile: string,
): Promise<{ url: string; pid: number; stop: () => Promise<void> }> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'bench', 'bare-server.ts'), answersFile], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  const port = await new Promise<number>((resolve, reject) => {
    child.stdout!.on('data', (d: Buffer) => {
      const m = /listening (\d+)/.exec(String(d))
      if (m) resolve(Number(m[1]))
    })
    child.on('exit', (code) => reject(new Error(`bare server exited (${code})`)))
  })
  const exited = new Promise((resolve) => child.on('exit', resolve))
  return {
    url: `http://127.0.0.1:${port}`,
    pid: child.pid!,
    stop: async () => void (child.kill('SIGTERM'), await exited),
  }
}

/**
 * Ratios are what to read: the machine is shared, so absolute numbers
 * move between runs while side-by-side measurements see the same machine.
 */
export async function runPageBench(): Promise<PageBench> {
  const { dir, dataFile } = await prepareDataDir(10_000)
  const staticDir = path.join(dir, 'static')
  await mkdir(staticDir)
  const server = await startBenchServer(
    { DATA_FILE: dataFile, BENCH_STATIC_DIR: staticDir },
    { entry: path.join(import.meta.dirname, 'static-twin-server.ts') },
  )
  const rows: Row[] = []
  const comparisons: Comparison[] = []
  let bare: Awaited<ReturnType<typeof startBareServer>> | undefined
  try {
    const pages = PAGES
    for (const p of pages) {
      const first = await rawGet(server.url, p.path, { ...PAGE_HEADERS, 'accept-encoding': 'identity' })
      if (first.status !== 200) throw new Error(`${p.path} answered ${first.status}`)
      await writeFile(path.join(staticDir, p.file), first.body)
    }
    const answersFile = path.join(dir, 'answers.json')
    await writeFile(
      answersFile,
      JSON.stringify(await capture(server.url, [...pages.map((p) => p.path), '/api/products'])),
    )
    bare = await startBareServer(answersFile)

    const headers = PAGE_HEADERS
    const pid = server.child.pid!
    for (const p of pages) {
      const [page, ceiling, twin] = await sideBySide([
        { opts: { url: server.url + p.path, headers }, pid },
        { opts: { url: bare.url + p.path, headers }, pid: bare.pid },
        { opts: { url: `${server.url}/__static/${p.file}`, headers }, pid },
      ])
      rows.push(
        { name: `page ${p.name}`, ...page },
        { name: `bare http server, same bytes`, ...ceiling },
        { name: `static twin of ${p.name}`, ...twin },
      )
      comparisons.push({
        page: p.name,
        reqPerSec: page.reqPerSec,
        p99Ms: page.p99Ms,
        bareReqPerSec: ceiling.reqPerSec,
        twinReqPerSec: twin.reqPerSec,
        pageOverBare: ratio(page.reqPerSec, ceiling.reqPerSec),
        pageOverBareByCpu: ratio(ceiling.cpuUsPerAnswer!, page.cpuUsPerAnswer!),
        pageOverTwin: ratio(page.reqPerSec, twin.reqPerSec),
        cpuUs: page.cpuUsPerAnswer!,
        bareCpuUs: ceiling.cpuUsPerAnswer!,
      })
    }

    // A link shared on social media: every visitor's carries its own fbclid. Both sides build each
    // request afresh (autocannon's setupRequest), so the client does the same work for both and
    // only the server's handling of the parameter differs. Five rounds: one round's noise is larger
    // than the difference looked for.
    let n = 0
    const eachRequest = (path: () => string) => ({
      requests: [{ method: 'GET' as const, setupRequest: (req: autocannon.Request) => ({ ...req, path: path() }) }],
    })
    const [plain, tracked] = await sideBySide(
      [
        { opts: { url: server.url, headers, ...eachRequest(() => '/') }, pid },
        { opts: { url: server.url, headers, ...eachRequest(() => `/?fbclid=IwAR${++n}`) }, pid },
      ],
      5,
    )
    rows.push(
      { name: 'page / (plain link)', ...plain },
      { name: 'page /?fbclid=N (N different every time)', ...tracked },
    )
    const tracking = {
      plainReqPerSec: plain.reqPerSec,
      trackedReqPerSec: tracked.reqPerSec,
      ratio: ratio(tracked.reqPerSec, plain.reqPerSec),
      plainCpuUs: plain.cpuUsPerAnswer!,
      trackedCpuUs: tracked.cpuUsPerAnswer!,
    }

    const flood = await runFloodBench(measure, server.url, pid, headers)
    rows.push(...flood.rows)

    const requestLog = await benchRequestLog(server.url, pid)
    rows.push(requestLog.rows[0], requestLog.rows[1])

    const [api, apiCeiling] = await sideBySide([
      { opts: { url: `${server.url}/api/products`, headers: FETCH_HEADERS }, pid },
      { opts: { url: `${bare.url}/api/products`, headers: FETCH_HEADERS }, pid: bare.pid },
    ])
    rows.push({ name: 'GET /api/products', ...api }, { name: 'bare http server, same bytes', ...apiCeiling })
    comparisons.push({
      page: '/api/products',
      reqPerSec: api.reqPerSec,
      p99Ms: api.p99Ms,
      bareReqPerSec: apiCeiling.reqPerSec,
      twinReqPerSec: NaN,
      pageOverBare: ratio(api.reqPerSec, apiCeiling.reqPerSec),
      pageOverBareByCpu: ratio(apiCeiling.cpuUsPerAnswer!, api.cpuUsPerAnswer!),
      pageOverTwin: NaN,
      cpuUs: api.cpuUsPerAnswer!,
      bareCpuUs: apiCeiling.cpuUsPerAnswer!,
    })

    const contact = await benchContact(server.url, dataFile)
    rows.push(contact.row)
    return { rows, comparisons, tracking, flood, requestLog: requestLog.summary, contact: contact.summary }
  } finally {
    await bare?.stop()
    server.child.kill('SIGTERM')
    await server.exited
  }
}

export const ratio = (a: number, b: number) => Math.round((a / b) * 100) / 100

/** The second server has its own data file: one writer per file. */
async function benchRequestLog(url: string, pid: number) {
  const { dataFile } = await prepareDataDir(100)
  const quiet = await startBenchServer({ DATA_FILE: dataFile, LOG_LEVEL: 'warn' })
  try {
    const [logged, unlogged] = await sideBySide([
      { opts: { url: url + '/', headers: PAGE_HEADERS }, pid },
      { opts: { url: quiet.url + '/', headers: PAGE_HEADERS }, pid: quiet.child.pid! },
    ])
    const rows: [Row, Row] = [
      { name: 'page / (a log line per request)', ...logged },
      { name: 'page / (warnings only, no request lines)', ...unlogged },
    ]
    const summary = {
      withLogReqPerSec: logged.reqPerSec,
      withoutLogReqPerSec: unlogged.reqPerSec,
      cpuUsWith: logged.cpuUsPerAnswer!,
      cpuUsWithout: unlogged.cpuUsPerAnswer!,
      shareOfHitCpu: ratio(logged.cpuUsPerAnswer! - unlogged.cpuUsPerAnswer!, logged.cpuUsPerAnswer!),
    }
    return { rows, summary }
  } finally {
    quiet.child.kill('SIGTERM')
    await quiet.exited
  }
}

async function benchContact(url: string, dataFile: string) {
  const before = JSON.parse(await readFile(dataFile, 'utf8')).messages.length as number
  const body = JSON.stringify({
    firstName: 'Bench',
    lastName: 'Mark',
    email: 'bench@example.com',
    subject: 'general',
    message: 'Is the Weekender Holdall available in dark brown?',
  })
  const r = await autocannon({
    url: `${url}/api/contact`,
    method: 'POST',
    headers: { ...FETCH_HEADERS, 'content-type': 'application/json', origin: url },
    body,
    connections: 50,
    duration: 8,
  })
  // autocannon counts answers within its 8 s; requests in flight at the end also land, so >=.
  const created = r['2xx']
  const row: Row = {
    name: 'POST /api/contact (10,000 saved)',
    reqPerSec: Math.round(r.requests.average),
    p99Ms: r.latency.p99,
    errors: r.errors + r.timeouts,
    non2xx: r.non2xx,
  }
  // Let the last group of writes land, then count what is on disk.
  await new Promise((res) => setTimeout(res, 500))
  const after = JSON.parse(await readFile(dataFile, 'utf8')).messages.length as number
  return {
    row,
    summary: {
      before,
      created201: created,
      onDisk: after,
      persisted: after - before,
      allPersisted: after - before >= created,
    },
  }
}
