import { readFile } from 'node:fs/promises'
import { writeDurably } from '../../../data/durable-write.server.ts'
import { emptyDay, NAMED_COUNTS, type DayTotals, type Tally } from './day-totals.ts'
import { noStatistics, type StatisticsData } from './kept-days.ts'

/** Beside the data file, so the backup (every `db.json.*` file) takes it too. */
export const statisticsFileFor = (dataFile: string) => `${dataFile}.statistics.json`

const isCount = (n: unknown): n is number => typeof n === 'number' && Number.isSafeInteger(n) && n >= 0
const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v)

function countsFrom(value: unknown): Map<string, number> {
  const counts = new Map<string, number>()
  if (isRecord(value)) for (const [name, n] of Object.entries(value)) if (isCount(n)) counts.set(name, n)
  return counts
}

function dayFrom(value: unknown): DayTotals {
  const day = emptyDay()
  if (!isRecord(value)) return day
  if (isCount(value.views)) day.views = value.views
  if (isCount(value.visitors)) day.visitors = value.visitors
  if (isRecord(value.pages)) {
    for (const [path, t] of Object.entries(value.pages)) {
      if (isRecord(t) && isCount(t.views) && isCount(t.visitors))
        day.pages.set(path, { views: t.views, visitors: t.visitors })
    }
  }
  for (const field of NAMED_COUNTS) day[field] = countsFrom(value[field])
  return day
}

function dayJson(day: DayTotals): Record<string, unknown> {
  const pages: Record<string, Tally> = Object.fromEntries(day.pages)
  const json: Record<string, unknown> = { views: day.views, visitors: day.visitors, pages }
  for (const field of NAMED_COUNTS) json[field] = Object.fromEntries(day[field])
  return json
}

/** The days and months in the file; none when it does not exist yet. Throws when it cannot be read as statistics. */
export async function readStatistics(file: string): Promise<StatisticsData> {
  let text: string
  try {
    text = await readFile(file, 'utf8')
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return noStatistics()
    throw err
  }
  const parsed: unknown = JSON.parse(text)
  if (!isRecord(parsed) || !isRecord(parsed.days))
    throw new Error(`${file} does not hold daily statistics ({ "days": { ... } })`)
  const data = noStatistics()
  for (const [date, day] of Object.entries(parsed.days))
    if (/^\d{4}-\d{2}-\d{2}$/.test(date)) data.days.set(date, dayFrom(day))
  if (isRecord(parsed.months))
    for (const [month, totals] of Object.entries(parsed.months))
      if (/^\d{4}-\d{2}$/.test(month)) data.months.set(month, dayFrom(totals))
  return data
}

/** One day (or month) a line: readable in an editor. */
export function statisticsText({ days, months }: StatisticsData): string {
  const lines = (entries: Map<string, DayTotals>) =>
    [...entries.keys()]
      .sort()
      .map((key) => `${JSON.stringify(key)}: ${JSON.stringify(dayJson(entries.get(key)!))}`)
      .join(',\n')
  return `{ "days": {\n${lines(days)}\n},\n"months": {\n${lines(months)}\n} }\n`
}

export async function writeStatistics(file: string, data: StatisticsData): Promise<void> {
  await writeDurably(file, statisticsText(data))
}
