/**
 * `npm run bench:compare -- <another checkout> [--rounds N |
 * --tabulate]`: the page bench (pages, API, enquiries, Save→served)
 * of another checkout of this repository and of this one, taking turns on the same machine, figure by figure.
 * A figure is called worse only when every run of this checkout is below every run of the other by more than
 * the bench's noise: how far the bare http server (the same code in both) moved, the spread between the other
 * checkout's own runs, and never less than 10%.
 */
import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { ROOT } from '../server/config/paths.server.ts'

type Row = { name: string; reqPerSec: number; cpuUsPerAnswer?: number | null }
type Comparison = { page: string; pageOverBare: number; pageOverBareByCpu: number }
type Results = {
  pages: { rows: Row[]; comparisons: Comparison[]; tracking: { ratio: number }; flood: { ratio: number } }
  saveToServed: { p95Ms: number; moveP95Ms: number }
}
type Figure = { measure: string; higherIsBetter: boolean; value: (r: Results) => number | undefined }

// The page bench alone: the statistics flood, Stripe's events and the photo memory run have their own scripts.
const SKIP = [
  '--skip-load',
  '--skip-lighthouse',
  '--skip-first-paint',
  '--skip-years',
  '--skip-inbox',
  '--skip-statistics',
  '--skip-orders',
  '--skip-photo-memory',
]

const [other, ...rest] = process.argv.slice(2)
if (!other) throw new Error('Name the other checkout: npm run bench:compare -- ../before')
const rounds = Number(rest[rest.indexOf('--rounds') + 1] ?? 1) || 1

function benchIn(tree: string): Results {
  console.log(`\n-- ${tree}`)
  execFileSync(process.execPath, ['--import', 'tsx', 'bench/run.ts', ...SKIP], {
    cwd: tree,
    stdio: ['ignore', 'ignore', 'inherit'],
  })
  return lastResults(tree)
}

const trees = { before: path.resolve(other), after: ROOT }
const runs: Record<keyof typeof trees, Results[]> = { before: [], after: [] }
const lastResults = (tree: string) =>
  JSON.parse(readFileSync(path.join(tree, 'bench/results/latest.json'), 'utf8')) as Results
// --tabulate: only the table, from each checkout's last results.
if (rest.includes('--tabulate'))
  for (const side of ['before', 'after'] as const) runs[side].push(lastResults(trees[side]))
else
  for (let i = 0; i < rounds; i++) {
    // Turns alternate: a machine warming up or slowing down over a run weighs on both sides alike.
    const order = i % 2 === 0 ? (['before', 'after'] as const) : (['after', 'before'] as const)
    for (const side of order) runs[side].push(benchIn(trees[side]))
  }

// Rows may share a name (each page's bare server): the n-th of a name is compared with the n-th.
const keyed = (rows: Row[]) => {
  const seen = new Map<string, number>()
  return rows.map((row) => {
    const n = (seen.get(row.name) ?? 0) + 1
    seen.set(row.name, n)
    return { key: n > 1 ? `${row.name} #${n}` : row.name, row }
  })
}
const rowsOf = (r: Results) => new Map(keyed(r.pages.rows).map(({ key, row }) => [key, row]))
const keys = keyed(runs.after[0]!.pages.rows).map(({ key }) => key)
const figures: Figure[] = [
  ...keys.flatMap((key): Figure[] => [
    { measure: `${key} (req/s)`, higherIsBetter: true, value: (r) => rowsOf(r).get(key)?.reqPerSec },
    {
      measure: `${key} (CPU µs per answer)`,
      higherIsBetter: false,
      value: (r) => rowsOf(r).get(key)?.cpuUsPerAnswer ?? undefined,
    },
  ]),
  // Each page over the bare server measured just after it: what the machine's drift between runs cancels out of.
  ...runs.after[0]!.pages.comparisons.flatMap(({ page }): Figure[] => [
    {
      measure: `${page} over the bare server (req/s ratio)`,
      higherIsBetter: true,
      value: (r) => r.pages.comparisons.find((c) => c.page === page)?.pageOverBare,
    },
    {
      measure: `${page} over the bare server (CPU ratio)`,
      higherIsBetter: true,
      value: (r) => r.pages.comparisons.find((c) => c.page === page)?.pageOverBareByCpu,
    },
  ]),
  { measure: 'tracking ids, /?fbclid=N over / (ratio)', higherIsBetter: true, value: (r) => r.pages.tracking.ratio },
  { measure: 'kept pages beside a flood (ratio)', higherIsBetter: true, value: (r) => r.pages.flood.ratio },
  { measure: 'Save → served, p95 (ms)', higherIsBetter: false, value: (r) => r.saveToServed.p95Ms },
  { measure: 'move → served, p95 (ms)', higherIsBetter: false, value: (r) => r.saveToServed.moveP95Ms },
]

const measured = (rs: Results[], f: Figure) => rs.map(f.value).filter((v): v is number => typeof v === 'number')
const compared = figures.flatMap((f) => {
  const before = measured(runs.before, f)
  const after = measured(runs.after, f)
  if (before.length === 0 || after.length === 0) return [] // measured by one checkout only
  const [worstBefore, bestAfter] = f.higherIsBetter
    ? [Math.min(...before), Math.max(...after)]
    : [Math.max(...before), Math.min(...after)]
  const change = f.higherIsBetter ? bestAfter / worstBefore - 1 : worstBefore / bestAfter - 1
  const spread = before.length > 1 ? (Math.max(...before) - Math.min(...before)) / Math.max(...before) : 0
  return [{ f, before, after, change, spread }]
})
const drift = Math.max(
  0,
  ...compared.filter(({ f }) => f.measure.startsWith('bare http server')).map(({ change }) => Math.abs(change)),
)
const table = compared.map(({ f, before, after, change, spread }) => ({
  measure: f.measure,
  before: before.join(' / '),
  after: after.join(' / '),
  'after vs before': `${change >= 0 ? '+' : ''}${Math.round(change * 100)}%`,
  worse: change < -Math.max(0.1, spread, drift) ? 'WORSE' : '',
}))
console.log(
  `\n== ${trees.before} (before) against ${trees.after} (after), ${rounds} run(s) each, taking turns (first turn alternating) ==`,
)
console.table(table)
console.log(
  `The bare http server runs the same code in both checkouts: it moved up ` +
    `to ${Math.round(drift * 100)}% between the runs, the machine's drift, ` +
    `which no figure must pass to be called worse.`,
)
