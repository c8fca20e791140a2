/**
 * The names the statistics keep (referring sites, campaign tags, pages, products): each cleaned, and
 * each list cut to its top entries with the rest added up under one name, so that nothing a visitor
 * sends makes the file or the memory grow past a fixed size.
 */
import type { Tally } from './day-totals.ts'

/** Longest name kept, in UTF-16 units (an emoji counts as two): a longer one is cut. */
export const MAX_NAME_LENGTH = 100
/** Names a list holds while its day is counted; later names are added up under OTHER. */
export const MAX_NAMES_PER_DAY = 200
/** Names a list keeps once its day is over, and in each month: the Visits page lists 20. */
export const KEPT_NAMES = 20
/** Pages and products kept once the day is over, and in each month: a catalogue's worth. */
export const KEPT_PAGES = 100
/** Where the rest of a list is added up. A campaign named "other" goes there too: it reads the same. */
export const OTHER = 'other'
/** The rest of the products handed on to payment: not a product id (`other` may be one). */
export const OTHER_PRODUCTS = '(other products)'

/** Control and format characters (bidi overrides, zero-width), line and paragraph separators, lone surrogates. */
const UNPRINTABLE = /[\p{C}\p{Zl}\p{Zp}]/gu
/** The usual name: plain printable ASCII, short enough. Checked first, as most names are. */
const PLAIN = /^[\x21-\x7e](?:[\x20-\x7e]{0,98}[\x21-\x7e])?$/

/** A name as kept: printable, spaces collapsed, at most MAX_NAME_LENGTH; nothing when nothing printable is left. */
export function cleanName(raw: string): string | undefined {
  if (PLAIN.test(raw)) return raw
  // Only the start can be kept, so only the start is read.
  const text = raw
    .slice(0, MAX_NAME_LENGTH * 4)
    .replace(UNPRINTABLE, '')
    .replace(/\s+/g, ' ')
    .trim()
  let cut = text.slice(0, MAX_NAME_LENGTH)
  // Never half of a character written as two units.
  if (/[\uD800-\uDBFF]$/.test(cut)) cut = cut.slice(0, -1)
  return cut.trimEnd() || undefined
}

const namedSize = (counts: Map<string, unknown>, other: string) => counts.size - (counts.has(other) ? 1 : 0)

/**
 * Keeps the `keep` largest counts (the first counted first among equals) and adds the rest into `other`;
 * `countOf` reads a count, `add` adds one into another.
 */
function keepTopOf<T>(
  counts: Map<string, T>,
  keep: number,
  other: string,
  countOf: (value: T) => number,
  add: (into: T | undefined, value: T) => T,
): void {
  if (namedSize(counts, other) <= keep) return
  const named = [...counts].filter(([name]) => name !== other)
  // Array sort is stable: among equal counts, the one counted first stays first.
  named.sort((a, b) => countOf(b[1]) - countOf(a[1]))
  let rest = counts.get(other)
  for (const [name, value] of named.slice(keep)) {
    counts.delete(name)
    rest = add(rest, value)
  }
  counts.delete(other)
  if (rest !== undefined) counts.set(other, rest)
}

/** A list of counts cut to its `keep` largest, the rest added up under `other`. */
export function keepTop(counts: Map<string, number>, keep: number, other = OTHER): void {
  keepTopOf(
    counts,
    keep,
    other,
    (n) => n,
    (into, n) => (into ?? 0) + n,
  )
}

/** The pages cut to the `keep` most viewed, the rest added up as one. */
export function keepTopPages(pages: Map<string, Tally>, keep: number): void {
  keepTopOf(
    pages,
    keep,
    OTHER,
    (t) => t.views,
    (into, t) => ({ views: (into?.views ?? 0) + t.views, visitors: (into?.visitors ?? 0) + t.visitors }),
  )
}

/** Names waiting for a place in a full list: how many views each had, and how many of those it took over. */
type Waiting = { count: number; inherited: number }

/**
 * One list (referring sites, a campaign tag) as its day is counted. It holds MAX_NAMES_PER_DAY names;
 * once full, a new name's views are added up under OTHER, and the name waits beside the list (a
 * space-saving summary of MAX_NAMES_PER_DAY names, in memory only). A waiting name seen more often than
 * the list's least counted name takes its place, with the views it surely had; the one it replaces goes
 * into OTHER. So the list ends the day with its most seen names, however many made-up names arrived first,
 * and the list's counts always add up to the day's.
 */
export class DayNames {
  private readonly waiting = new Map<string, Waiting>()
  /** No kept name has fewer views than this (counts only grow): the list is read again only past it. */
  private floor = 0

  add(counts: Map<string, number>, name: string): void {
    const kept = counts.get(name)
    if (kept !== undefined || name === OTHER || namedSize(counts, OTHER) < MAX_NAMES_PER_DAY) {
      counts.set(name, (kept ?? 0) + 1)
      return
    }
    counts.set(OTHER, (counts.get(OTHER) ?? 0) + 1)
    const waiting = this.wait(name)
    const sure = waiting.count - waiting.inherited
    if (sure <= this.floor) return
    const [least, leastCount] = leastOf(counts)
    this.floor = leastCount
    if (sure <= leastCount) return
    // The views it surely had were added up under OTHER: they move back to its name.
    counts.delete(least)
    counts.set(name, sure)
    counts.set(OTHER, counts.get(OTHER)! - sure + leastCount)
    this.waiting.delete(name)
    this.waiting.set(least, { count: leastCount, inherited: 0 })
    this.floor = leastOf(counts)[1]
  }

  /** At midnight: a new day starts with an empty list. */
  clear(): void {
    this.waiting.clear()
    this.floor = 0
  }

  private wait(name: string): Waiting {
    let waiting = this.waiting.get(name)
    if (waiting) {
      waiting.count++
      return waiting
    }
    let inherited = 0
    if (this.waiting.size >= MAX_NAMES_PER_DAY) {
      // The least seen waiting name gives its place; the newcomer may have had as many views unseen.
      const [least, { count }] = [...this.waiting].reduce((a, b) => (b[1].count < a[1].count ? b : a))
      this.waiting.delete(least)
      inherited = count
    }
    waiting = { count: inherited + 1, inherited }
    this.waiting.set(name, waiting)
    return waiting
  }
}

function leastOf(counts: Map<string, number>): [string, number] {
  let least: [string, number] = ['', Infinity]
  for (const entry of counts) if (entry[0] !== OTHER && entry[1] < least[1]) least = entry
  return least
}
