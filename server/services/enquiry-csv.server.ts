import type { StoredEnquiry } from '../../data/enquiry.server.ts'
import { subjectLabel } from '../../domain/business.ts'
import {
  answeredAtOf,
  deliveryState,
  enquiryState,
  likelySpamOf,
  ownerSpamWord,
  readAtOf,
} from './enquiry-state.server.ts'

/**
 * UTF-8 with a BOM (Excel needs it), fields quoted, CRLF; a cell
 * starting with = + - @ gets an apostrophe (OWASP's CSV injection rule).
 */
const BOM = '\uFEFF'
const FORMULA_START = /^[=+\-@\t\r]/

export function csvCell(value: string): string {
  const safe = FORMULA_START.test(value) ? `'${value}` : value
  return `"${safe.replace(/"/g, '""')}"`
}

/** '2025-01-14 10:32' in UK time: what both spreadsheets read as a date and time. */
export function sheetTime(iso: string | null): string {
  const date = iso ? new Date(iso) : null
  if (!date || Number.isNaN(date.getTime())) return iso ?? ''
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', {
      timeZone: 'Europe/London',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(date)
      .map((p) => [p.type, p.value]),
  )
  return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}`
}

/** The owner's word first (Spam, Not spam), the automatic check beside it; a cell a filter can sort by its first word. */
function spamVerdict(m: StoredEnquiry): string {
  const rules = likelySpamOf(m)
  const owner = ownerSpamWord(m)
  if (owner === null) return rules ? `Likely spam (the automatic check: ${rules})` : ''
  const word = owner ? 'Spam' : 'Not spam'
  return rules ? `${word} (marked by you; the automatic check said: ${rules})` : `${word} (marked by you)`
}

const COLUMNS: [string, (m: StoredEnquiry) => string][] = [
  ['Received (UK time)', (m) => sheetTime(m.createdAt)],
  ['First name', (m) => m.firstName],
  ['Last name', (m) => m.lastName],
  ['E-mail', (m) => m.email],
  ['Subject', (m) => subjectLabel(m.subject)],
  ['Message', (m) => m.message],
  ['State', (m) => enquiryState(m)],
  ['Read', (m) => sheetTime(readAtOf(m))],
  ['Answered', (m) => sheetTime(answeredAtOf(m))],
  ['E-mail notification', (m) => deliveryState(m)],
  ['Mail server said', (m) => (deliveryState(m) === 'failed' ? (m.notification.attempts.at(-1)?.error ?? '') : '')],
  ['Likely spam', spamVerdict],
  ['Id', (m) => m.id],
]

/** The CSV text, as a sequence of chunks (one per row), so a long export is never one huge string. */
export function* enquiriesCsv(enquiries: Iterable<StoredEnquiry>): Generator<string> {
  yield `${BOM}${COLUMNS.map(([title]) => csvCell(title)).join(',')}\r\n`
  for (const m of enquiries) yield `${COLUMNS.map(([, value]) => csvCell(value(m))).join(',')}\r\n`
}
