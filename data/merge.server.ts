/**
 * Merging an owner's edit of the data file with what the server
 * wrote: see docs/decisions.md (an owner's edit merged three ways).
 */
import { createHash } from 'node:crypto'
import type { StoredEnquiry } from './enquiry.server.ts'
import type { Data } from './check.server.ts'

const ABSENT = '-'
const PRESENT = '+'
type List = 'products' | 'messages'
const LISTS: readonly List[] = ['products', 'messages']
type Item = { id: string } & Record<string, unknown>

/** JSON with object keys sorted, so a reordering of keys is not taken for a change. */
function canonical(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'undefined'
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`
  const obj = value as Record<string, unknown>
  const keys = Object.keys(obj)
    .filter((k) => obj[k] !== undefined)
    .sort()
  return `{${keys.map((k) => `${JSON.stringify(k)}:${canonical(obj[k])}`).join(',')}}`
}

/** A short fingerprint of a value; ABSENT for a missing one. */
export function valueHash(value: unknown): string {
  if (value === undefined) return ABSENT
  return createHash('sha1').update(canonical(value)).digest('base64url')
}

function same(a: unknown, b: unknown): boolean {
  if (a === b) return true
  if (a === undefined || b === undefined) return false
  return JSON.stringify(a) === JSON.stringify(b) || canonical(a) === canonical(b)
}

const byIdCache = new WeakMap<readonly Item[], Map<string, Item>>()
function byId(items: readonly Item[]): Map<string, Item> {
  let map = byIdCache.get(items)
  if (!map) {
    map = new Map(items.map((item) => [item.id, item]))
    byIdCache.set(items, map)
  }
  return map
}

const items = (data: Data, list: List) => data[list] as unknown as readonly Item[]

/** Places: a top-level field, an item's existence, an item's field. */
const topKey = (key: string) => JSON.stringify(['@', key])
const itemKey = (list: List, id: string) => JSON.stringify([list, id])
const fieldKey = (list: List, id: string, field: string) => JSON.stringify([list, id, field])

type Entry = { version: number; key: string; before: string; after: string }

/** Bounded: costs memory in proportion to recent writes, not to the file. */
export class ChangeLog {
  private byKey = new Map<string, Entry[]>()
  private fifo: Entry[] = []
  private head = 0

  constructor(private readonly max = 20_000) {}

  private add(version: number, key: string, before: string, after: string) {
    const entry = { version, key, before, after }
    const list = this.byKey.get(key)
    if (list) list.push(entry)
    else this.byKey.set(key, [entry])
    this.fifo.push(entry)
    while (this.fifo.length - this.head > this.max) {
      const old = this.fifo[this.head++]!
      const rest = this.byKey.get(old.key)!
      rest.shift()
      if (rest.length === 0) this.byKey.delete(old.key)
    }
    if (this.head > this.max) {
      this.fifo = this.fifo.slice(this.head)
      this.head = 0
    }
  }

  /** Records what one write of ours changed. Changes are immutable, so unchanged parts keep their objects. */
  record(version: number, before: Data, after: Data): void {
    if (before === after) return
    const keys = new Set([...Object.keys(before), ...Object.keys(after)])
    for (const key of keys) {
      const b = (before as Record<string, unknown>)[key]
      const a = (after as Record<string, unknown>)[key]
      if (b === a) continue
      if ((LISTS as readonly string[]).includes(key) && Array.isArray(a) && Array.isArray(b))
        this.recordItems(version, key as List, b as Item[], a as Item[])
      else this.add(version, topKey(key), valueHash(b), valueHash(a))
    }
  }

  private recordItems(version: number, list: List, before: readonly Item[], after: readonly Item[]) {
    const appended = appendedTo(before, after)
    if (appended) {
      for (const item of appended) this.add(version, itemKey(list, item.id), ABSENT, PRESENT)
      return
    }
    const old = byId(before)
    let matched = 0
    for (const item of after) {
      const prev = old.get(item.id)
      if (prev) matched++
      if (prev === item) continue
      if (!prev) {
        this.add(version, itemKey(list, item.id), ABSENT, PRESENT)
        continue
      }
      for (const field of new Set([...Object.keys(prev), ...Object.keys(item)])) {
        if (prev[field] !== item[field])
          this.add(version, fieldKey(list, item.id, field), valueHash(prev[field]), valueHash(item[field]))
      }
    }
    if (matched < old.size) {
      const now = byId(after)
      for (const id of old.keys()) if (!now.has(id)) this.add(version, itemKey(list, id), PRESENT, ABSENT)
    }
  }

  /** The fingerprint a place had at `version`, or undefined if our writes have not changed it since. */
  valueAt(key: string, version: number): string | undefined {
    return this.byKey.get(key)?.find((e) => e.version > version)?.before
  }

  /** The newest of equals wins; `current` is our latest version. */
  baseOf(owners: Data, current: number): number {
    if (this.byKey.size === 0) return current
    const candidates = [...new Set([...this.fifo.slice(this.head).map((e) => e.version - 1), current])].sort(
      (a, b) => a - b,
    )
    const indexOf = (version: number) => {
      // first candidate >= version
      let lo = 0
      let hi = candidates.length
      while (lo < hi) {
        const mid = (lo + hi) >> 1
        if (candidates[mid]! < version) lo = mid + 1
        else hi = mid
      }
      return lo
    }
    const score = new Array<number>(candidates.length + 1).fill(0)
    const lookup = new OwnersLookup(owners)
    for (const [key, entries] of this.byKey) {
      const theirs = lookup.hash(key)
      if (theirs === undefined) continue
      // Between two of our writes to this place it held the later write's "before"; after the last, its "after".
      let from = Number.NEGATIVE_INFINITY
      for (let i = 0; i <= entries.length; i++) {
        const until = i < entries.length ? entries[i]!.version : Number.POSITIVE_INFINITY
        const value = i < entries.length ? entries[i]!.before : entries[i - 1]!.after
        if (value === theirs) {
          const start = from === Number.NEGATIVE_INFINITY ? 0 : indexOf(from)
          const end = until === Number.POSITIVE_INFINITY ? candidates.length : indexOf(until)
          score[start]!++
          score[end]!--
        }
        from = until
      }
    }
    let best = candidates.length - 1
    let bestScore = Number.NEGATIVE_INFINITY
    let running = 0
    for (let i = 0; i < candidates.length; i++) {
      running += score[i]!
      if (running >= bestScore) {
        bestScore = running
        best = i
      }
    }
    return candidates[best]!
  }
}

/** Fingerprints of the owner's file at the places the change log names. */
class OwnersLookup {
  private maps = new Map<List, Map<string, Item>>()
  constructor(private readonly data: Data) {}

  private item(list: List, id: string): Item | undefined {
    let map = this.maps.get(list)
    if (!map) {
      const arr = (this.data as Record<string, unknown>)[list]
      map = Array.isArray(arr) ? byId(arr as Item[]) : new Map()
      this.maps.set(list, map)
    }
    return map.get(id)
  }

  /** Undefined for a product their file lacks: a deletion in an editor says nothing of how old the copy is. */
  hash(key: string): string | undefined {
    const parts = JSON.parse(key) as [string, string, string?]
    if (parts[0] === '@') return valueHash((this.data as Record<string, unknown>)[parts[1]])
    const item = this.item(parts[0] as List, parts[1])
    if (!item && parts[0] === 'products') return undefined
    if (parts.length === 2) return item ? PRESENT : ABSENT
    return valueHash(item?.[parts[2]!])
  }
}

export type MergeOutcome = {
  data: Data
  /** Acknowledged enquiries the owner's file lacked, put back. */
  restored: StoredEnquiry[]
  /** Enquiries deleted through the server that an older copy still held: left out again. */
  removed: StoredEnquiry[]
  /** Places where our value was kept over the owner's older copy (e.g. 'product oxford-brogue: images'). */
  kept: string[]
}

const attempts = (m: Item) => ((m.notification as { attempts?: unknown[] } | undefined)?.attempts ?? []).length

/**
 * With an empty log (start-up) the owner's values win everywhere but notifications,
 * and every enquiry of ours is kept; `deleted` holds ids deleted through the server.
 */
export function mergeOwnersEdit(
  ours: Data,
  owners: Data,
  log: ChangeLog,
  base: number,
  deleted: ReadonlySet<string> = new Set(),
): MergeOutcome {
  const outcome: MergeOutcome = { data: owners, restored: [], removed: [], kept: [] }
  const changedSinceBase = (key: string, theirs: unknown) => {
    const then = log.valueAt(key, base)
    return then !== undefined && then === valueHash(theirs)
  }
  const mergeValue = (key: string, mine: unknown, theirs: unknown, what: string) => {
    if (same(mine, theirs)) return mine
    if (changedSinceBase(key, theirs)) {
      outcome.kept.push(what)
      return mine
    }
    return theirs
  }

  const mergeItem = (list: List, mine: Item, theirs: Item): Item => {
    if (mine === theirs || same(mine, theirs)) return mine
    const out: Record<string, unknown> = {}
    let changed = false
    for (const field of new Set([...Object.keys(theirs), ...Object.keys(mine)])) {
      let value: unknown
      if (list === 'messages' && field === 'notification' && !same(mine[field], theirs[field])) {
        // The delivery record only grows; the one with more attempts is the later one.
        value = attempts(mine) > attempts(theirs) ? mine[field] : theirs[field]
        if (value === mine[field]) outcome.kept.push(`enquiry ${mine.id}: its e-mail notification`)
      } else {
        value = mergeValue(
          fieldKey(list, mine.id, field),
          mine[field],
          theirs[field],
          `${list === 'products' ? 'product' : 'enquiry'} ${mine.id}: ${field}`,
        )
      }
      if (value !== theirs[field]) changed = true
      if (value !== undefined) out[field] = value
    }
    return changed ? (out as Item) : theirs
  }

  const mergeList = (list: List): readonly Item[] => {
    const mine = items(ours, list)
    const theirs = items(owners, list)
    const mineById = byId(mine)
    const theirsById = byId(theirs)
    let identical = mine.length === theirs.length
    const merged: Item[] = []
    for (const t of theirs) {
      const m = mineById.get(t.id)
      if (!m && list === 'messages' && deleted.has(t.id)) {
        outcome.removed.push(t as unknown as StoredEnquiry)
        identical = false
        continue
      }
      const result = m ? mergeItem(list, m, t) : t
      if (result !== mine[merged.length]) identical = false
      merged.push(result)
    }
    // Ours that the owner's file lacks: enquiries are put back after the item they followed; a
    // product the owner deleted stays deleted, unless we added it after their copy.
    const after = new Map<string | null, Item[]>()
    let previous: string | null = null
    for (const m of mine) {
      if (theirsById.has(m.id)) {
        previous = m.id
        continue
      }
      const keep = list === 'messages' || log.valueAt(itemKey(list, m.id), base) === ABSENT
      if (list === 'messages') outcome.restored.push(m as unknown as StoredEnquiry)
      else if (keep) outcome.kept.push(`product ${m.id}`)
      if (keep) {
        identical = false
        const bucket = after.get(previous)
        if (bucket) bucket.push(m)
        else after.set(previous, [m])
      }
    }
    if (identical) return mine
    if (after.size === 0) return merged
    const out: Item[] = [...(after.get(null) ?? [])]
    for (const item of merged) {
      out.push(item)
      const bucket = after.get(item.id)
      if (bucket) out.push(...bucket)
    }
    return out
  }

  const data: Record<string, unknown> = {}
  const theirsTop = owners as Record<string, unknown>
  const mineTop = ours as Record<string, unknown>
  for (const key of Object.keys(theirsTop)) {
    data[key] = (LISTS as readonly string[]).includes(key)
      ? mergeList(key as List)
      : mergeValue(topKey(key), mineTop[key], theirsTop[key], `the field "${key}"`)
  }
  for (const key of Object.keys(mineTop)) {
    if (key in data) continue
    // A top-level field of ours the owner's file lacks: kept if we wrote it since their copy.
    const value = mergeValue(topKey(key), mineTop[key], undefined, `the field "${key}"`)
    if (value !== undefined) data[key] = value
  }
  outcome.data = data as Data
  return outcome
}

/** Whether the merge put anything of ours into the owner's file, so that it must be written back. */
export function needsWriteBack(outcome: MergeOutcome): boolean {
  return outcome.restored.length > 0 || outcome.removed.length > 0 || outcome.kept.length > 0
}

/**
 * What `after` adds at the end of `before` when nothing else changed
 * (an enquiry arriving), found without indexing either list.
 */
function appendedTo<T>(before: readonly T[], after: readonly T[]): T[] | null {
  if (after.length < before.length) return null
  for (let i = 0; i < before.length; i++) if (before[i] !== after[i]) return null
  return after.slice(before.length)
}

/**
 * What changed in a list between two versions (by object identity:
 * changes are immutable): items added or replaced, ids removed.
 */
export function diffItems<T extends { id: string }>(
  before: readonly T[],
  after: readonly T[],
): { upserted: T[]; removed: string[] } {
  if (before === after) return { upserted: [], removed: [] }
  const appended = appendedTo(before, after)
  if (appended) return { upserted: appended, removed: [] }
  const old = byId(before as unknown as readonly Item[])
  const upserted: T[] = []
  let matched = 0
  for (const item of after) {
    const prev = old.get(item.id)
    if (prev) matched++
    if (prev !== (item as unknown as Item)) upserted.push(item)
  }
  const removed: string[] = []
  if (matched < old.size) {
    const now = byId(after as unknown as readonly Item[])
    for (const id of old.keys()) if (!now.has(id)) removed.push(id)
  }
  return { upserted, removed }
}
