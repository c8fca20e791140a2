/**
 * The shop as `npm start` runs it, whole process tree inside a memory cgroup (systemd's
 * `MemoryMax=`), while the owner uploads phone photographs at once and visitors browse. Shared by
 * test/reliability/memory.slow.test.ts and `npm run bench`.
 */
import { spawn } from 'node:child_process'
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import sharp from 'sharp'
import { ROOT } from '../server/config/paths.server.ts'
import { freePort } from './child-server.ts'
import { createMemoryCgroup, type MemoryCgroup } from './memory-cgroup.ts'
import { until } from './until.ts'

const MB = 1024 * 1024
/** What a 1 GB VPS leaves the shop (systemd's `MemoryMax=512M`), and the targets within it. */
export const LIMIT_MB = 512
export const PEAK_TARGET_MB = 450
export const SETTLE_TARGET_MB = 60

/** A 48-megapixel phone photograph (8000 × 6000, taken upright: EXIF orientation 6), a few MB of JPEG. */
export async function phonePhotograph(seed: number): Promise<Buffer> {
  const texture = await sharp({
    create: {
      width: 400,
      height: 300,
      channels: 3,
      noise: { type: 'gaussian', mean: 100 + seed * 30, sigma: 60 },
      background: '#000',
    },
  })
    .png()
    .toBuffer()
  return sharp(texture)
    .resize(8000, 6000, { kernel: 'cubic' })
    .jpeg({ quality: 85 })
    .withMetadata({ orientation: 6 })
    .toBuffer()
}

export type PhotoMemoryRun = {
  /** cgroup usage, MB: warmed and idle before the uploads; the peak during them; where it settled after. */
  beforeMb: number
  peakMb: number
  settledMb: number
  /**
   * Seconds from the last upload's answer until usage was back within `settleWithinMb` of before (or the wait ended).
   */
  settledAfterS: number
  uploadStatuses: number[]
  uploadSeconds: number[]
  /** Pages answered, and those that were not 200, while the uploads ran. */
  pagesServed: number
  pagesFailed: number
  oomKills: number
  limitHits: number
  /** Every process of the tree alive at the end, with the pids it had at the start. */
  sameProcesses: boolean
  answersAfter: boolean
  /** Where the memory was, before and settled: processes (each one's resident MB, by command) and page cache. */
  detail: { before: string; settled: string }
}

const PAGES = ['/', '/products', '/products?category=bags', '/products/oxford-brogue', '/contact', '/terms']
const PRODUCTS = ['oxford-brogue', 'weekender-holdall', 'bridle-belt']

/** Env of `npm start` as an owner's shell would give it: no test runner's markers, no update check. */
function startEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  const env = Object.fromEntries(
    Object.entries(process.env).filter(
      ([k]) => !k.startsWith('VITEST') && !k.startsWith('npm_') && k !== 'NODE_ENV' && k !== 'TEST',
    ),
  )
  return { ...env, npm_config_update_notifier: 'false', npm_config_fund: 'false', ...extra }
}

/** `npm 55, node tsx 45, … ; page cache 12` for a report. */
async function describe(cgroup: MemoryCgroup): Promise<string> {
  const rows = await Promise.all(
    (await cgroup.pids()).map(async (pid) => {
      const status = await readFile(`/proc/${pid}/status`, 'utf8').catch(() => '')
      const args = (await readFile(`/proc/${pid}/cmdline`, 'utf8').catch(() => '')).split('\0').filter(Boolean)
      // `npm start`, `tsx start.ts` (tsx's launcher), `node start.ts`, `node server.ts`
      const cmd =
        args.length < 2
          ? (args[0] ?? '?')
          : `${path.basename(args[1]!.endsWith('/tsx') ? args[1]! : args[0]!)} ${path.basename(args.at(-1)!)}`
      return `${cmd} ${Math.round(Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024)}`
    }),
  )
  const { processMb, cacheMb } = await cgroup.split()
  return `${rows.join(', ')}; processes ${processMb}, page cache ${cacheMb}`
}

/** The last value of `what`: the first that is `done`, or the one at the deadline (the caller judges it). */
const poll = async <T>(
  what: () => Promise<T>,
  done: (v: T) => boolean,
  deadlineMs: number,
  everyMs = 250,
): Promise<T> => {
  let last!: T
  await until('a settled value', async () => done((last = await what())), { timeoutMs: deadlineMs, everyMs }).catch(
    () => {},
  )
  return last
}

