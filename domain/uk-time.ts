/** The workspace's one clock: the shop's, UK time (Europe/London), summer time included. */
const ZONE = 'Europe/London'
const UK = new Intl.DateTimeFormat('en-GB', {
  timeZone: ZONE,
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
})
const DAY = new Intl.DateTimeFormat('en-GB', { timeZone: ZONE, weekday: 'short', day: 'numeric', month: 'short' })
const YEAR = new Intl.DateTimeFormat('en-GB', { timeZone: ZONE, year: 'numeric' })
const CLOCK = new Intl.DateTimeFormat('en-GB', { timeZone: ZONE, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })
const SECONDS = new Intl.DateTimeFormat('en-GB', { timeZone: ZONE, second: '2-digit' })

const dateOf = (iso: string | null | undefined): Date | null => {
  const date = iso ? new Date(iso) : null
  return date && !Number.isNaN(date.getTime()) ? date : null
}

/** '14 Jan 2025, 10:32'; the same on the server's render and in the browser. */
export function ukTime(iso: string | null | undefined): string {
  const date = dateOf(iso)
  return date ? UK.format(date) : (iso ?? 'unknown time')
}

/**
 * 'Fri 27 Nov' (a moment, or a UK day written '2026-11-27'), with the
 * year when it is not the year of `now`: 'Thu 27 Nov 2025'.
 */
export function ukDay(isoOrDay: string, now: Date = new Date()): string {
  // A bare day is a UK calendar day: read at noon UTC, it is that day in London too.
  const date = dateOf(/^\d{4}-\d{2}-\d{2}$/.test(isoOrDay) ? `${isoOrDay}T12:00:00Z` : isoOrDay)
  if (!date) return isoOrDay
  const day = DAY.format(date).replace(',', '')
  return YEAR.format(date) === YEAR.format(now) ? day : `${day} ${YEAR.format(date)}`
}

/** '10:30', UK time. */
export function ukClock(iso: string): string {
  const date = dateOf(iso)
  return date ? CLOCK.format(date) : iso
}

/** 'Fri 27 Nov, 10:30'. */
export function ukMoment(iso: string, now: Date = new Date()): string {
  return dateOf(iso) ? `${ukDay(iso, now)}, ${ukClock(iso)}` : iso
}

/**
 * Each moment as ukTime writes it, told apart from the others of the list: with its seconds where two
 * share a minute ('14 Jan 2025, 10:32:05'), and numbered where two share even the second ('…, 10:32:05 (2)').
 */
export function ukTimesApart(isos: readonly string[]): string[] {
  const count = (labels: string[]) => labels.reduce((m, l) => m.set(l, (m.get(l) ?? 0) + 1), new Map<string, number>())
  const minutes = isos.map(ukTime)
  const perMinute = count(minutes)
  const labels = isos.map((iso, i) => {
    const date = dateOf(iso)
    if (!date || perMinute.get(minutes[i]!)! < 2) return minutes[i]!
    return `${minutes[i]}:${SECONDS.format(date).padStart(2, '0')}`
  })
  const perLabel = count(labels)
  const seen = new Map<string, number>()
  return labels.map((label) => {
    if (perLabel.get(label)! < 2) return label
    const n = (seen.get(label) ?? 0) + 1
    seen.set(label, n)
    return `${label} (${n})`
  })
}
