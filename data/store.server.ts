import { randomUUID } from 'node:crypto'
import { open, stat, statfs, unlink } from 'node:fs/promises'
import path from 'node:path'
import type { Product, StoredProduct } from '../domain/product.ts'
import type { Data, DataProblem } from './check.server.ts'
import { DataFileWriter, StoreWriteError, type Change, type WriterParts } from './data-file-writer.server.ts'
import { DatedEnquiries } from './dated-enquiries.server.ts'
import { dueToMove, monthOf } from './dated-files.server.ts'
import { watchFile } from './file-watch.server.ts'
import type { HeldLock } from './lock.server.ts'
import type { StoredEnquiry } from './enquiry.server.ts'
import { openDataFile } from './open-data-file.server.ts'
import type { StoreLogger } from './owner-edits.server.ts'
import { seedProducts } from './seed/products.ts'

export { type Data, type DataProblem } from './check.server.ts'
export { DataFileError, lockHolder } from './lock.server.ts'
export { StoreWriteError, type Change, type StoreLogger }

/** What the caller gives for a new enquiry; the store adds id and createdAt. */
export type NewEnquiry = Pick<
  StoredEnquiry,
  'firstName' | 'lastName' | 'email' | 'subject' | 'message' | 'notification' | 'likelySpam'
>

export type StoreOptions = {
  seed?: Product[]
  logger?: StoreLogger
  /** Watch the data file for the owner's edits (on by default). */
  watch?: boolean
}

/** No enquiry with that id. */
export class UnknownEnquiryError extends Error {
  override name = 'UnknownEnquiryError'
}

const silent: StoreLogger = { info() {}, warn() {}, error() {} }
/** How often, while the site runs, enquiries past the data file's window move to their dated files. */
const MOVE_EVERY_MS = 60 * 60 * 1000
/** Each date read once, not at every comparison: the inbox sorts every saved enquiry per page. */
function newestFirst(enquiries: StoredEnquiry[]): StoredEnquiry[] {
  const times = new Map(enquiries.map((m) => [m, Date.parse(m.createdAt) || 0]))
  return enquiries.sort((a, b) => times.get(b)! - times.get(a)!)
}
const markArchived =
  (archived: boolean) =>
  (m: StoredEnquiry): StoredEnquiry => {
    if (archived) return { ...m, archived: true }
    const { archived: _, ...rest } = m
    return rest as StoredEnquiry
  }

/**
 * Recent enquiries in DATA_FILE (DataFileWriter), older ones in dated files
 * read on demand; every id-taking method works wherever the enquiry is.
 */
export class Store {
  private readonly writer: DataFileWriter
  private readonly dated: DatedEnquiries
  private readonly listeners = new Set<() => void>()
  private readonly timers: NodeJS.Timeout[] = []
  private stopWatching = () => {}
  private moving: Promise<void> | null = null
  /** Set during a backup's copy: nothing the store writes changes meanwhile. */
  private paused: Promise<unknown> | null = null
  private readonly answerers = new Map<string, (request: Record<string, unknown>) => Promise<unknown>>()
  private probes = 0
  /** Other writers beside the data file (the orders), held with it for a backup's copy. */
  private readonly alsoHeld: (() => Promise<() => void>)[] = []

  constructor(
    private readonly parts: WriterParts,
    private readonly lock: HeldLock,
    watch: boolean,
  ) {
    this.writer = new DataFileWriter(parts, () => this.adopted())
    this.dated = new DatedEnquiries(parts.file, parts.logger)
    if (watch) this.stopWatching = watchFile(parts.file, () => void this.writer.checkNow(), parts.logger)
    const mover = setInterval(() => void this.moveOlder(), MOVE_EVERY_MS)
    mover.unref()
    this.timers.push(mover)
  }

  get file(): string {
    return this.parts.file
  }

  get data(): Data {
    return this.writer.current
  }

  get products(): readonly StoredProduct[] {
    return this.writer.current.products
  }

  /** The enquiries in the data file: those of the last DAYS_IN_DATA_FILE days, and any still to be e-mailed. */
  get enquiries(): readonly StoredEnquiry[] {
    return this.writer.current.messages
  }

  /** What is wrong with the owner's file while it has an error (the site serves the last good version), else null. */
  get problem(): DataProblem | null {
    return this.writer.problem
  }

  /** Goes up whenever the products change, so rendered pages know to re-render. */
  get productsVersion(): number {
    return this.writer.productsVersion
  }

  /** Called after an owner's edit has been taken in (the outbox looks for new work). Returns an unsubscribe. */
  onChange(listener: () => void): () => void {
    this.listeners.add(listener)
    return () => this.listeners.delete(listener)
  }

