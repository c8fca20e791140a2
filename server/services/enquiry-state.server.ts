import type { StoredEnquiry } from '../../data/enquiry.server.ts'
import type { Delivery, DeliveryState, EnquiryState } from '../../domain/inbox.ts'
import { ukTime } from '../../domain/uk-time.ts'

/** The shop's clock, shared with every workspace page. */
export { ukTime }

/* Loose fields the owner may also write by hand: read as text or not at all. */
const text = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null)

export const readAtOf = (m: StoredEnquiry) => text(m.readAt)
export const answeredAtOf = (m: StoredEnquiry) => text(m.answeredAt)
export const likelySpamOf = (m: StoredEnquiry) => text(m.likelySpam)

/** What the owner said by hand (`markedSpam`: true or false), or null when only the rules' guess stands. */
export const ownerSpamWord = (m: StoredEnquiry): boolean | null =>
  typeof m.markedSpam === 'boolean' ? m.markedSpam : null

/** Kept apart as spam: the owner's word wins over the rules' guess (`likelySpam`), which stays saved. */
export const isSpam = (m: StoredEnquiry): boolean => ownerSpamWord(m) ?? likelySpamOf(m) !== null

export function enquiryState(m: StoredEnquiry): EnquiryState {
  if (m.archived === true) return 'archived'
  if (answeredAtOf(m)) return 'answered'
  if (readAtOf(m)) return 'read'
  return 'new'
}

/** New, and not held apart as spam: what the workspace's count shows. */
export function countsAsNew(m: StoredEnquiry): boolean {
  return enquiryState(m) === 'new' && !isSpam(m)
}

export function deliveryState(m: StoredEnquiry): DeliveryState {
  const n = m.notification
  if (n.status === 'sent') return 'sent'
  if (n.status === 'disabled') return 'off'
  return n.attempts.at(-1)?.ok === false ? 'failed' : 'waiting'
}

/** Not e-mailed (yet): the inbox's 'unsent' filter, as `npm run messages -- --unsent` counts it. */
export const isUnsent = (m: StoredEnquiry) => m.notification.status !== 'sent'

/** The inbox's "not e-mailed" count, which the health panel repeats: archived enquiries and spam are left out. */
export const countsAsUnsent = (m: StoredEnquiry) => isUnsent(m) && m.archived !== true && !isSpam(m)

/** Only says which kind of trouble it is; the server's own words are shown beside it. */
export function plainReason(serverSaid: string): string {
  const s = serverSaid.toLowerCase()
  const code = /^\s*(\d)\d\d\b/.exec(serverSaid)?.[1]
  if (/econnrefused/.test(s))
    return 'the mail server refused the connection: it is down, or SMTP_URL names the wrong host or port'
  if (/enotfound|eai_again|getaddrinfo/.test(s))
    return "the mail server's name could not be found: check the host in SMTP_URL"
  if (/timeout|timed out|etimedout|greeting never received/.test(s)) return 'the mail server did not answer in time'
  if (/eauth|\b535\b|authentication|invalid login/.test(s))
    return 'the mail server did not accept the user name or password in SMTP_URL'
  if (/cert|tls|ssl/.test(s)) return 'the secure connection to the mail server failed (its certificate or TLS settings)'
  if (/econnreset|socket|closed/.test(s)) return 'the connection to the mail server was cut off'
  if (code === '4') return 'the mail server is busy or asked to try again later'
  if (code === '5') return 'the mail server refused the message'
  return 'the mail server could not take the message'
}

export function describeDelivery(m: StoredEnquiry, mailConfigured: boolean): Delivery {
  const n = m.notification
  const state = deliveryState(m)
  const attempts = n.attempts.length
  const base = { state, serverSaid: null, nextTry: null, attempts, canSendAgain: false }
  const archived = m.archived === true
  if (state === 'sent') {
    const after = attempts > 1 ? ` (after ${attempts} tries)` : ''
    return { ...base, summary: `E-mailed to you on ${ukTime(n.sentAt ?? n.attempts.at(-1)?.at)}${after}.` }
  }
  const canSendAgain = mailConfigured && !archived
  if (state === 'off') {
    const summary = 'Not e-mailed: no mail server was set up (SMTP_URL) when it arrived.'
    return { ...base, summary, canSendAgain }
  }
  if (archived) return { ...base, summary: 'Not e-mailed: archived before it was sent.' }
  if (state === 'waiting') return { ...base, summary: 'Waiting to be e-mailed.' }
  const serverSaid = n.attempts.at(-1)?.error ?? 'no reason given'
  const summary = `Not e-mailed: ${plainReason(serverSaid)} (${attempts} ${attempts === 1 ? 'try' : 'tries'}).`
  const nextTry = mailConfigured && n.nextAttemptAt ? ukTime(n.nextAttemptAt) : null
  return { ...base, summary, serverSaid, nextTry, canSendAgain }
}
