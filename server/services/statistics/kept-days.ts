import { emptyDay, hasDetail, mergeInto, NAMED_COUNTS, OPEN_DIMENSIONS, type DayTotals } from './day-totals.ts'
import { KEPT_NAMES, KEPT_PAGES, keepTop, keepTopPages, OTHER_PRODUCTS } from './names.ts'

/**
 * Every day keeps its views and visitors (the chart); the detail (pages, products, referrers,
 * campaigns, devices) is kept day by day for the recent weeks, then added up per month. Each list
 * of a day that is over, and of a month, keeps its top entries (KEPT_NAMES, KEPT_PAGES) and adds up
 * the rest, so the file has a ceiling whatever visitors send.
 */
export type StatisticsData = { days: Map<string, DayTotals>; months: Map<string, DayTotals> }

/** Days kept: a year and a little, to compare with the same weeks last year. */
export const KEPT_DAYS = 400
/** Days whose detail is kept day by day: the last 30 days, whatever the month, and a margin. */
export const DETAIL_DAYS = 35

const DAY_MS = 86_400_000

export const noStatistics = (): StatisticsData => ({ days: new Map(), months: new Map() })

/** The date `n` days before a YYYY-MM-DD date. */
export function daysBefore(date: string, n: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) - n * DAY_MS).toISOString().slice(0, 10)
}

/** Cuts each list of a day (or month) to its top entries: `names` for visitors' words, `pages` for pages and products. */
export function keepTopOfDay(day: DayTotals, names = KEPT_NAMES, pages = KEPT_PAGES): void {
  for (const field of OPEN_DIMENSIONS) keepTop(day[field], names)
  keepTopPages(day.pages, pages)
  keepTop(day.handoffs, pages, OTHER_PRODUCTS)
}

/**
 * Cuts the lists of days that are over to their top entries, moves the detail of days older than
 * DETAIL_DAYS into their month (cut the same way), and forgets days and months older than KEPT_DAYS.
 */
export function rollUp(data: StatisticsData, today: string): void {
  const detailFrom = daysBefore(today, DETAIL_DAYS - 1)
  const keptFrom = daysBefore(today, KEPT_DAYS - 1)
  for (const [date, day] of data.days) {
    if (date < keptFrom) {
      data.days.delete(date)
      continue
    }
    // Today's lists are bounded as they are counted (DayNames).
    if (date >= today || !hasDetail(day)) continue
    if (date >= detailFrom) {
      keepTopOfDay(day)
      continue
    }
    const month = date.slice(0, 7)
    const totals = mergeInto(data.months.get(month) ?? emptyDay(), { ...day, views: 0, visitors: 0 })
    keepTopOfDay(totals)
    data.months.set(month, totals)
    day.pages = new Map()
    for (const field of NAMED_COUNTS) day[field] = new Map()
  }
  for (const month of data.months.keys()) if (month < keptFrom.slice(0, 7)) data.months.delete(month)
}
