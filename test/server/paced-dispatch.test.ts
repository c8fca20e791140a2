import {
  createServer,
  request,
  type IncomingMessage,
  type RequestListener,
  type Server,
  type ServerResponse,
} from 'node:http'
import type { AddressInfo } from 'node:net'
import { describe, expect, it } from 'vitest'
import { pacedDispatch } from '../../server/http/paced-dispatch.server.ts'

/** What Node does when many sockets are readable in one turn: calls the listener for each, back to back. */
function burst(listener: RequestListener, urls: string[]) {
  for (const url of urls) listener({ url } as IncomingMessage, { destroyed: false } as ServerResponse)
}

const urls = (n: number, prefix = '/r') => Array.from({ length: n }, (_, i) => `${prefix}${i}`)

/** A timer due at every turn of the event loop, counting the turns it gets to run. */
function timerTicks() {
  let count = 0
  let ticking = true
  const beat = () => {
    count++
    if (ticking) setTimeout(beat, 0)
  }
  setTimeout(beat, 0)
  return { now: () => count, stop: () => void (ticking = false) }
}

const busyFor = (ms: number) => {
  const until = performance.now() + ms
  while (performance.now() < until);
}

/** The most requests handled between two ticks of the timer. */
function mostPerTick(handled: { tick: number }[]) {
  const perTick = new Map<number, number>()
  for (const h of handled) perTick.set(h.tick, (perTick.get(h.tick) ?? 0) + 1)
  return Math.max(...perTick.values())
}

describe('pacedDispatch: requests reach the app in bounded batches', () => {
  it('runs at most one batch at once, lets timers run between batches, and serves all in arrival order', async () => {
    const perTurn = 8
    const handled: { url: string; tick: number }[] = []
    // Each request keeps the thread busy for 0.2 ms, so a 1 ms timer falls due within every batch.
    const listener = pacedDispatch(
      (req) => {
        busyFor(0.2)
        handled.push({ url: req.url!, tick: ticks.now() })
      },
      { perTurn, budgetMs: Infinity },
    )
    const ticks = timerTicks()

    burst(listener, urls(300))
    expect(handled).toHaveLength(perTurn) // the rest wait for later turns
    await expect.poll(() => handled.length).toBe(300)
    ticks.stop()

    expect(handled.map((h) => h.url)).toEqual(urls(300))
    // A timer that is due runs in the next turn of the event loop: never more than two batches (the
    // turn's own and the queue's) pass between its ticks. Without pacing all 300 would.
    expect(mostPerTick(handled)).toBeLessThanOrEqual(2 * perTurn)
  })

  it('starts no more requests in a turn once its time budget is spent, however few it has started', async () => {
    const handled: { url: string; tick: number }[] = []
    // Enquiries cost more than cached pages: 1.5 ms each against a 4 ms budget.
    const listener = pacedDispatch(
      (req) => {
        busyFor(1.5)
        handled.push({ url: req.url!, tick: ticks.now() })
      },
      { perTurn: 24, budgetMs: 4 },
    )
    const ticks = timerTicks()
    burst(listener, urls(60))
    // 0, 1.5 and 3 ms in (fewer if the machine is slow): the fourth would start past the budget.
    expect(handled.length).toBeGreaterThanOrEqual(1)
    expect(handled.length).toBeLessThanOrEqual(3)
    await expect.poll(() => handled.length).toBe(60)
    ticks.stop()
    expect(handled.map((h) => h.url)).toEqual(urls(60))
    expect(mostPerTick(handled)).toBeLessThanOrEqual(2 * 3)
  })

  it('lets a health check past the queue', () => {
    const handled: string[] = []
    const listener = pacedDispatch((req) => void handled.push(req.url!), { perTurn: 4, budgetMs: Infinity })
    burst(listener, [...urls(50), '/healthz?detail=1'])
    expect(handled).toEqual(['/r0', '/r1', '/r2', '/r3', '/healthz?detail=1'])
  })

  it('skips a request whose visitor has already gone', async () => {
    const handled: string[] = []
    const listener = pacedDispatch((req) => void handled.push(req.url!), { perTurn: 1, budgetMs: Infinity })
    burst(listener, ['/a'])
    listener({ url: '/gone' } as IncomingMessage, { destroyed: true } as ServerResponse)
    listener({ url: '/b' } as IncomingMessage, { destroyed: false } as ServerResponse)
    await expect.poll(() => handled).toEqual(['/a', '/b'])
  })

  it('answers every request of a real burst of 300 connections', async () => {
    const server: Server = createServer(pacedDispatch((_req, res) => res.end('ok'), { perTurn: 8 }))
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    const port = (server.address() as AddressInfo).port
    const get = (path: string) =>
      new Promise<number>((resolve, reject) => {
        request({ port, path, agent: false }, (res) => res.resume().on('end', () => resolve(res.statusCode!)))
          .on('error', reject)
          .end()
      })
    try {
      const statuses = await Promise.all(urls(300).map(get))
      expect(statuses.filter((s) => s === 200)).toHaveLength(300)
    } finally {
      await new Promise((resolve) => server.close(resolve))
    }
  })
})
