import { emptyDay, hasDetail, mergeInto, NAMED_COUNTS, type DayTotals } from './day-totals.ts'

/**
 * Every day keeps its views and visitors (the chart); the detail (pages, products, referrers,
 * campaigns, devices) is kept day by day for the recent weeks, then added up per month, so that a
 * year of a busy shop stays a few hundred kilobytes.
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

/**
 * Moves the detail of days older than DETAIL_DAYS into their month, and forgets days and months older than KEPT_DAYS.
 */
export function rollUp(data: StatisticsData, today: string): void {
  const detailFrom = daysBefore(today, DETAIL_DAYS - 1)
  const keptFrom = daysBefore(today, KEPT_DAYS - 1)
  for (const [date, day] of data.days) {
    if (date < keptFrom) {
      data.days.delete(date)
      continue
    }
    if (date >= detailFrom || !hasDetail(day)) continue
    const month = date.slice(0, 7)
    const detail = { ...day, views: 0, visitors: 0 }
    data.months.set(month, mergeInto(data.months.get(month) ?? emptyDay(), detail))
    day.pages = new Map()
    for (const field of NAMED_COUNTS) day[field] = new Map()
  }
  for (const month of data.months.keys()) if (month < keptFrom.slice(0, 7)) data.months.delete(month)
}
