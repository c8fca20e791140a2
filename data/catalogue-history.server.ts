import { randomUUID } from 'node:crypto'
import { open, type FileHandle } from 'node:fs/promises'
import type { LastRun } from '../domain/image-generation.ts'
import { fieldChanges, photoCountChange, type FieldChange } from '../domain/product-changes.ts'
import type { Product, StoredProduct } from '../domain/product.ts'
import { appendDurably } from './durable-write.server.ts'

export type HistoryAction =
  | 'edit'
  | 'add'
  | 'duplicate'
  | 'remove'
  | 'restore'
  | 'photos'
  | 'new-photos'
  | 'file-edit'
  | 'snapshot-restore'
  | 'publish'
  | 'unpublish'
  | 'generation'
  | 'undo-generation'
  | 'stock'

/**
 * Who made a change: the workspace, a hand edit of the file, a shell
 * command, a snapshot restored in the workspace, a generation run, an order (its stock).
 */
export type HistoryWho = 'owner' | 'data file' | 'command' | 'restore' | 'generation' | 'order'

/** A removed product lives on here so it can be brought back; its photographs stay on disk for the same reason. */
export type HistoryEntry = {
  id: string
  at: string
  who: HistoryWho
  action: HistoryAction | 'reorder'
  productId: string
  before: Product | null
  after: Product | null
  /** Where the product stood in the list before it was removed, to bring it back there. */
  position?: number
  /** A change of the shop's order (ids, first shown first); `productId` is the product that moved. */
  order?: { before: string[]; after: string[] }
  /** The generation run that made the change (or whose change it undid). */
  runId?: string
  /** The order whose payment (or failed payment, or refund) moved the product's stock. */
  orderId?: string
}

const NEWLINE = 0x0a

export const historyFileFor = (dataFile: string) => `${dataFile}.history.jsonl`

/**
 * One JSON line per change beside the data file (0600), appended and flushed,
 * never rewritten (it only grows); a line cut short by a crash is skipped.
 */
export class CatalogueHistory {
  private entries: HistoryEntry[] | null = null
  /**
   * The file ends in a line a crash cut short: the next entry starts on a line of its own, or it would be lost with it.
   */
  private cutShort = false
  /** The first read of the file, shared by whoever asks while it runs. */
  private loading: Promise<HistoryEntry[]> | null = null

  constructor(readonly file: string) {}

  async all(): Promise<readonly HistoryEntry[]> {
    if (this.entries) return this.entries
    this.loading ??= this.load().finally(() => (this.loading = null))
    return this.loading
  }

  /**
   * Read a line at a time: years of changes are tens of megabytes, which as one string (and its
   * lines) would take several times that in memory at once and hold the server up while split.
   */
  private async load(): Promise<HistoryEntry[]> {
    const read: HistoryEntry[] = []
    let handle: FileHandle
    try {
      handle = await open(this.file, 'r')
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err
      this.entries ??= read
      return this.entries
    }
    try {
      const { size } = await handle.stat()
      const last = size > 0 ? (await handle.read(Buffer.alloc(1), 0, 1, size - 1)).buffer[0] : NEWLINE
      for await (const line of handle.readLines({ encoding: 'utf8', start: 0, autoClose: false })) {
        if (!line.trim()) continue
        try {
          read.push(JSON.parse(line) as HistoryEntry)
        } catch {
          // a line cut short by a crash: the entries before and after it still count
        }
      }
      if (!this.entries) {
        this.entries = read
        this.cutShort = last !== NEWLINE
      }
      return this.entries
    } finally {
      await handle.close()
    }
  }

  async record(changes: readonly Omit<HistoryEntry, 'id' | 'at'>[], at = new Date()): Promise<HistoryEntry[]> {
    if (changes.length === 0) return []
    const all = (await this.all()) as HistoryEntry[]
    const added = changes.map((c) => ({ id: randomUUID(), at: at.toISOString(), ...c }))
    const lines = `${this.cutShort ? '\n' : ''}${added.map((e) => `${JSON.stringify(e)}\n`).join('')}`
    this.cutShort = true // until the append is whole: one that fails may leave part of a line
    await appendDurably(this.file, lines)
    this.cutShort = false
    all.push(...added)
    return added
  }

