import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http'

type Pending = { req: IncomingMessage; res: ServerResponse }

/**
 * Hands requests to the app in bounded batches, so that a flood cannot hold the event loop.
 *
 * Node reads every socket that is ready in one turn of the event loop and, left alone, runs the whole
 * app for each of those requests before anything else may run: with a few hundred busy connections a
 * turn lasts a hundred milliseconds or more, and timers (mail timeouts, the data file's writes,
 * shutdown) wait that long. Here a turn only queues what arrived; at most `perTurn` requests then run
 * per turn, first come first served, and the rest wait for the next turn, after the timers have had
 * their go. Health checks go first, so an uptime monitor sees the server alive under load.
 *
 * When the queue is empty a request is handled at once, so a quiet server answers as fast as before.
 */
export function pacedDispatch(handle: RequestListener, { perTurn = 24 }: { perTurn?: number } = {}): RequestListener {
  const queue: Pending[] = []
  let head = 0
  let used = 0 // requests started in this turn
  let turnEndScheduled = false

  const run = ({ req, res }: Pending) => {
    if (!turnEndScheduled) {
      turnEndScheduled = true
      setImmediate(endOfTurn)
    }
    used++
    if (!res.destroyed) handle(req, res)
  }
  // After this turn's I/O: a fresh budget, and the next requests in line.
  const endOfTurn = () => {
    turnEndScheduled = false
    used = 0
    while (head < queue.length && used < perTurn) {
      const next = queue[head]!
      queue[head++] = undefined as unknown as Pending // let it be collected
      run(next)
    }
    if (head === queue.length) {
      queue.length = 0
      head = 0
    } else if (!turnEndScheduled) {
      turnEndScheduled = true
      setImmediate(endOfTurn)
    }
  }

  return (req, res) => {
    if (req.url === '/healthz' || req.url?.startsWith('/healthz?')) return handle(req, res)
    if (head === queue.length && used < perTurn) return run({ req, res })
    queue.push({ req, res })
    if (!turnEndScheduled) {
      turnEndScheduled = true
      setImmediate(endOfTurn)
    }
  }
}
