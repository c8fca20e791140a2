/**
 * Preloaded (`node --expose-gc --import`) into a server the statistics benchmark starts: `Date.now`
 * begins at MOVED_CLOCK_START and moves on a day at each SIGUSR2; SIGWINCH collects all garbage and
 * says how much JavaScript heap is left in use. Each is acknowledged on stderr. Only the benchmark
 * loads it; the site never does.
 */
const realNow = Date.now.bind(Date)
const start = Date.parse(process.env.MOVED_CLOCK_START ?? '')
let offset = Number.isNaN(start) ? 0 : start - realNow()
Date.now = () => realNow() + offset

process.on('SIGUSR2', () => {
  offset += 86_400_000
  process.stderr.write(`moved-clock ${new Date(Date.now()).toISOString()}\n`)
})

process.on('SIGWINCH', () => {
  ;(globalThis as { gc?: () => void }).gc?.()
  process.stderr.write(`collected ${process.memoryUsage().heapUsed}\n`)
})
