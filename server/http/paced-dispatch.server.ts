import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http'

type Pending = { req: IncomingMessage; res: ServerResponse }

/**
 * Node runs the app for every ready socket in one turn, starving timers under a flood; here a turn starts
 * at most `perTurn` requests and none after `budgetMs` of work, health checks first (RELIABILITY.md §5).
 */
export function pacedDispatch(
  handle: RequestListener,
  { perTurn = 24, budgetMs = 4 }: { perTurn?: number; budgetMs?: number } = {},
): RequestListener {
  const queue: Pending[] = []
  let head = 0
  let used = 0 // requests started in this turn
  let turnStartedAt = 0
  let turnEndScheduled = false

  // Requests differ in cost (an enquiry's checks and save against
  // a cached page): time bounds a turn as well as the count.
  const hasRoom = () => used < perTurn && (used === 0 || performance.now() - turnStartedAt < budgetMs)

  const run = ({ req, res }: Pending) => {
    if (!turnEndScheduled) {
      turnEndScheduled = true
      turnStartedAt = performance.now()
      setImmediate(endOfTurn)
    }
    used++
    if (!res.destroyed) handle(req, res)
  }
  // After this turn's I/O: a fresh budget, and the next requests in line.
  const endOfTurn = () => {
    turnEndScheduled = false
    used = 0
    while (head < queue.length && hasRoom()) {
      const next = queue[head]!
      queue[head++] = undefined as unknown as Pending // let it be collected
      run(next)
    }
    if (head === queue.length) {
      queue.length = 0
      head = 0
    } else if (!turnEndScheduled) {
      turnEndScheduled = true
      turnStartedAt = performance.now()
      setImmediate(endOfTurn)
    }
  }

  return (req, res) => {
    if (req.url === '/healthz' || req.url?.startsWith('/healthz?')) return handle(req, res)
    if (head === queue.length && hasRoom()) return run({ req, res })
    queue.push({ req, res })
    if (!turnEndScheduled) {
      turnEndScheduled = true
      setImmediate(endOfTurn)
    }
  }
}
