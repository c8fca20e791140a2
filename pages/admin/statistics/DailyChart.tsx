import type { DayFigures } from '../../../domain/statistics-report.ts'

const WIDTH = 640
const HEIGHT = 200
const PAD = { top: 12, right: 8, bottom: 24, left: 8 }

/** Views and visitors per day as two lines, drawn on the server; the same numbers are in the table after it. */
export function DailyChart({ days }: { days: DayFigures[] }) {
  const top = Math.max(1, ...days.map((d) => d.views))
  const x = (i: number) => PAD.left + (days.length === 1 ? 0 : (i / (days.length - 1)) * (WIDTH - PAD.left - PAD.right))
  const y = (n: number) => PAD.top + (1 - n / top) * (HEIGHT - PAD.top - PAD.bottom)
  const line = (key: 'views' | 'visitors') => days.map((d, i) => `${x(i).toFixed(1)},${y(d[key]).toFixed(1)}`).join(' ')
  return (
    <figure className="visits-chart">
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} aria-hidden="true" focusable="false" preserveAspectRatio="none">
        <line className="visits-chart__axis" x1={PAD.left} x2={WIDTH - PAD.right} y1={y(0)} y2={y(0)} />
        <polyline className="visits-chart__views" points={line('views')} />
        <polyline className="visits-chart__visitors" points={line('visitors')} />
      </svg>
      <figcaption>
        <span className="visits-chart__key visits-chart__key--views">Views</span>{' '}
        <span className="visits-chart__key visits-chart__key--visitors">Visitors</span>{' '}
        <span>
          {days[0]?.date} to {days.at(-1)?.date}; highest {top} views in a day
        </span>
      </figcaption>
    </figure>
  )
}
