/**
 * The real server (a child process) killed with SIGKILL between receiving a Stripe event and answering it:
 * at each step of its work (before anything is on disk, once the order is, once the stock is). Stripe then
 * sends the event again; it is stored exactly once and the stock moves exactly once.
 */
import fs from 'node:fs'
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { seedProducts } from '../../data/seed/products.ts'
import { spawnServer, type ChildServer } from '../../support/child-server.ts'
import { checkoutSession, postEvent, stripeEvent, TEST_WEBHOOK_SECRET } from '../../support/stripe-events.ts'
import { ordersOnDisk, stockOnDisk } from '../helpers/orders.ts'

let dir: string
let dataFile: string
const running: ChildServer[] = []
beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'stripe-kill-'))
  dataFile = path.join(dir, 'db.json')
  const products = seedProducts.map((p) => (p.id === 'oxford-brogue' ? { ...p, stock: 5 } : p))
  await writeFile(dataFile, JSON.stringify({ products, messages: [] }, null, 2))
})
afterEach(async () => {
  for (const s of running.splice(0)) {
    s.child.kill('SIGKILL')
    await s.exited
  }
  await rm(dir, { recursive: true, force: true })
})

const start = async () => {
  const s = await spawnServer({ DATA_FILE: dataFile, LOG_LEVEL: 'warn', STRIPE_WEBHOOK_SECRET: TEST_WEBHOOK_SECRET })
  running.push(s)
  return s
}

/** Kills the server, at once, the first time `file` (beside the data file) changes to hold `text`. */
function killWhen(s: ChildServer, file: string, text: string): () => void {
  const watcher = fs.watch(dir, (_, name) => {
    if (name !== path.basename(file)) return
    let now: string
    try {
      now = fs.readFileSync(file, 'utf8')
    } catch {
      return // renamed over meanwhile: the next event reads it
    }
    if (!now.includes(text)) return
    s.child.kill('SIGKILL')
    watcher.close()
  })
  return () => watcher.close()
}

const historyLines = async () =>
  (await readFile(`${dataFile}.history.jsonl`, 'utf8').catch(() => ''))
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as { orderId?: string })

/** What each kill point waits for before the kill: nothing, the order on disk, the stock on disk. */
const KILL_POINTS = {
  'before anything is on disk': null,
  'once the order is on disk, before the stock': 'orders',
  'once the stock is on disk, before the order says so': 'stock',
} as const

describe('a Stripe event whose server was killed before it answered', () => {
  for (const [when, point] of Object.entries(KILL_POINTS)) {
    it(`is stored exactly once when Stripe sends it again: killed ${when}`, async () => {
      let killedBeforeAnswer = false
      let expectedStock = 5
      // The kill must land before the answer; a machine fast enough to answer first gets another round.
      for (let round = 0; round < 5 && !killedBeforeAnswer; round++) {
        const s = await start()
        const session = checkoutSession({ reference: 'oxford-brogue__42' })
        const event = stripeEvent('checkout.session.completed', session)
        const stop =
          point === 'orders'
            ? killWhen(s, `${dataFile}.orders.jsonl`, event.id)
            : point === 'stock'
              ? killWhen(s, dataFile, `"stock": ${expectedStock - 1}`)
              : () => {}
        const answer = postEvent(s.url, event).then(
          (r) => r.status,
          () => null, // the connection died with the server: no answer
        )
        if (point === null) {
          // The request is on its way; the server has it, or will not.
          await new Promise((r) => setImmediate(r))
          s.child.kill('SIGKILL')
        }
        const status = await answer
        stop()
        await s.exited
        killedBeforeAnswer = status === null
        running.splice(running.indexOf(s), 1)

        // Stripe's retry, to the server started again.
        const again = await start()
        const retried = await postEvent(again.url, event)
        expect(retried.status).toBe(200)
        const orders = (await ordersOnDisk(dataFile)).filter((o) => o.sessionId === session.id)
        expect(orders).toHaveLength(1)
        expect(orders[0]!.events).toEqual([event.id])
        expect(orders[0]).toMatchObject({ payment: 'paid', stock: { held: true } })
        expect(orders[0]!.stock).not.toHaveProperty('move')
        expectedStock--
        expect(await stockOnDisk(dataFile, 'oxford-brogue')).toBe(expectedStock)
        expect((await historyLines()).filter((e) => e.orderId === orders[0]!.id)).toHaveLength(1)
        again.child.kill('SIGTERM')
        await again.exited
        running.splice(running.indexOf(again), 1)
      }
      expect(killedBeforeAnswer, 'the server was killed before it answered').toBe(true)
    }, 120_000)
  }
})
