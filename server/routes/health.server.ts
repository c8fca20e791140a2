import path from 'node:path'
import { monitorEventLoopDelay, type IntervalHistogram } from 'node:perf_hooks'
import type { RequestHandler } from 'express'
import { unusableValues, type DataProblem } from '../../data/check.server.ts'
import type { Store } from '../../data/store.server.ts'
import { identify, type OwnerCheck } from '../owner/owner.server.ts'

/**
 * 200 ok, 200 attention while the owner's edit is broken or holds a value the site will
 * not use (still serving), 503 when nothing can be written (docs/api-and-data.md);
 * details for the owner alone, as they would tell an attacker how a flood goes.
 */
export function healthHandler(store: Store, owner: OwnerCheck): RequestHandler {
  const unusable = firstUnusable(store)
  return async (req, res) => {
    const writable = await store.isWritable()
    const problem = store.problem ?? unusable()
    const forOwner = (problem || req.query.detail === '1') && (await identify(req, res, owner)) === 'owner'
    const body: Record<string, unknown> = !writable
      ? { status: 'degraded', error: 'The data file cannot be written.' }
      : problem
        ? { status: 'attention', ...(forOwner ? { dataFile: problemForPublic(problem.message, store.file) } : {}) }
        : { status: 'ok' }
    if (req.query.detail === '1' && forOwner) body.detail = processDetail()
    res.setHeader('Cache-Control', 'no-store')
    res.status(writable ? 200 : 503).json(body)
  }
}

/**
 * The first value of the owner's file the site leaves unused (a wrong
 * payment link), worked out again only when the products change.
 */
function firstUnusable(store: Store): () => DataProblem | null {
  let known: { version: number; problem: DataProblem | null } | undefined
  return () => {
    if (known?.version !== store.productsVersion)
      known = { version: store.productsVersion, problem: unusableValues(store.data, store.file)[0] ?? null }
    return known.problem
  }
}

/** The problem in the owner's words, naming the file but not the folder it sits in. */
function problemForPublic(message: string, file: string): string {
  return message.split(file).join(path.basename(file))
}

const RESOLUTION_MS = 10
let histogram: IntervalHistogram | undefined
let since = 0

export type ProcessDetail = {
  memory: { rssBytes: number; heapUsedBytes: number }
  /** How late the loop ran a timer, since the previous detail request; null on the first, which starts measuring. */
  eventLoopDelayMs: { mean: number; p50: number; p99: number; max: number; samplingMs: number } | null
  uptimeSeconds: number
}

function processDetail(): ProcessDetail {
  // The histogram holds the time between the monitor's timer firings; the delay is what exceeds
  // the timer's own interval (an idle loop shows 0).
  const ms = (ns: number) => Math.max(0, Math.round((ns / 1e6 - RESOLUTION_MS) * 100) / 100)
  let eventLoopDelayMs: ProcessDetail['eventLoopDelayMs'] = null
  if (!histogram) {
    histogram = monitorEventLoopDelay({ resolution: RESOLUTION_MS })
    histogram.enable()
  } else if (histogram.count > 0) {
    eventLoopDelayMs = {
      mean: ms(histogram.mean),
      p50: ms(histogram.percentile(50)),
      p99: ms(histogram.percentile(99)),
      max: ms(histogram.max),
      samplingMs: Date.now() - since,
    }
  }
  histogram.reset()
  since = Date.now()
  const memory = process.memoryUsage()
  return {
    memory: { rssBytes: memory.rss, heapUsedBytes: memory.heapUsed },
    eventLoopDelayMs,
    uptimeSeconds: Math.round(process.uptime()),
  }
}
