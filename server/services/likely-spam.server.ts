import { createHash } from 'node:crypto'
import type { StoredEnquiry } from '../../data/enquiry.server.ts'

const DAY_MS = 24 * 60 * 60 * 1000
const LINK = /\b(?:https?:\/\/|www\.)\S+/gi
/** Texts followed at once; past it the oldest are forgotten first (a flood of different texts is bounded). */
const MAX_TEXTS = 10_000

/** Why a message is mostly links (at least half its characters are web addresses), or null. */
export function mostlyLinks(text: string): string | null {
  const links = text.match(LINK)
  if (!links) return null
  const visible = text.replace(/\s+/g, '').length
  const inLinks = links.join('').length
  if (inLinks * 2 < visible) return null
  const n = links.length
  return (
    `mostly links: ${n} web address${n === 1 ? '' : 'es'}, ` +
    `${Math.round((100 * inLinks) / visible)}% of the message`
  )
}

/** The same text however it is spaced or capitalised. */
const textKey = (text: string) =>
  createHash('sha256').update(text.toLowerCase().replace(/\s+/g, ' ').trim()).digest('base64url')

type Seen = { addresses: Map<string, number>; ids: string[]; reason: string | null }

/** One enquiry counted: whether its text is now a campaign's, and the earlier enquiries to mark with it. */
export type Counted = { seen: Seen; reason: string | null; earlier: string[] }

/** More addresses than one visitor may send (CONTACT_RATE_LIMIT) with one text is a campaign; 0 turns it off. */
export class RepeatedText {
  private readonly texts = new Map<string, Seen>()

  constructor(private readonly threshold: number) {}

  /** Takes in the enquiries already saved (the data file's), so a restart does not start the count again. */
  remember(saved: readonly StoredEnquiry[], now = Date.now()): void {
    for (const m of saved) {
      const at = Date.parse(m.createdAt)
      if (at > now - DAY_MS) this.saved(this.count(m.message, m.email, at), m.id)
    }
  }

  count(text: string, email: string, now = Date.now()): Counted {
    const seen: Seen = { addresses: new Map(), ids: [], reason: null }
    if (this.threshold <= 0) return { seen, reason: null, earlier: [] }
    const key = textKey(text)
    const known = this.texts.get(key) ?? seen
    this.texts.delete(key)
    if (this.texts.size >= MAX_TEXTS) this.texts.delete(this.texts.keys().next().value!)
    this.texts.set(key, known) // newest last, so the oldest is forgotten first
    const { addresses } = known
    const address = email.toLowerCase()
    addresses.delete(address)
    addresses.set(address, now) // oldest first, so those a day old are dropped from the front
    for (const [old, at] of addresses) {
      if (at > now - DAY_MS) break
      addresses.delete(old)
    }
    if (addresses.size <= this.threshold) {
      known.reason = null // a campaign of yesterday's
      return { seen: known, reason: null, earlier: [] }
    }
    known.reason = `the same text came from ${addresses.size} e-mail addresses within a day`
    const earlier = known.ids
    known.ids = []
    return { seen: known, reason: known.reason, earlier }
  }

  /**
   * Notes a saved enquiry; returns the reason to mark it with if its text became a campaign's while it was being saved.
   */
  saved(counted: Counted, id: string): string | null {
    if (counted.reason) return null
    if (counted.seen.reason) return counted.seen.reason
    counted.seen.ids.push(id)
    return null
  }
}
