/**
 * `npm run bench:orders` (and a part of `npm run bench`): Stripe's events handled per second by the real
 * server, the kept pages' speed beside a burst of 50 events a second (at least 0.8 of their speed alone),
 * and a shop without STRIPE_WEBHOOK_SECRET beside one with it (the same speed; the address is 404 there).
 * Events are shaped as Stripe's documentation shows them and signed by the `stripe` package.
 */
import { readFileSync } from 'node:fs'
import { readFile, rm } from 'node:fs/promises'
import { loadavg } from 'node:os'
import { Worker } from 'node:worker_threads'
import { pathToFileURL } from 'node:url'
import { prepareDataDir, startBenchServer } from '../support/bench-server.ts'
import type { ChildServer } from '../support/child-server.ts'
import { checkoutSession, postEvent, signed, stripeEvent, TEST_WEBHOOK_SECRET } from '../support/stripe-events.ts'
import { PAGE_HEADERS } from './browser-headers.ts'
import { cpuMs } from '../support/process-usage.ts'
import { measure, ratio } from './pages.ts'

const PAGES = ['/', '/products', '/products/oxford-brogue']
/** Stripe's pace in a busy moment: a sale every 20 ms. */
const BURST_PER_SECOND = 50
const ROUNDS = 5
const ROUND_SECONDS = 4
const TARGET_SHARE = 0.8
/** Events sent for the throughput figure, this many at a time (Stripe sends several at once). */
const EVENTS = 400
const AT_ONCE = 8

/** Mostly products whose stock is not counted; one that is, so some events move stock and sell it out. */
const REFERENCES = ['weekender-holdall', 'oxford-brogue__42', 'dress-belt', 'tote-bag', 'chelsea-boot__41']

const nextEvent = (i: number) =>
  stripeEvent('checkout.session.completed', checkoutSession({ reference: REFERENCES[i % REFERENCES.length]! }))

export type OrdersBench = {
  eventsPerSecond: number
  eventsP99Ms: number
  eventsFailed: number
  /** The server's CPU per event (all threads), and its main thread's, where pages are answered too. */
  cpuMsPerEvent: number
  mainThreadMsPerEvent: number
  /** What the main thread keeps for pages beside BURST_PER_SECOND events: steadier than req/s on a busy machine. */
  pagesShareByCpu: number
  loadAverage: number
  pages: {
    page: string
    aloneReqPerSec: number
    besideReqPerSec: number
    share: number
    target: number
    ok: boolean
    eventsSentBeside: number
    eventsFailedBeside: number
  }[]
  withoutSecret: {
    page: string
    withSecretReqPerSec: number
    withoutSecretReqPerSec: number
    withoutOverWith: number
    webhookStatusWithout: number
    rssMbWith: number
    rssMbWithout: number
  }[]
}

/** CPU ms of the process's main thread (its event loop): /proc/PID/task/PID/stat. */
function mainThreadMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/task/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ')
  return (Number(fields[11]) + Number(fields[12])) * 10 // clock ticks of 10 ms
}

async function rssMb(pid: number): Promise<number> {
  const kb = Number(/^VmRSS:\s+(\d+)\s+kB/m.exec(await readFile(`/proc/${pid}/status`, 'utf8'))?.[1])
  return Math.round(kb / 102.4) / 10
}

