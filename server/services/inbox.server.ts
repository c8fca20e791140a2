import type { StoredEnquiry } from '../../data/enquiry.server.ts'
import { subjectLabel } from '../../domain/business.ts'
import {
  INBOX_PAGE_SIZE,
  type EnquiryView,
  type InboxFilter,
  type InboxRow,
  type InboxView,
} from '../../domain/inbox.ts'
import { showInvisible, uriComponent } from '../../domain/plain-text.ts'
import { headerSafe } from './enquiry-mail.server.ts'
import {
  answeredAtOf,
  countsAsNew,
  countsAsUnsent,
  deliveryState,
  describeDelivery,
  enquiryState,
  isSpam,
  isUnsent,
  likelySpamOf,
  ownerSpamWord,
  readAtOf,
  ukTime,
} from './enquiry-state.server.ts'

/** Lower case, accents and other marks dropped, so 'José' is found by 'jose'. */
function fold(text: string): string {
  // Most enquiries are plain ASCII, where decomposing accents (the costly part of a search) does nothing.
  // eslint-disable-next-line no-control-regex
  if (/^[\u0000-\u007f]*$/.test(text)) return text.toLowerCase()
  return text.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase()
}

/** Saved enquiries never change in place (every change makes a new object), so each is folded once. */
const haystacks = new WeakMap<StoredEnquiry, string>()
function haystack(m: StoredEnquiry): string {
  let folded = haystacks.get(m)
  if (folded === undefined) {
    folded = fold(`${m.firstName} ${m.lastName}\n${m.email}\n${m.message}`)
    haystacks.set(m, folded)
  }
  return folded
}

function searchWords(q: string): string[] {
  return fold(q).split(/\s+/).filter(Boolean)
}

function matchesFilter(m: StoredEnquiry, filter: InboxFilter, words: readonly string[]): boolean {
  if (isSpam(m) !== filter.spam) return false
  const state = enquiryState(m)
  if (filter.state === 'open' ? state === 'archived' : filter.state !== 'all' && filter.state !== state) return false
  if (filter.subject && m.subject !== filter.subject) return false
  if (filter.unsent && !isUnsent(m)) return false
  if (words.length === 0) return true
  const text = haystack(m)
  return words.every((w) => text.includes(w))
}

/** The enquiries a filter matches, in the order given (newest first), every page of them. */
export function filterEnquiries(all: readonly StoredEnquiry[], filter: InboxFilter): StoredEnquiry[] {
  const words = searchWords(filter.q)
  return all.filter((m) => matchesFilter(m, filter, words))
}

function firstLine(message: string): string {
  const line = message.split(/\r\n|[\n\r\u2028\u2029]/).find((l) => l.trim() !== '') ?? ''
  const chars = [...line.trim()]
  return showInvisible(chars.length > 120 ? `${chars.slice(0, 119).join('')}…` : chars.join(''))
}

const fullName = (m: StoredEnquiry) => showInvisible(`${m.firstName} ${m.lastName}`)

function row(m: StoredEnquiry): InboxRow {
  return {
    id: m.id,
    name: fullName(m),
    email: showInvisible(m.email),
    subject: showInvisible(subjectLabel(m.subject)),
    firstLine: firstLine(m.message),
    createdAt: m.createdAt,
    received: ukTime(m.createdAt),
    state: enquiryState(m),
    delivery: deliveryState(m),
    likelySpam: likelySpamOf(m),
  }
}

/** One page of the inbox and the counts beside it, from every saved enquiry (newest first). */
export function inboxView(all: readonly StoredEnquiry[], filter: InboxFilter, notice: string | null = null): InboxView {
  const counts = { new: 0, spam: 0, unsent: 0 }
  for (const m of all) {
    if (countsAsNew(m)) counts.new++
    if (isSpam(m) && m.archived !== true) counts.spam++
    if (countsAsUnsent(m)) counts.unsent++
  }
  const matching = filterEnquiries(all, filter)
  const alsoMatching = filter.q ? leftOut(all, filter) : null
  const pages = Math.max(1, Math.ceil(matching.length / INBOX_PAGE_SIZE))
  const page = Math.min(filter.page, pages)
  const rows = matching.slice((page - 1) * INBOX_PAGE_SIZE, page * INBOX_PAGE_SIZE).map(row)
  return { filter: { ...filter, page }, rows, total: matching.length, pages, counts, notice, alsoMatching }
}

