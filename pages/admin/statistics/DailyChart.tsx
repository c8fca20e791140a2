import type { DayFigures, ReportRange } from '../../../domain/statistics-report.ts'
import { ukDay } from '../../../domain/uk-time.ts'

const WIDTH = 640
const HEIGHT = 200

/** The lines drawn; a later figure (orders paid) is one more entry. */
const SERIES = [
  { key: 'views', label: 'Views', className: 'visits-chart__views' },
  { key: 'visitors', label: 'Visitors', className: 'visits-chart__visitors' },
] as const

type Tick = { at: number; lines: string[]; minor?: boolean }

/** Round steps (1, 2, 5, 10, 20, 50...) for at most about four lines above zero. */
function valueTicks(highest: number): number[] {
  const rough = Math.max(1, highest / 4)
  const magnitude = 10 ** Math.floor(Math.log10(rough))
  const step = Math.max(1, [1, 2, 5, 10].find((m) => m * magnitude >= rough)! * magnitude)
  const top = Math.max(step, Math.ceil(highest / step) * step)
  return Array.from({ length: top / step + 1 }, (_, i) => i * step)
}

/**
 * Day labels: every day of a week; each week back from today over 30 days; each month over a year
 * (every other one on a phone). `day` is 'Fri 27 Nov' (or 'Thu 27 Nov 2025') as uk-time writes it.
 */
function dayTicks(days: DayFigures[], range: ReportRange, now: Date): Tick[] {
  const last = days.length - 1
  const words = (date: string) => ukDay(date, now).split(' ')
  if (range !== 365) {
    const every = range === 7 ? 1 : 7
    return days.flatMap((d, i) => {
      if ((last - i) % every !== 0) return []
      const [weekday, day, month] = words(d.date)
      return [{ at: i, lines: [weekday!, `${day} ${month}`] }]
    })
  }
  let months = 0
  return days.flatMap((d, i) => {
    if (!d.date.endsWith('-01')) return []
    const [, , month, year] = words(d.date)
    months++
    return [{ at: i, lines: year ? [month!, year] : [month!], minor: months % 2 === 0 }]
  })
}

/**
 * Views and visitors per day as lines, drawn on the server, with a scale of views on the left and the
 * days below, written as text beside the drawing so they stay readable at any width; the same numbers
 * are in the table after it.
 */
export function DailyChart({ days, range }: { days: DayFigures[]; range: ReportRange }) {
  const highest = Math.max(0, ...days.map((d) => d.views))
  const values = valueTicks(highest)
  const top = values.at(-1)!
  const now = new Date(`${days.at(-1)!.date}T12:00:00Z`)
  const across = (i: number) => (days.length === 1 ? 0 : i / (days.length - 1))
  const x = (i: number) => across(i) * WIDTH
  const y = (n: number) => (1 - n / top) * HEIGHT
  const line = (key: 'views' | 'visitors') => days.map((d, i) => `${x(i).toFixed(1)},${y(d[key]).toFixed(1)}`).join(' ')
  const ticks = dayTicks(days, range, now)
  return (
    <figure className="visits-chart">
      <div className="visits-chart__area">
        <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} aria-hidden="true" focusable="false" preserveAspectRatio="none">
          {values.map((v) => (
            <line key={v} className="visits-chart__grid" x1={0} x2={WIDTH} y1={y(v)} y2={y(v)} />
          ))}
          {ticks.map((t) => (
            <line key={t.at} className="visits-chart__grid" x1={x(t.at)} x2={x(t.at)} y1={HEIGHT - 6} y2={HEIGHT} />
          ))}
          {SERIES.map((s) => (
            <polyline key={s.key} className={s.className} points={line(s.key)} />
          ))}
        </svg>
        <ol className="visits-chart__values" aria-hidden="true">
          {values.map((v) => (
            <li key={v} style={{ bottom: `${(v / top) * 100}%` }}>
              {v.toLocaleString('en-GB')}
            </li>
          ))}
        </ol>
        <ol className="visits-chart__days" aria-hidden="true">
          {ticks.map((t) => (
            <li
              key={t.at}
              className={t.minor ? 'visits-chart__day--minor' : undefined}
              style={{ left: `${across(t.at) * 100}%` }}
            >
              {t.lines.map((l) => (
                <span key={l}>{l}</span>
              ))}
            </li>
          ))}
        </ol>
      </div>
      <figcaption>
        {SERIES.map((s) => (
          <span key={s.key} className={`visits-chart__key ${s.className}-key`}>
            {s.label}
          </span>
        ))}{' '}
        <span>
          {ukDay(days[0]!.date, now)} to {ukDay(days.at(-1)!.date, now)}; the most in a day:{' '}
          {highest.toLocaleString('en-GB')} {highest === 1 ? 'view' : 'views'}. The scale on the left counts views and
          visitors a day.
        </span>
      </figcaption>
    </figure>
  )
}
