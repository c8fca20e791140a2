import autocannon from 'autocannon'

type Row = { name: string; reqPerSec: number; p99Ms: number; errors: number; non2xx: number; cpuUsPerAnswer?: number }
type Measure = (opts: autocannon.Options, pid?: number) => Promise<Omit<Row, 'name'>>

const POPULAR = ['/', '/products', '/products?category=bags', '/products/oxford-brogue']
/** One-off keys a second client sends beside them, per second (the red team's flood was ~26/s). */
const FLOOD_PER_SECOND = 50
const ROUNDS = 3
const ROUND_SECONDS = 4

const random = () => Math.random().toString(36).slice(2, 10)

/** Each request of the flood a key never seen before, of every kind an attacker may choose. */
const ONE_OFF: (() => { path: string; headers?: Record<string, string> })[] = [
  () => ({ path: `/products?category=${random()}` }),
  () => ({ path: `/?utm_source=${random()}&fbclid=${random()}` }),
  () => ({ path: `/no-such-${random()}` }),
  () => ({ path: `/products/%6${random().length % 10}xford-brogue?${random()}` }),
  () => ({ path: '/', headers: { host: `${random()}.example` } }),
]

export type FloodBench = {
  withoutReqPerSec: number
  withReqPerSec: number
  withoutP99Ms: number
  withP99Ms: number
  ratio: number
  floodSent: number
  popularStillKept: boolean
  rows: Row[]
}

/** Alternating rounds, so a change in the shared machine's load falls on both alike. */
export async function runFloodBench(
  measure: Measure,
  url: string,
  pid: number,
  headers: Record<string, string>,
): Promise<FloodBench> {
  let n = 0
  let f = 0
  const popular = {
    url,
    headers,
    requests: [
      {
        method: 'GET' as const,
        setupRequest: (req: autocannon.Request) => ({ ...req, path: POPULAR[n++ % POPULAR.length]! }),
      },
    ],
  }
  const flood = (duration: number) =>
    autocannon({
      url,
      connections: 10,
      overallRate: FLOOD_PER_SECOND,
      duration,
      headers,
      requests: [
        {
          method: 'GET' as const,
          setupRequest: (req: autocannon.Request) => {
            const next = ONE_OFF[f++ % ONE_OFF.length]!()
            return { ...req, path: next.path, headers: { ...req.headers, ...next.headers } }
          },
        },
      ],
    })
  await measure({ ...popular, duration: 2 }) // warm: every popular page kept
  const without: Omit<Row, 'name'>[] = []
  const beside: Omit<Row, 'name'>[] = []
  let floodSent = 0
  for (let r = 0; r < ROUNDS; r++) {
    without.push(await measure({ ...popular, duration: ROUND_SECONDS }, pid))
    const [hits, sent] = await Promise.all([
      measure({ ...popular, duration: ROUND_SECONDS }, pid),
      flood(ROUND_SECONDS),
    ])
    beside.push(hits)
    floodSent += sent.requests.total
  }
  const median = (runs: Omit<Row, 'name'>[], pick: (r: Omit<Row, 'name'>) => number) =>
    runs.map(pick).sort((a, b) => a - b)[Math.floor(runs.length / 2)]!
  let popularStillKept = true
  for (const path of POPULAR) {
    const res = await fetch(url + path, { headers })
    await res.arrayBuffer()
    if (res.headers.get('cache-status') !== 'ashbourne; hit') popularStillKept = false
  }
  const withoutReqPerSec = median(without, (r) => r.reqPerSec)
  const withReqPerSec = median(beside, (r) => r.reqPerSec)
  return {
    withoutReqPerSec,
    withReqPerSec,
    withoutP99Ms: median(without, (r) => r.p99Ms),
    withP99Ms: median(beside, (r) => r.p99Ms),
    ratio: Math.round((withReqPerSec / withoutReqPerSec) * 100) / 100,
    floodSent,
    popularStillKept,
    rows: [
      {
        name: 'popular pages, no flood',
        reqPerSec: withoutReqPerSec,
        p99Ms: median(without, (r) => r.p99Ms),
        errors: 0,
        non2xx: 0,
      },
      {
        name: `popular pages, ${FLOOD_PER_SECOND}/s one-off keys beside`,
        reqPerSec: withReqPerSec,
        p99Ms: median(beside, (r) => r.p99Ms),
        errors: 0,
        non2xx: 0,
      },
    ],
  }
}