/** As many events as the server takes, AT_ONCE in flight: handled per second, the slowest answers, CPU per event. */
async function throughput(url: string, pid: number) {
  // Warmed first: the first events compile the handler's code.
  for (let i = 0; i < 50; i++) await postEvent(url, nextEvent(EVENTS + BURST_PER_SECOND * 1000 + i))
  const times: number[] = []
  const cpuBefore = cpuMs(pid)
  const mainBefore = mainThreadMs(pid)
  let failed = 0
  let sent = 0
  const started = performance.now()
  const worker = async () => {
    while (sent < EVENTS) {
      const event = nextEvent(sent++)
      const t0 = performance.now()
      const { status } = await postEvent(url, event, { secret: TEST_WEBHOOK_SECRET })
      times.push(performance.now() - t0)
      if (status !== 200) failed++
    }
  }
  await Promise.all(Array.from({ length: AT_ONCE }, worker))
  const seconds = (performance.now() - started) / 1000
  const cpuMsPerEvent = Math.round(((cpuMs(pid) - cpuBefore) / EVENTS) * 100) / 100
  const mainThreadMsPerEvent = Math.round(((mainThreadMs(pid) - mainBefore) / EVENTS) * 100) / 100
  times.sort((a, b) => a - b)
  return {
    eventsPerSecond: Math.round(EVENTS / seconds),
    eventsP99Ms: Math.round(times[Math.floor(times.length * 0.99)]!),
    eventsFailed: failed,
    cpuMsPerEvent,
    mainThreadMsPerEvent,
    pagesShareByCpu: ratio(1000 - mainThreadMsPerEvent * BURST_PER_SECOND, 1000),
    loadAverage: Math.round(loadavg()[0]! * 10) / 10,
  }
}

/**
 * The burst's sender, in a worker thread of its own (plain JavaScript: a worker does not take tsx's
 * hooks on Node 20), so autocannon beside it keeps its event loop: posts the signed events at a steady
 * rate until told to stop, then says how many it sent and how many were not answered 200.
 */
const SENDER = `
const { Agent, request } = require('node:http')
const { parentPort, workerData } = require('node:worker_threads')
const { url, perSecond, events } = workerData
const target = new URL('/api/payments/stripe', url)
const agent = new Agent({ keepAlive: true, maxSockets: 16 })
let sent = 0
let failed = 0
const inFlight = new Set()
const post = ({ body, signature }) => new Promise((resolve) => {
  const headers = { 'content-type': 'application/json', 'stripe-signature': signature, 'content-length': Buffer.byteLength(body) }
  const req = request(target, { method: 'POST', agent, headers }, (res) => {
    res.resume()
    res.on('end', () => resolve(res.statusCode))
  })
  req.on('error', () => resolve(0))
  req.end(body)
})
const timer = setInterval(() => {
  const event = events[sent]
  if (!event) return
  sent++
  const p = post(event).then((status) => { if (status !== 200) failed++ })
  inFlight.add(p)
  p.finally(() => inFlight.delete(p))
}, 1000 / perSecond)
parentPort.once('message', async () => {
  clearInterval(timer)
  await Promise.all(inFlight)
  agent.destroy()
  parentPort.postMessage({ sent, failed })
})
`

