import path from 'node:path'
import { monitorEventLoopDelay, type IntervalHistogram } from 'node:perf_hooks'
import type { Request, RequestHandler, Response } from 'express'
import type { Store } from '../data/store.server.ts'
import { isFromThisMachine, signedIn, type OwnerCheck } from './services/images/admin-auth.server.ts'

/**
 * GET /healthz for an uptime monitor:
 * - 200 `{ status: 'ok' }` while the data file can be written;
 * - 200 `{ status: 'attention', dataFile: '<what is wrong and where>' }` while the owner's last edit
 *   of the data file has an error: the site still serves (the last good catalogue) and still saves
 *   enquiries (in the journal), so nothing should take it out of service, but a monitor that looks
 *   for `"status":"ok"` tells the owner their edit is not live;
 * - 503 `{ status: 'degraded', error }` when nothing can be written (read-only folder, full disk),
 *   so the owner hears about it before a visitor's enquiry is refused.
 *
 * The status is for anyone (a load balancer, an uptime monitor). What more there is, only the owner
 * sees (by the rule /admin uses: the admin password, or the server machine itself when none is set):
 * the mistake in the data file (it quotes the owner's file), and with `?detail=1` what the load
 * benchmark (bench/load.ts) measures inside the process, memory and the event-loop delay percentiles
 * since the previous `detail` request (the first one starts the monitor, so it costs nothing until
 * asked), which would tell an attacker how well a flood is going.
 */
export function healthHandler(store: Store, owner: OwnerCheck): RequestHandler {
  return async (req, res) => {
    const writable = await store.isWritable()
    const problem = store.problem
    const forOwner = (problem || req.query.detail === '1') && (await isOwnerAsking(req, res, owner))
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
 * The owner, without asking for credentials (the status answers everyone): the admin password when
 * one is set (a wrong one counts towards the same lock-out as /admin's), or else the machine itself.
 */
async function isOwnerAsking(req: Request, res: Response, { password, failures }: OwnerCheck): Promise<boolean> {
  return password ? signedIn(req, res, { password, failures }) : isFromThisMachine(req)
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
