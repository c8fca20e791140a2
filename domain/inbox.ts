import { CONTACT_SUBJECTS } from './business.ts'

/** Where an enquiry stands for the owner; each has exactly one (archived, then answered, then read). */
const ENQUIRY_STATES = ['new', 'read', 'answered', 'archived'] as const
export type EnquiryState = (typeof ENQUIRY_STATES)[number]

/** What the state filter offers: every enquiry not archived (the default), one state, or all. */
export const STATE_FILTERS = ['open', ...ENQUIRY_STATES, 'all'] as const
export type StateFilter = (typeof STATE_FILTERS)[number]

export const STATE_FILTER_LABELS: Record<StateFilter, string> = {
  open: 'Not archived',
  new: 'New',
  read: 'Read',
  answered: 'Answered',
  archived: 'Archived',
  all: 'All',
}

/** Enquiries on one page of the inbox. */
export const INBOX_PAGE_SIZE = 25

/** The inbox's filter, as its address carries it (`?state=new&subject=bags&q=smith&unsent=1&page=2`). */
export type InboxFilter = {
  state: StateFilter
  /** A subject's value (`bags`), or null for every subject. */
  subject: string | null
  /** Words that must all appear in the name, e-mail or message (any case). */
  q: string
  /** Only those whose e-mail notification has not gone out. */
  unsent: boolean
  /** Only those the spam rules flagged (kept apart from the others). */
  spam: boolean
  page: number
}

const SUBJECT_VALUES = new Set<string>(CONTACT_SUBJECTS.map((s) => s.value))

/** One parameter as text: a repeated or missing one counts as absent. */
function single(value: unknown): string {
  return typeof value === 'string' ? value : ''
}

/** Reads a filter from an address's query; anything unknown falls back to the default. */
export function parseInboxFilter(query: Record<string, unknown>): InboxFilter {
  const state = single(query.state)
  const subject = single(query.subject)
  const page = Number.parseInt(single(query.page), 10)
  return {
    state: (STATE_FILTERS as readonly string[]).includes(state) ? (state as StateFilter) : 'open',
    subject: SUBJECT_VALUES.has(subject) ? subject : null,
    q: single(query.q).trim().slice(0, 200),
    unsent: single(query.unsent) === '1',
    spam: single(query.spam) === '1',
    page: Number.isSafeInteger(page) && page > 0 ? page : 1,
  }
}

/** The query string (with its `?`, or empty) of a filter, leaving out what is at its default. */
export function inboxQuery(filter: InboxFilter, change: Partial<InboxFilter> = {}): string {
  const f = { ...filter, ...change }
  const params = new URLSearchParams()
  if (f.state !== 'open') params.set('state', f.state)
  if (f.subject) params.set('subject', f.subject)
  if (f.q) params.set('q', f.q)
  if (f.unsent) params.set('unsent', '1')
  if (f.spam) params.set('spam', '1')
  if (f.page > 1) params.set('page', String(f.page))
  const text = params.toString()
  return text ? `?${text}` : ''
}

export type DeliveryState = 'sent' | 'waiting' | 'failed' | 'off'

/** What became of an enquiry's e-mail notification, in words for the owner. */
export type Delivery = {
  state: DeliveryState
  /** One sentence: 'E-mailed to you on ...', 'Waiting to be e-mailed', 'Not e-mailed: ...'. */
  summary: string
  /** For a failed one: what the mail server said, as it said it. */
  serverSaid: string | null
  /** For a failed one: when the next try is due (display text). */
  nextTry: string | null
  attempts: number
  /** Whether 'Send again' is offered (a mail server is set up, and this one has not gone out). */
  canSendAgain: boolean
}

/** One line of the inbox. */
export type InboxRow = {
  id: string
  name: string
  email: string
  subject: string
  firstLine: string
  /** ISO time it came, and the same for reading. */
  createdAt: string
  received: string
  state: EnquiryState
  delivery: DeliveryState
  likelySpam: string | null
}

/** What /admin/enquiries shows. */
export type InboxView = {
  filter: InboxFilter
  rows: InboxRow[]
  /** Enquiries the filter matches, over every page. */
  total: number
  pages: number
  counts: { new: number; spam: number; unsent: number }
  /** A sentence after an action (post/redirect/get), or null. */
  notice: string | null
  /**
   * For a search: how many more match where the list does not look (archived enquiries; those kept
   * apart as spam, or in the spam list those in the inbox), so none is hidden without a word.
   */
  alsoMatching: { archived: number; otherSide: number } | null
}

/** What /admin/enquiries/{id} shows. */
export type EnquiryView = {
  id: string
  name: string
  email: string
  subject: string
  message: string
  createdAt: string
  received: string
  state: EnquiryState
  readAt: string | null
  answeredAt: string | null
  archived: boolean
  /** The rules' reason for thinking it spam, kept whatever the owner says. */
  likelySpam: string | null
  /** Kept apart as spam, and whether the owner said so (or said not) by hand. */
  spam: boolean
  spamByOwner: boolean
  delivery: Delivery
  /** The owner's own mail app: the enquirer's address, a `Re:` subject, the message quoted (its start, when long). */
  replyHref: string
  replyQuotedInPart: boolean
  /** Just marked answered on the way to the reply: the page offers the reply's link at its top. */
  replyReady: boolean
  /** The list's filter, so 'Back' and every action return to the same view. */
  filter: InboxFilter
  notice: string | null
  /** Whether the page shows the 'Delete for good' confirmation. */
  confirmDelete: boolean
}

/** Sentences shown after an action on the inbox (`?done=`): fixed texts, so the address carries nothing else. */
export const INBOX_NOTICES: Readonly<Record<string, string>> = {
  read: 'Marked as read.',
  unread: 'Marked as new.',
  answered: 'Marked as answered.',
  // Shown with the reply's link beside it: a page can open the mail app only on a tap (Chromium).
  replied: 'Marked as answered.',
  unanswered: 'No longer marked as answered.',
  spam: 'Marked as spam: it is kept apart, under Likely spam.',
  'not-spam': 'Marked as not spam: it is back in the inbox.',
  archived: 'Archived: it stays saved, under the Archived filter.',
  unarchived: 'Back in the inbox.',
  deleted: 'The enquiry was deleted for good.',
  queued: 'Sending it again now: reload this page in a moment to see whether it went.',
  sent: 'It was e-mailed already.',
  'mail-off': 'No mail server is set up (SMTP_URL), so nothing can be sent.',
  'not-sent-archived': 'An archived enquiry is not e-mailed: unarchive it first.',
  gone: 'That enquiry is no longer there.',
  'not-saved':
    'That change could not be saved: the data file cannot be written just now. Nothing was changed; see Health.',
  'confirm-first': 'Nothing was deleted: confirm the deletion first.',
}

/** The sentence for `?done=`, looked up without the object prototype (`constructor` is no notice). */
export function inboxNotice(done: unknown): string | null {
  return typeof done === 'string' && Object.hasOwn(INBOX_NOTICES, done) ? INBOX_NOTICES[done]! : null
}
