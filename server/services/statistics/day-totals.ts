/** One UK day's totals, as kept in memory and in the statistics file: counts only, never who. */
import { MAX_NAMES_PER_DAY, OTHER } from './names.ts'

/** Views and distinct visitors of one page. */
export type Tally = { views: number; visitors: number }

export type DayTotals = {
  views: number
  visitors: number
  /** By page path (`/`, `/products?category=bags`, `/products/{id}`...). */
  pages: Map<string, Tally>
  /** Orders sent on to the payment page, by product id. */
  handoffs: Map<string, number>
  /** Referring sites, by domain. */
  referrers: Map<string, number>
  sources: Map<string, number>
  mediums: Map<string, number>
  campaigns: Map<string, number>
  /** phone, tablet, desktop. */
  devices: Map<string, number>
}

/** The dimensions a request's own words fill (referrer, campaign tags), so each is bounded per day. */
export const OPEN_DIMENSIONS = ['referrers', 'sources', 'mediums', 'campaigns'] as const
export type OpenDimension = (typeof OPEN_DIMENSIONS)[number]

export function emptyDay(): DayTotals {
  return {
    views: 0,
    visitors: 0,
    pages: new Map(),
    handoffs: new Map(),
    referrers: new Map(),
    sources: new Map(),
    mediums: new Map(),
    campaigns: new Map(),
    devices: new Map(),
  }
}

export function addOne(counts: Map<string, number>, name: string): void {
  counts.set(name, (counts.get(name) ?? 0) + 1)
}

/** Counts `name` in a list of the day's first MAX_NAMES_PER_DAY names; past them, under `other`. */
export function addBounded(counts: Map<string, number>, name: string, other = OTHER): void {
  addOne(counts, counts.has(name) || counts.size < MAX_NAMES_PER_DAY ? name : other)
}

/** The maps of names a day holds beside its two totals. */
export const NAMED_COUNTS = ['handoffs', 'referrers', 'sources', 'mediums', 'campaigns', 'devices'] as const

/** Adds `extra`'s counts into `into` (a restart's first minutes into the file's day; a day into its month). */
export function mergeInto(into: DayTotals, extra: DayTotals): DayTotals {
  into.views += extra.views
  into.visitors += extra.visitors
  for (const [path, t] of extra.pages) {
    const page = into.pages.get(path) ?? { views: 0, visitors: 0 }
    into.pages.set(path, { views: page.views + t.views, visitors: page.visitors + t.visitors })
  }
  for (const field of NAMED_COUNTS) {
    for (const [name, n] of extra[field]) into[field].set(name, (into[field].get(name) ?? 0) + n)
  }
  return into
}

export const hasDetail = (day: DayTotals) => day.pages.size > 0 || NAMED_COUNTS.some((field) => day[field].size > 0)