  async find(id: string): Promise<HistoryEntry | undefined> {
    return (await this.all()).find((e) => e.id === id)
  }
}

export function productChanges(
  before: readonly Product[],
  after: readonly Product[],
  who: HistoryEntry['who'],
  action: HistoryAction,
): Omit<HistoryEntry, 'id' | 'at'>[] {
  const old = new Map(before.map((p, i) => [p.id, { p, i }]))
  const now = new Set(after.map((p) => p.id))
  const out: Omit<HistoryEntry, 'id' | 'at'>[] = []
  for (const p of after) {
    const was = old.get(p.id)?.p ?? null
    if (was !== p && JSON.stringify(was) !== JSON.stringify(p))
      out.push({ who, action, productId: p.id, before: was, after: p })
  }
  for (const [id, { p, i }] of old)
    if (!now.has(id)) out.push({ who, action, productId: id, before: p, after: null, position: i })
  return out
}

/** Each product's change from `before` to `after`, and their order's (a restore, a hand edit of the data file). */
export function catalogueChanges(
  before: readonly Product[],
  after: readonly Product[],
  who: HistoryEntry['who'],
  action: HistoryAction,
): Omit<HistoryEntry, 'id' | 'at'>[] {
  const order = orderChange(before, after, who)
  return [...productChanges(before, after, who, action), ...(order ? [order] : [])]
}

/** An entry for a change of order among the products in both lists, or null when their order is the same. */
export function orderChange(
  before: readonly Product[],
  after: readonly Product[],
  who: HistoryEntry['who'],
  movedId?: string,
): Omit<HistoryEntry, 'id' | 'at'> | null {
  const ids = (list: readonly Product[]) => list.map((p) => p.id)
  const kept = new Set(ids(before).filter((id) => after.some((p) => p.id === id)))
  const was = ids(before).filter((id) => kept.has(id))
  const now = ids(after).filter((id) => kept.has(id))
  const at = was.findIndex((id, i) => now[i] !== id)
  if (at < 0) return null
  return {
    who,
    action: 'reorder',
    productId: movedId ?? now[at]!,
    before: null,
    after: null,
    order: { before: ids(before), after: ids(after) },
  }
}

/** The products now in `order` take the places they hold now in that order; any added since stay where they are. */
export function inOrder(products: readonly Product[], order: readonly string[]): Product[] {
  const rank = new Map(order.map((id, i) => [id, i]))
  const ranked = products.filter((p) => rank.has(p.id)).sort((a, b) => rank.get(a.id)! - rank.get(b.id)!)
  let next = 0
  return products.map((p) => (rank.has(p.id) ? ranked[next++]! : p))
}

/** The latest generation run that replaced photographs, or null. */
export function lastRunOf(entries: readonly HistoryEntry[]): LastRun | null {
  const last = entries.findLast((e) => e.action === 'generation' && e.runId)
  if (!last) return null
  const ofRun = entries.filter((e) => e.runId === last.runId)
  return {
    runId: last.runId!,
    at: ofRun[0]!.at,
    products: ofRun.filter((e) => e.action === 'generation').length,
    undone: ofRun.some((e) => e.action === 'undo-generation'),
  }
}

/** What putting `to` back over `from` would do: each changed product with its fields (now, then), the others by name. */
export type RestorePreview = {
  changed: { name: string; fields: FieldChange[] }[]
  added: string[]
  removed: string[]
  reordered: boolean
}

export function restorePreview(from: readonly Product[], to: readonly Product[]): RestorePreview {
  const changes = productChanges(from, to, 'restore', 'snapshot-restore')
  return {
    changed: changes
      .filter((c) => c.before && c.after)
      .map((c) => {
        const photos = photoCountChange(c.before as StoredProduct, c.after as StoredProduct)
        return { name: c.after!.name, fields: [...fieldChanges(c.before, c.after), ...(photos ? [photos] : [])] }
      }),
    added: changes.filter((c) => !c.before && c.after).map((c) => c.after!.name),
    removed: changes.filter((c) => c.before && !c.after).map((c) => c.before!.name),
    reordered: orderChange(from, to, 'restore') !== null,
  }
}