/** What a search matches outside the list it shows: archived enquiries, and the other side of the spam line. */
function leftOut(all: readonly StoredEnquiry[], filter: InboxFilter): { archived: number; otherSide: number } {
  const hidesArchived = filter.state !== 'archived' && filter.state !== 'all'
  return {
    archived: hidesArchived ? filterEnquiries(all, { ...filter, state: 'archived' }).length : 0,
    otherSide: filterEnquiries(all, { ...filter, spam: !filter.spam }).length,
  }
}

export function newEnquiryCount(all: readonly StoredEnquiry[]): number {
  return all.reduce((n, m) => (countsAsNew(m) ? n + 1 : n), 0)
}

/** An address for a `mailto:` link: its two halves encoded, the `@` kept, so no `?` or `&` in it can add a header. */
export function mailtoAddress(email: string): string {
  const at = email.lastIndexOf('@')
  if (at < 0) return uriComponent(email)
  return `${uriComponent(email.slice(0, at))}@${uriComponent(email.slice(at + 1))}`
}

/**
 * The most a reply link holds: mail apps on every system open it (some stop near 2,000), and it
 * stays far from the 8 KB a header may take. A longer message is quoted in part.
 */
const REPLY_LINK_LIMIT = 2000

const QUOTED_IN_PART = '> […]'

/** The message as quoted lines, CRLF between them, as mailto bodies want them. */
function quote(text: string): string[] {
  return text
    .replace(/\r\n?|[\u2028\u2029]/g, '\n')
    .split('\n')
    .map((line) => (line === '' ? '>' : `> ${line}`))
}

/** The first `n` characters (whole code points), cut back to the end of a word when there is one. */
function start(chars: readonly string[], n: number): string {
  const part = chars.slice(0, n).join('')
  if (n >= chars.length || /\s/.test(chars[n]!)) return part.trimEnd()
  const word = part.search(/\s\S*$/)
  return (word > 0 ? part.slice(0, word) : part).trimEnd()
}

/** The owner's own mail app: the enquirer's address, a `Re:` subject, as much of the message as fits the limit. */
export function replyLink(m: StoredEnquiry): string {
  return reply(m).href
}

function reply(m: StoredEnquiry): { href: string; inPart: boolean } {
  const subject = headerSafe(`Re: ${subjectLabel(m.subject)}`)
  const head = `mailto:${mailtoAddress(headerSafe(m.email))}?subject=${uriComponent(subject)}&body=`
  const intro = ['', '', `On ${ukTime(m.createdAt)}, ${headerSafe(`${m.firstName} ${m.lastName}`)} wrote:`]
  const link = (lines: string[]) => head + uriComponent([...intro, ...lines].join('\r\n'))
  const whole = link(quote(m.message))
  if (whole.length <= REPLY_LINK_LIMIT) return { href: whole, inPart: false }
  // The longest start of the message that fits, found by halving (each try encodes at most the message once).
  const chars = [...m.message]
  const upTo = (n: number) => link([...quote(start(chars, n)), QUOTED_IN_PART])
  let fits = 0
  let over = chars.length
  while (over - fits > 1) {
    const mid = Math.floor((fits + over) / 2)
    if (upTo(mid).length <= REPLY_LINK_LIMIT) fits = mid
    else over = mid
  }
  return { href: upTo(fits), inPart: true }
}

export function enquiryView(
  m: StoredEnquiry,
  {
    mailConfigured,
    filter,
    notice,
    confirmDelete,
    replyReady = false,
  }: {
    mailConfigured: boolean
    filter: InboxFilter
    notice: string | null
    confirmDelete: boolean
    replyReady?: boolean
  },
): EnquiryView {
  const { href, inPart } = reply(m)
  return {
    id: m.id,
    name: fullName(m),
    email: showInvisible(m.email),
    subject: showInvisible(subjectLabel(m.subject)),
    message: showInvisible(m.message.replace(/\r\n?/g, '\n'), { lineBreaks: 'keep' }),
    createdAt: m.createdAt,
    received: ukTime(m.createdAt),
    state: enquiryState(m),
    readAt: readAtOf(m) && ukTime(readAtOf(m)),
    answeredAt: answeredAtOf(m) && ukTime(answeredAtOf(m)),
    archived: m.archived === true,
    likelySpam: likelySpamOf(m),
    spam: isSpam(m),
    spamByOwner: ownerSpamWord(m) !== null,
    delivery: describeDelivery(m, mailConfigured),
    replyHref: href,
    replyQuotedInPart: inPart,
    replyReady,
    filter,
    notice,
    confirmDelete,
  }
}
