import type { StoredEnquiry } from '../../../data/enquiry.server.ts'
import { subjectLabel } from '../../../domain/business.ts'
import type { Product } from '../../../domain/product.ts'
import type { DayFigures, Named, ReportRange, StatisticsReport, Takings } from '../../../domain/statistics-report.ts'
import { decimal, type DaySales } from '../orders/order-reports.server.ts'
import { emptyDay, mergeInto } from './day-totals.ts'
import { daysBefore, type StatisticsData } from './kept-days.ts'
import { OTHER, OTHER_PRODUCTS } from './names.ts'
import { pageName, PRODUCT_PAGE, productName } from './page-names.ts'
import { ukDay } from './statistics.server.ts'

/** Names listed per table, the rest added up on one line; the CSV of daily figures is the whole range. */
const LISTED = 20

/** The most counted first, at most LISTED of them, then the rest (and what was kept as OTHER) added up. */
function ranked(counts: Map<string, number>, nameOf: (name: string) => string = (name) => name): Named[] {
  const rows = [...counts]
    .filter(([name]) => name !== OTHER)
    .map(([name, count]) => ({ name: nameOf(name), count }))
    .sort((a, b) => b.count - a.count || a.name.localeCompare(b.name))
  const others = rows.slice(LISTED).reduce((n, r) => n + r.count, counts.get(OTHER) ?? 0)
  const listed: Named[] = rows.slice(0, LISTED)
  return others > 0 ? [...listed, { name: 'All others', count: others, others: true }] : listed
}

/**
 * The range's figures: each day's own totals; its detail from the
 * days, and from whole months for days older than five weeks.
 */
export function statisticsReport(input: {
  data: Readonly<StatisticsData>
  range: ReportRange
  products: readonly Product[]
  enquiries: readonly StoredEnquiry[]
  counting: boolean
  /** Paid orders per UK day (OrdersService.salesByDay), when the shop hears of them. */
  sales?: readonly DaySales[]
  now?: number
}): StatisticsReport {
  const { data, range } = input
  const today = ukDay(input.now ?? Date.now())
  const from = daysBefore(today, range - 1)
  const days: DayFigures[] = []
  const detail = emptyDay()
  const salesOf = new Map((input.sales ?? []).map((s) => [s.day, s]))
  const paidOf = new Map<string, number>()
  for (let n = range - 1; n >= 0; n--) {
    const date = daysBefore(today, n)
    const day = data.days.get(date)
    const sales = salesOf.get(date)
    for (const [id, count] of Object.entries(sales?.products ?? {})) paidOf.set(id, (paidOf.get(id) ?? 0) + count)
    days.push({
      date,
      views: day?.views ?? 0,
      visitors: day?.visitors ?? 0,
      handoffs: [...(day?.handoffs.values() ?? [])].reduce((a, b) => a + b, 0),
      paid: sales?.orders ?? 0,
      takings: { ...sales?.takings },
    })
    if (day) mergeInto(detail, { ...day, views: 0, visitors: 0 })
  }
  for (const [month, totals] of data.months) if (month >= from.slice(0, 7)) mergeInto(detail, totals)

  const names = new Map(input.products.map((p) => [p.id, p.name]))
  const productIds = new Set([
    ...[...detail.handoffs.keys()].filter((id) => id !== OTHER_PRODUCTS),
    ...[...detail.pages.keys()].filter((p) => p.startsWith(PRODUCT_PAGE)).map((p) => p.slice(PRODUCT_PAGE.length)),
    // An order of no known product ('') is in the totals alone.
    ...[...paidOf.keys()].filter((id) => id !== ''),
  ])
  const products = [...productIds]
    .map((id) => {
      const page = detail.pages.get(`${PRODUCT_PAGE}${id}`)
      return {
        id,
        name: productName(id, names),
        views: page?.views ?? 0,
        visitors: page?.visitors ?? 0,
        handoffs: detail.handoffs.get(id) ?? 0,
        paid: paidOf.get(id) ?? 0,
      }
    })
    .sort((a, b) => b.views - a.views || b.handoffs - a.handoffs || a.name.localeCompare(b.name))

  const enquiries = new Map<string, number>()
  for (const m of input.enquiries) {
    if (ukDay(Date.parse(m.createdAt)) >= from)
      enquiries.set(subjectLabel(m.subject), (enquiries.get(subjectLabel(m.subject)) ?? 0) + 1)
  }
  const sum = (key: 'views' | 'visitors' | 'handoffs' | 'paid') => days.reduce((n, d) => n + d[key], 0)
  const takings: Takings = {}
  for (const d of days) for (const [currency, amount] of Object.entries(d.takings)) addTo(takings, currency, amount)
  const otherPages = [...detail.pages].filter(([path]) => !path.startsWith(PRODUCT_PAGE))
  return {
    range,
    days,
    totals: {
      views: sum('views'),
      visitors: sum('visitors'),
      handoffs: sum('handoffs'),
      enquiries: [...enquiries.values()].reduce((a, b) => a + b, 0),
      paid: sum('paid'),
      takings,
    },
    products,
    pages: ranked(new Map(otherPages.map(([path, t]) => [path, t.views])), (path) => pageName(path, names)),
    referrers: ranked(detail.referrers),
    sources: ranked(detail.sources),
    mediums: ranked(detail.mediums),
    campaigns: ranked(detail.campaigns),
    devices: ranked(detail.devices),
    enquiries: ranked(enquiries),
    counting: input.counting,
    sales: input.sales !== undefined,
  }
}

const addTo = (takings: Takings, currency: string, amount: number) =>
  (takings[currency] = (takings[currency] ?? 0) + amount)

/** The currencies of the range's takings, pounds first (and pounds alone when nothing was taken). */
export function takingsCurrencies(report: StatisticsReport): string[] {
  const codes = new Set(['gbp', ...Object.keys(report.totals.takings)])
  return [...codes].sort((a, b) => Number(b === 'gbp') - Number(a === 'gbp') || a.localeCompare(b))
}

/**
 * The daily figures as a spreadsheet reads them: one row a day, ISO dates for sorting and sums; paid
 * orders and the takings (one column per currency) when the shop hears of orders.
 */
export function dailyCsv(report: StatisticsReport): string {
  const currencies = report.sales ? takingsCurrencies(report) : []
  const sales = (d: DayFigures) =>
    report.sales ? [String(d.paid), ...currencies.map((c) => decimal(d.takings[c] ?? 0, c))] : []
  const rows = [
    [
      'date',
      'views',
      'visitors',
      'hand-offs to payment',
      ...(report.sales ? ['paid orders', ...currencies.map((c) => `takings ${c.toUpperCase()}`)] : []),
    ],
    ...report.days.map((d) => [d.date, String(d.views), String(d.visitors), String(d.handoffs), ...sales(d)]),
  ]
  return `\uFEFF${rows.map((r) => r.join(',')).join('\r\n')}\r\n`
}