/** `limitMb` for the cgroup; `settleWithinMb`/`settleDeadlineS`: how close to before, and how long to wait for it. */
export async function runPhotoMemory(
  opts: {
    limitMb?: number
    photos?: Buffer[]
    settleWithinMb?: number
    settleDeadlineS?: number
    extraEnv?: Record<string, string>
  } = {},
): Promise<PhotoMemoryRun> {
  const photos = opts.photos ?? [await phonePhotograph(0), await phonePhotograph(1), await phonePhotograph(2)]
  const cgroup = await createMemoryCgroup(
    `ashbourne-photo-memory-${process.pid}-${Date.now()}`,
    (opts.limitMb ?? LIMIT_MB) * MB,
  )
  const dir = await mkdtemp(path.join(os.tmpdir(), 'photo-memory-'))
  const port = await freePort()
  const url = `http://127.0.0.1:${port}`
  let out = ''
  // The shell joins the cgroup before it becomes `npm start`, so every process of the tree is inside.
  const child = spawn('sh', ['-c', 'echo $$ > "$1" && exec npm start', 'sh', cgroup.procsFile], {
    cwd: ROOT,
    env: startEnv({
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_FILE: path.join(dir, 'db.json'),
      LOG_LEVEL: 'warn',
      CONTACT_RATE_LIMIT: '0',
      ...opts.extraEnv,
    }),
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  child.stdout.on('data', (d) => (out += d))
  child.stderr.on('data', (d) => (out += d))
  const mb = (bytes: number) => Math.round(bytes / MB)
  try {
    const ready = await poll(
      () =>
        fetch(`${url}/healthz`).then(
          (r) => r.ok,
          () => false,
        ),
      (ok) => ok || child.exitCode !== null,
      60_000,
    )
    if (!ready) throw new Error(`The shop did not start inside the cgroup:\n${out}`)
    const browse = async (until: () => boolean) => {
      let served = 0
      let failed = 0
      await Promise.all(
        Array.from({ length: 10 }, async (_, c) => {
          for (let i = c; !until(); i++) {
            const res = await fetch(`${url}${PAGES[i % PAGES.length]}`).catch(() => null)
            await res?.arrayBuffer().catch(() => {})
            if (res?.status === 200) served++
            else failed++
          }
        }),
      )
      return { served, failed }
    }
    // Warmed: every page rendered and kept, the loop's working set in place, then idle.
    const warmUntil = Date.now() + 5_000
    await browse(() => Date.now() > warmUntil)
    // Idle: the baseline is read once memory holds still (within 1 MB between two looks).
    let previous = Number.POSITIVE_INFINITY
    await poll(
      () => cgroup.usage(),
      (n) => Math.abs(n - previous) < MB || ((previous = n), false),
      10_000,
    )
    const pidsBefore = (await cgroup.pids()).sort()
    const before = await cgroup.usage()
    const beforeDetail = await describe(cgroup)
    await cgroup.resetPeak()

    let uploading = true
    const browsing = browse(() => !uploading)
    const uploads = await Promise.all(
      photos.map(async (bytes, i) => {
        const started = Date.now()
        const form = new FormData()
        form.append('photo', new Blob([new Uint8Array(bytes)], { type: 'image/jpeg' }), `IMG_${4000 + i}.jpg`)
        const res = await fetch(`${url}/admin/products/${PRODUCTS[i % PRODUCTS.length]}/photos`, {
          method: 'POST',
          body: form,
          headers: { accept: 'application/json' },
        }).catch(() => null)
        await res?.arrayBuffer().catch(() => {})
        return { status: res?.status ?? 0, seconds: (Date.now() - started) / 1000 }
      }),
    )
    uploading = false
    const pages = await browsing
    const answered = Date.now()
    const within = (opts.settleWithinMb ?? SETTLE_TARGET_MB) * MB
    const settled = await poll(
      () => cgroup.usage(),
      (n) => n - before <= within,
      (opts.settleDeadlineS ?? 45) * 1000,
      1000,
    )
    // Read after settling: the AVIF twins made in the background after the answers count too.
    const peak = await cgroup.peak()
    const pidsAfter = (await cgroup.pids()).sort()
    const alive = await Promise.all(
      pidsBefore.map((pid) =>
        readFile(`/proc/${pid}/stat`, 'utf8').then(
          (s) => !/\) Z /.test(s),
          () => false,
        ),
      ),
    )
    const answersAfter = await fetch(`${url}/healthz`).then(
      (r) => r.ok,
      () => false,
    )
    return {
      beforeMb: mb(before),
      peakMb: mb(peak),
      settledMb: mb(settled),
      settledAfterS: Math.round((Date.now() - answered) / 1000),
      uploadStatuses: uploads.map((u) => u.status),
      uploadSeconds: uploads.map((u) => u.seconds),
      pagesServed: pages.served,
      pagesFailed: pages.failed,
      ...(await cgroup.pressure()),
      sameProcesses: pidsAfter.join() === pidsBefore.join() && alive.every(Boolean),
      answersAfter,
      detail: { before: beforeDetail, settled: await describe(cgroup) },
    }
  } finally {
    await stopTree(cgroup)
    await rm(dir, { recursive: true, force: true })
  }
}

/** Stops the processes this run started (each by its pid, all inside its cgroup), then removes the cgroup. */
async function stopTree(cgroup: MemoryCgroup): Promise<void> {
  const signal = async (sig: NodeJS.Signals) => {
    for (const pid of await cgroup.pids()) {
      try {
        process.kill(pid, sig)
      } catch {
        /* gone meanwhile */
      }
    }
  }
  await signal('SIGTERM')
  const left = await poll(
    () => cgroup.pids(),
    (p) => p.length === 0,
    15_000,
    100,
  )
  if (left.length > 0) {
    await signal('SIGKILL')
    await poll(
      () => cgroup.pids(),
      (p) => p.length === 0,
      5_000,
      100,
    )
  }
  await cgroup.remove()
}
