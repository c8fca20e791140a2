/**
 * `npm run bench:compare -- <another checkout> [--rounds N]`: the page bench (pages, API, enquiries, Save→served)
 * of another checkout of this repository and of this one, taking turns on the same machine, figure by figure.
 * A figure is called worse only when every run of this checkout is below every run of the other by more than
 * the bench's noise: the spread between the other checkout's own runs, and never less than 10%.
 */
import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { ROOT } from '../server/paths.server.ts'

type Row = { name: string; reqPerSec: number; cpuUsPerAnswer?: number | null }
type Results = { pages: { rows: Row[]; tracking: { ratio: number }; flood: { ratio: number } }; saveToServed: { p95Ms: number; moveP95Ms: number } }
type Figure = { measure: string; higherIsBetter: boolean; value: (r: Results) => number | undefined }

const SKIP = ['--skip-load', '--skip-lighthouse', '--skip-first-paint', '--skip-years', '--skip-inbox']

const [other, ...rest] = process.argv.slice(2)
if (!other) throw new Error('Name the other checkout: npm run bench:compare -- ../before')
const rounds = Number(rest[rest.indexOf('--rounds') + 1] ?? 1) || 1

function benchIn(tree: string): Results {
  console.log(`\n-- ${tree}`)
  execFileSync(process.execPath, ['--import', 'tsx', 'bench/run.ts', ...SKIP], { cwd: tree, stdio: ['ignore', 'ignore', 'inherit'] })
  return JSON.parse(readFileSync(path.join(tree, 'bench/results/latest.json'), 'utf8')) as Results
}

const trees = { before: path.resolve(other), after: ROOT }
const runs: Record<keyof typeof trees, Results[]> = { before: [], after: [] }
for (let i = 0; i < rounds; i++) for (const side of ['before', 'after'] as const) runs[side].push(benchIn(trees[side]))

const rowFigure = (name: string): Figure => ({ measure: `${name} (req/s)`, higherIsBetter: true, value: (r) => r.pages.rows.find((row) => row.name === name)?.reqPerSec })
const names = [...new Set(runs.before[0]!.pages.rows.map((r) => r.name))].filter((n) => runs.after[0]!.pages.rows.some((r) => r.name === n))
const figures: Figure[] = [
  ...names.map(rowFigure),
  { measure: 'tracking ids, /?fbclid=N over / (ratio)', higherIsBetter: true, value: (r) => r.pages.tracking.ratio },
  { measure: 'kept pages beside a flood (ratio)', higherIsBetter: true, value: (r) => r.pages.flood.ratio },
  { measure: 'Save → served, p95 (ms)', higherIsBetter: false, value: (r) => r.saveToServed.p95Ms },
  { measure: 'move → served, p95 (ms)', higherIsBetter: false, value: (r) => r.saveToServed.moveP95Ms },
]

const table = figures.map((f) => {
  const before = runs.before.map(f.value).filter((v): v is number => v !== undefined)
  const after = runs.after.map(f.value).filter((v): v is number => v !== undefined)
  const noise = Math.max(0.1, before.length > 1 ? (Math.max(...before) - Math.min(...before)) / Math.max(...before) : 0)
  const [worstBefore, bestAfter] = f.higherIsBetter ? [Math.min(...before), Math.max(...after)] : [Math.max(...before), Math.min(...after)]
  const change = f.higherIsBetter ? bestAfter / worstBefore - 1 : worstBefore / bestAfter - 1
  return { measure: f.measure, before: before.join(' / '), after: after.join(' / '), 'after vs before': `${change >= 0 ? '+' : ''}${Math.round(change * 100)}%`, worse: change < -noise ? 'WORSE' : '' }
})
console.log(`\n== ${trees.before} (before) against ${trees.after} (after), ${rounds} run(s) each, taking turns ==`)
console.table(table)
