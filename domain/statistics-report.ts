/** What the owner's statistics page shows: worked out on the server from the daily totals, for one range of days. */

/** The ranges offered, in days ending today; the first is shown unless another is asked for. */
export const REPORT_RANGES = [7, 30, 365] as const
export type ReportRange = (typeof REPORT_RANGES)[number]

/** `?days=` as the page reads it: one of the ranges, or 7. */
export function reportRange(value: unknown): ReportRange {
  return REPORT_RANGES.find((r) => String(r) === value) ?? REPORT_RANGES[0]
}

/** Takings per currency (Stripe's code, lower case), in its smallest unit (pence), net of refunds. */
export type Takings = Record<string, number>

export type DayFigures = {
  date: string
  views: number
  visitors: number
  handoffs: number
  /** Orders paid that day (not refunded in full), and what they took. */
  paid: number
  takings: Takings
}

export type ProductFigures = {
  id: string
  name: string
  views: number
  visitors: number
  handoffs: number
  /** Orders of it paid in the range (not refunded in full). */
  paid: number
}

export type Named = {
  name: string
  count: number
  /** The line that adds up the names past the listed ones (and those the file kept as one). */
  others?: true
}

export type StatisticsReport = {
  range: ReportRange
  /** Oldest first, every day of the range, today last. */
  days: DayFigures[]
  totals: { views: number; visitors: number; handoffs: number; enquiries: number; paid: number; takings: Takings }
  /** By views, most first; the share is hand-offs over views. */
  products: ProductFigures[]
  pages: Named[]
  referrers: Named[]
  sources: Named[]
  mediums: Named[]
  campaigns: Named[]
  devices: Named[]
  /** Enquiries received in the range, by subject. */
  enquiries: Named[]
  /** Whether counting is on (STATISTICS). */
  counting: boolean
  /** Whether the shop hears of paid orders (Stripe's events): the sales figures are shown then. */
  sales: boolean
}

/** Hand-offs (or paid orders) as a share of views, as the page and the CSV print it. */
export function handoffShare(handoffs: number, views: number): string {
  return views === 0 ? '–' : `${((handoffs / views) * 100).toFixed(1)}%`
}