  /**
   * Applies a change to the data file and resolves once it is on
   * disk; rejects with StoreWriteError if it could not be written.
   */
  update(change: Change): Promise<void> {
    return this.writer.update(change)
  }

  async addEnquiry(fields: NewEnquiry): Promise<StoredEnquiry> {
    const enquiry: StoredEnquiry = { id: randomUUID(), createdAt: new Date().toISOString(), ...fields }
    await this.update((d) => ({ ...d, messages: [...d.messages, enquiry] }))
    return enquiry
  }

  async updateProduct(id: string, patch: (p: StoredProduct) => StoredProduct): Promise<void> {
    await this.update((d) => ({ ...d, products: d.products.map((p) => (p.id === id ? patch(p) : p)) }))
  }

  /** Every saved enquiry, the data file's and the dated files', newest first. */
  async allEnquiries(): Promise<StoredEnquiry[]> {
    const inFile = this.enquiries
    const ids = new Set(inFile.map((m) => m.id))
    const older = (await this.dated.all()).filter((m) => !ids.has(m.id) && !this.parts.deleted.has(m.id))
    return newestFirst([...inFile, ...older])
  }

  /**
   * How many saved enquiries pass `test` (one test per `name`): per
   * dated file, the ids passing it are kept until that file changes.
   */
  async countEnquiries(name: string, test: (m: StoredEnquiry) => boolean): Promise<number> {
    const inFile = this.enquiries
    const ids = new Set(inFile.map((m) => m.id))
    let count = inFile.filter(test).length
    for (const id of await this.dated.idsPassing(name, test)) if (!ids.has(id) && !this.parts.deleted.has(id)) count++
    return count
  }

  async findEnquiry(id: string): Promise<StoredEnquiry | undefined> {
    const inFile = this.enquiries.find((m) => m.id === id)
    if (inFile || this.parts.deleted.has(id)) return inFile
    return this.dated.find(id)
  }

  /** Resolves once on disk; nothing happens when there is no such enquiry; rejects with StoreWriteError. */
  async updateEnquiry(id: string, patch: (m: StoredEnquiry) => StoredEnquiry): Promise<void> {
    await this.settled()
    if (this.enquiries.some((m) => m.id === id)) {
      await this.update((d) => ({ ...d, messages: d.messages.map((m) => (m.id === id ? patch(m) : m)) }))
    } else if (!this.parts.deleted.has(id)) await this.changeDated(id, patch)
  }

  /** Marks an enquiry as dealt with (`archived: true`), or lists it again; returns it as saved. */
  async setArchived(id: string, archived: boolean): Promise<StoredEnquiry> {
    await this.settled()
    const mark = markArchived(archived)
    if (this.enquiries.some((m) => m.id === id)) {
      await this.updateEnquiry(id, mark)
      const saved = this.enquiries.find((m) => m.id === id)
      if (!saved) throw new UnknownEnquiryError(`The enquiry ${id} was removed meanwhile.`)
      return saved
    }
    const before = this.parts.deleted.has(id) ? undefined : await this.changeDated(id, mark)
    if (!before) throw new UnknownEnquiryError(`There is no enquiry with the id ${id}.`)
    return mark(before)
  }

  /** It stays out even if the owner later saves an older copy holding it. */
  async deleteEnquiry(id: string): Promise<StoredEnquiry> {
    await this.settled()
    const inFile = this.enquiries.find((m) => m.id === id)
    // An enquiry in the data file may also be in its month's file (a move cut short): gone from both.
    const dated = this.parts.deleted.has(id)
      ? undefined
      : await this.changeDated(id, () => null, inFile && monthOf(inFile))
    const enquiry = inFile ?? dated
    if (!enquiry) throw new UnknownEnquiryError(`There is no enquiry with the id ${id}.`)
    if (!inFile) return this.writer.noteDeleted(id).then(() => enquiry)
    this.parts.deleted.add(id)
    try {
      await this.update((d) => ({ ...d, messages: d.messages.filter((m) => m.id !== id) }))
    } catch (err) {
      this.parts.deleted.delete(id) // not deleted after all: it must not be left out of a later merge
      throw err
    }
    return enquiry
  }

  /**
   * Runs `copy` while the store writes nothing (a backup's one moment): writes under way finish first,
   * changes made meanwhile wait and are written, and answered, once it ends.
   */
  async whilePaused<T>(copy: () => Promise<T>): Promise<T> {
    while (this.paused) await this.paused.catch(() => {})
    const run = (async () => {
      await this.moving // it writes through the writer: held, it would never end
      // Held before the writer: a change of theirs under way may still need it (an order's stock).
      const others: (() => void)[] = []
      for (const hold of this.alsoHeld) others.push(await hold())
      const release = await this.writer.hold()
      try {
        return await copy()
      } finally {
        release()
        for (const other of others) other()
      }
    })()
    this.paused = run
    try {
      return await run
    } finally {
      this.paused = null
    }
  }

