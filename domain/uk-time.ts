/** The workspace's one clock: the shop's, UK time (Europe/London), summer time included. */
const UK = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/London',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
})

/** '14 Jan 2025, 10:32'; the same on the server's render and in the browser. */
export function ukTime(iso: string | null | undefined): string {
  const date = iso ? new Date(iso) : null
  if (!date || Number.isNaN(date.getTime())) return iso ?? 'unknown time'
  return UK.format(date)
}
