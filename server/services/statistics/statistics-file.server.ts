import { readFile } from 'node:fs/promises'
import { writeDurably } from '../../../data/durable-write.server.ts'
import { emptyDay, NAMED_COUNTS, type DayTotals, type Tally } from './day-totals.ts'
import { keepTopOfDay, noStatistics, type StatisticsData } from './kept-days.ts'
import { cleanName, MAX_NAMES_PER_DAY } from './names.ts'

/** Beside the data file, so the backup (every `db.json.*` file) takes it too. */
export const statisticsFileFor = (dataFile: string) => `${dataFile}.statistics.json`

const isCount = (n: unknown): n is number => typeof n === 'number' && Number.isSafeInteger(n) && n >= 0
const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v)

/** Names as counting keeps them (an older file, or one edited by hand, may hold others): cleaned, and merged when equal. */
function countsFrom(value: unknown): Map<string, number> {
  const counts = new Map<string, number>()
  if (!isRecord(value)) return counts
  for (const [raw, n] of Object.entries(value)) {
    const name = cleanName(raw)
    if (name !== undefined && isCount(n)) counts.set(name, (counts.get(name) ?? 0) + n)
  }
  return counts
}

function dayFrom(value: unknown): DayTotals {
  const day = emptyDay()
  if (!isRecord(value)) return day
  if (isCount(value.views)) day.views = value.views
  if (isCount(value.visitors)) day.visitors = value.visitors
  if (isRecord(value.pages)) {
    for (const [raw, t] of Object.entries(value.pages)) {
      const path = cleanName(raw)
      if (path === undefined || !isRecord(t) || !isCount(t.views) || !isCount(t.visitors)) continue
      const page = day.pages.get(path)
      day.pages.set(path, { views: (page?.views ?? 0) + t.views, visitors: (page?.visitors ?? 0) + t.visitors })
    }
  }
  for (const field of NAMED_COUNTS) day[field] = countsFrom(value[field])
  // As long as a day being counted: the lists of the days that are over are cut further when next saved.
  keepTopOfDay(day, MAX_NAMES_PER_DAY, MAX_NAMES_PER_DAY)
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
      if (/^\d{4}-\d{2}$/.test(month)) {
        const kept = dayFrom(totals)
        keepTopOfDay(kept)
        data.months.set(month, kept)
      }
  return data
}

/** What changes when a day's counts change: its totals, and each list's length and sum. */
function stampOf(day: DayTotals): string {
  let stamp = `${day.views} ${day.visitors} ${day.pages.size}`
  for (const t of day.pages.values()) stamp += ` ${t.views}`
  for (const field of NAMED_COUNTS) {
    let sum = 0
    for (const n of day[field].values()) sum += n
    stamp += ` ${day[field].size}:${sum}`
  }
  return stamp
}

/**
 * The file's text, one day (or month) a line, readable in an editor. Each line is made again only when
 * its day changed (today's, and those a roll-up cut or moved), so a save costs today's line, not the year's.
 */
export class StatisticsText {
  private lines = new Map<string, { stamp: string; line: string }>()

  of({ days, months }: StatisticsData): string {
    const lines = new Map<string, { stamp: string; line: string }>()
    const part = (entries: Map<string, DayTotals>) =>
      [...entries.keys()]
        .sort()
        .map((key) => {
          const day = entries.get(key)!
          const stamp = stampOf(day)
          const kept = this.lines.get(key)
          const made =
            kept?.stamp === stamp ? kept : { stamp, line: `${JSON.stringify(key)}: ${JSON.stringify(dayJson(day))}` }
          lines.set(key, made)
          return made.line
        })
        .join(',\n')
    const text = `{ "days": {\n${part(days)}\n},\n"months": {\n${part(months)}\n} }\n`
    this.lines = lines
    return text
  }
}

/** The whole text at once (tests, a first save). */
const statisticsText = (data: StatisticsData): string => new StatisticsText().of(data)

/** Writes the statistics (or their text, made before) durably, as the data file is written. */
export async function writeStatistics(file: string, data: StatisticsData | string): Promise<void> {
  await writeDurably(file, typeof data === 'string' ? data : statisticsText(data))
}