  /** Holds another writer of files beside the data file with it during a backup's copy: `hold` resolves to its release. */
  alsoPause(hold: () => Promise<() => void>): void {
    this.alsoHeld.push(hold)
  }

  /** Dated files are written outside the writer's queue: not while a move or a backup's copy runs. */
  private async settled(): Promise<void> {
    while (this.moving || this.paused) await (this.moving ?? this.paused)?.catch(() => {})
  }

  /** Lets another module answer the shell's requests named `op` (`npm run snapshots`), through the lock's socket. */
  answer(op: string, handler: (request: Record<string, unknown>) => Promise<unknown>): void {
    this.answerers.set(op, handler)
  }

  private async changeDated(id: string, change: (m: StoredEnquiry) => StoredEnquiry | null, month?: string | null) {
    try {
      return await this.dated.change(id, change, month)
    } catch (err) {
      throw new StoreWriteError(`Could not change the dated file holding enquiry ${id}: ${(err as Error).message}`)
    }
  }

  /** Answers requests from the shell's tools (`npm run messages -- archive ID`) through the lock's socket. */
  async handleRequest(request: unknown): Promise<unknown> {
    const { op, id } = (request ?? {}) as { op?: unknown; id?: unknown }
    const answerer = typeof op === 'string' ? this.answerers.get(op) : undefined
    if (answerer)
      return answerer(request as Record<string, unknown>).catch((err: Error) => ({ ok: false, error: err.message }))
    if ((op === 'archive' || op === 'unarchive' || op === 'delete') && typeof id === 'string') {
      try {
        if (op === 'delete') await this.deleteEnquiry(id)
        else await this.setArchived(id, op === 'archive')
        return { ok: true }
      } catch (err) {
        return { ok: false, error: (err as Error).message }
      }
    }
    return { ok: false, error: 'Unknown request.' }
  }

  /** Resolves when every change made so far has been written (or has failed). */
  drain(): Promise<void> {
    return this.writer.drain()
  }

  private adopted() {
    for (const listener of this.listeners) listener()
    void this.moveOlder() // an old copy may hold enquiries that have moved since
  }

  /** Moves the enquiries past the data file's window to their dated files, then writes the data file without them. */
  private moveOlder(): Promise<void> {
    this.moving ??= (async () => {
      if (this.writer.problem || this.paused) return // tried again within the hour
      const due = dueToMove(this.enquiries).filter((m) => !this.parts.deleted.has(m.id))
      if (due.length === 0) return
      const placed = await this.dated.add(due)
      if (placed.size > 0) await this.update((d) => ({ ...d, messages: d.messages.filter((m) => !placed.has(m.id)) }))
    })()
      .catch((err: Error) =>
        this.parts.logger.error(
          { dataFile: this.file, err },
          `Could not move older enquiries to their dated files: ${err.message}; tried again later.`,
        ),
      )
      .finally(() => (this.moving = null))
    return this.moving
  }

  /**
   * For /healthz: a new file can be made, and there is room for a whole
   * second copy of the data file (each check with its own probe file).
   */
  async isWritable(): Promise<boolean> {
    const dir = path.dirname(this.file)
    const probe = path.join(dir, `.${path.basename(this.file)}.probe-${process.pid}-${++this.probes}`)
    try {
      await (await open(probe, 'wx', 0o600)).close()
      await unlink(probe)
      const [space, file] = await Promise.all([statfs(dir), stat(this.file).catch(() => null)])
      return space.bavail * space.bsize >= (file?.size ?? 0) + 64 * 1024
    } catch {
      return false
    }
  }

  async close(): Promise<void> {
    this.stopWatching()
    for (const timer of this.timers) clearInterval(timer)
    await this.moving
    await this.writer.close()
    await this.lock.release()
  }
}

/** Opens DATA_FILE as its single writer (see openDataFile), moving older enquiries to dated files first. */
export async function openStore(file: string, options: StoreOptions = {}): Promise<Store> {
  const opened: { store?: Store } = {}
  const handle = (request: unknown) =>
    opened.store?.handleRequest(request) ?? Promise.resolve({ ok: false, error: 'The server is starting.' })
  const { parts, lock } = await openDataFile(
    path.resolve(file),
    options.seed ?? seedProducts,
    options.logger ?? silent,
    handle,
  )
  opened.store = new Store(parts, lock, options.watch !== false)
  return opened.store
}