/** Sends BURST_PER_SECOND events a second until stopped; they are signed before (Stripe signs on its own machines). */
function burst(url: string, from: number) {
  const events = Array.from({ length: BURST_PER_SECOND * (ROUND_SECONDS + 2) }, (_, i) => signed(nextEvent(from + i)))
  const worker = new Worker(SENDER, { eval: true, workerData: { url, perSecond: BURST_PER_SECOND, events } })
  return async (): Promise<{ sent: number; failed: number }> => {
    const done = new Promise<{ sent: number; failed: number }>((resolve) => worker.once('message', resolve))
    worker.postMessage('stop')
    const counts = await done
    await worker.terminate()
    return counts
  }
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!

export async function runOrdersBench(): Promise<OrdersBench> {
  const withSecret = await prepareDataDir(1000)
  const withoutSecret = await prepareDataDir(1000)
  const servers: ChildServer[] = []
  try {
    const shop = await startBenchServer({ DATA_FILE: withSecret.dataFile, STRIPE_WEBHOOK_SECRET: TEST_WEBHOOK_SECRET })
    const plain = await startBenchServer({ DATA_FILE: withoutSecret.dataFile })
    servers.push(shop, plain)
    const rssMbWithout = await rssMb(plain.child.pid!)
    // Before any event: what the secret alone costs a shop.
    const rssMbWith = await rssMb(shop.child.pid!)
    const withoutSecretRows: OrdersBench['withoutSecret'] = []
    for (const page of PAGES) {
      const runsWith: number[] = []
      const runsWithout: number[] = []
      for (let r = 0; r < ROUNDS; r++) {
        runsWith.push(
          (await measure({ url: shop.url + page, headers: PAGE_HEADERS, duration: ROUND_SECONDS })).reqPerSec,
        )
        runsWithout.push(
          (await measure({ url: plain.url + page, headers: PAGE_HEADERS, duration: ROUND_SECONDS })).reqPerSec,
        )
      }
      withoutSecretRows.push({
        page,
        withSecretReqPerSec: median(runsWith),
        withoutSecretReqPerSec: median(runsWithout),
        withoutOverWith: ratio(median(runsWithout), median(runsWith)),
        webhookStatusWithout: (await postEvent(plain.url, nextEvent(0))).status,
        rssMbWith,
        rssMbWithout,
      })
    }

    const events = await throughput(shop.url, shop.child.pid!)
    const pages: OrdersBench['pages'] = []
    let from = EVENTS
    for (const page of PAGES) {
      const alone: number[] = []
      const beside: number[] = []
      let sent = 0
      let failed = 0
      for (let r = 0; r < ROUNDS; r++) {
        alone.push((await measure({ url: shop.url + page, headers: PAGE_HEADERS, duration: ROUND_SECONDS })).reqPerSec)
        const stop = burst(shop.url, from)
        beside.push((await measure({ url: shop.url + page, headers: PAGE_HEADERS, duration: ROUND_SECONDS })).reqPerSec)
        const done = await stop()
        from += done.sent
        sent += done.sent
        failed += done.failed
      }
      const share = ratio(median(beside), median(alone))
      pages.push({
        page,
        aloneReqPerSec: median(alone),
        besideReqPerSec: median(beside),
        share,
        target: TARGET_SHARE,
        ok: share >= TARGET_SHARE && failed === 0,
        eventsSentBeside: sent,
        eventsFailedBeside: failed,
      })
    }
    return { ...events, pages, withoutSecret: withoutSecretRows }
  } finally {
    for (const s of servers) {
      s.child.kill('SIGTERM')
      await s.exited
    }
    await rm(withSecret.dir, { recursive: true, force: true })
    await rm(withoutSecret.dir, { recursive: true, force: true })
  }
}

export function printOrdersBench(b: OrdersBench): void {
  console.table([
    {
      'events handled / s': b.eventsPerSecond,
      'p99 ms': b.eventsP99Ms,
      [`failed (of ${EVENTS}, ${AT_ONCE} at once)`]: b.eventsFailed,
      'server CPU ms / event (main thread)': `${b.cpuMsPerEvent} (${b.mainThreadMsPerEvent})`,
      [`pages keep, by CPU, beside ${BURST_PER_SECOND} a second`]: b.pagesShareByCpu,
      'machine load average': b.loadAverage,
    },
  ])
  console.log(`Kept pages alone and beside ${BURST_PER_SECOND} events a second:`)
  console.table(
    b.pages.map((p) => ({
      page: p.page,
      'req/s alone': p.aloneReqPerSec,
      'req/s beside the events': p.besideReqPerSec,
      share: p.share,
      target: `>= ${p.target}`,
      ok: p.ok,
      'events sent beside': p.eventsSentBeside,
      'events failed': p.eventsFailedBeside,
    })),
  )
  console.log('A shop without STRIPE_WEBHOOK_SECRET beside one with it (before any event):')
  console.table(
    b.withoutSecret.map((w) => ({
      page: w.page,
      'req/s with the secret': w.withSecretReqPerSec,
      'req/s without': w.withoutSecretReqPerSec,
      'without / with': w.withoutOverWith,
      'POST /api/payments/stripe without': w.webhookStatusWithout,
      'RSS MB with, without': `${w.rssMbWith}, ${w.rssMbWithout}`,
    })),
  )
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { buildIfNeeded } = await import('../scripts/build-if-needed.ts')
  buildIfNeeded()
  console.log(
    `\n== Stripe's events: handled per second, and kept pages beside ${BURST_PER_SECOND} a second ` +
      `(autocannon, 50 connections, ${ROUNDS} turns of ${ROUND_SECONDS} s) ==`,
  )
  printOrdersBench(await runOrdersBench())
}
