import { randomUUID } from 'node:crypto'
import fs from 'node:fs'
import { mkdir, open, readFile, stat, statfs, unlink } from 'node:fs/promises'
import path from 'node:path'
import { Low, type Adapter } from 'lowdb'
import writeFileAtomic from 'write-file-atomic'
import type { Product } from '../domain/product.ts'
import type { StoredMessage } from './message.server.ts'
import { checkDataText, DataSchema, type Data, type DataProblem } from './check.server.ts'
import { syncFolder } from './fsync.server.ts'
import { Journal, journalFileFor, type JournalRecord } from './journal.server.ts'
import { acquireLock, DataFileError, lockFileFor, lockHolder, type HeldLock } from './lock.server.ts'
import { ChangeLog, diffItems, mergeOwnersEdit, needsWriteBack, type MergeOutcome } from './merge.server.ts'
import { seedProducts } from './seed/products.ts'

export { DataSchema, DataFileError, journalFileFor, lockFileFor, lockHolder }
export type { Data, DataProblem }

/** Writing failed (read-only folder, full disk, the owner's file has an error...): the change was not saved. */
export class StoreWriteError extends Error {
  override name = 'StoreWriteError'
}

/**
 * lowdb adapter that writes through `write-file-atomic`: a temporary file, fsync'd, then
 * renamed over the data file, so a crash or power cut leaves the old file or the new one.
 * Reading never repairs or replaces a file it cannot parse: that is the owner's data.
 */
export class AtomicJSONFile<T> implements Adapter<T> {
  /** The bytes of the last write, and the inode of the file it renamed into place. */
  lastWrite: { bytes: Buffer; ino: bigint | null } | null = null

  constructor(readonly file: string) {}

  async read(): Promise<T | null> {
    let text: string
    try {
      text = await readFile(this.file, 'utf8')
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null
      throw new DataFileError(`Cannot read the data file ${this.file}: ${(err as Error).message}`)
    }
    const checked = checkDataText(text, this.file)
    if (!checked.ok) throw new DataFileError(checked.problem.message)
    return checked.data as T
  }

  async write(data: T): Promise<void> {
    const bytes = serializePretty(data)
    let ino: bigint | null = null
    await writeFileAtomic(this.file, bytes, {
      fsync: true,
      tmpfileCreated: async (tmp: string) => {
        ino = (await stat(tmp, { bigint: true })).ino
      },
    })
    await syncFolder(path.dirname(this.file))
    this.lastWrite = { bytes, ino }
  }
}

const itemBytes = new WeakMap<object, Buffer>()
const text = (s: string) => Buffer.from(s, 'utf8')
const OPEN = text('{\n')
const CLOSE = text('\n}\n')
const COMMA = text(',\n')
const ARRAY_END = text('\n  ]')

/**
 * JSON.stringify(data, null, 2) as UTF-8 bytes, but each element of a top-level array is turned into
 * bytes once and remembered: changes are immutable, so an unchanged message keeps its object and its
 * bytes, and a write with 10,000 saved enquiries costs one copy of them, not serialising them all
 * again (nor building and encoding one long string: both cost more than the write itself).
 */
export function serializePretty(data: unknown): Buffer {
  if (data === null || typeof data !== 'object' || Array.isArray(data)) return text(JSON.stringify(data, null, 2) + '\n')
  const entries = Object.entries(data as Record<string, unknown>).filter(([, value]) => value !== undefined)
  if (entries.length === 0) return text('{}\n')
  const parts: Buffer[] = [OPEN]
  entries.forEach(([key, value], i) => {
    if (i > 0) parts.push(COMMA)
    if (!Array.isArray(value)) {
      parts.push(text(`  ${JSON.stringify(key)}: ${JSON.stringify(value, null, 2).replace(/\n/g, '\n  ')}`))
      return
    }
    if (value.length === 0) {
      parts.push(text(`  ${JSON.stringify(key)}: []`))
      return
    }
    parts.push(text(`  ${JSON.stringify(key)}: [\n`))
    value.forEach((item, j) => {
      if (j > 0) parts.push(COMMA)
      if (item === null || typeof item !== 'object') {
        parts.push(text(`    ${JSON.stringify(item)}`))
        return
      }
      let bytes = itemBytes.get(item)
      if (bytes === undefined) {
        bytes = text('    ' + JSON.stringify(item, null, 2).replace(/\n/g, '\n    '))
        itemBytes.set(item, bytes)
      }
      parts.push(bytes)
    })
    parts.push(ARRAY_END)
  })
  parts.push(CLOSE)
  return Buffer.concat(parts)
}


/** What the caller gives for a new enquiry; the store adds id and createdAt. */
export type NewMessage = Pick<StoredMessage, 'firstName' | 'lastName' | 'email' | 'subject' | 'message' | 'notification'>

/** An immutable change: returns the next state (or the same one) without mutating its input. */
export type Change = (data: Data) => Data

type Pending = { change: Change; resolve: () => void; reject: (err: Error) => void }

/** Where the store reports what happens to the owner's file (pino's signature). */
export type StoreLogger = {
  info(obj: object, msg: string): void
  warn(obj: object, msg: string): void
  error(obj: object, msg: string): void
}
const silent: StoreLogger = { info() {}, warn() {}, error() {} }

export type StoreOptions = {
  seed?: Product[]
  logger?: StoreLogger
  /** Watch the data file for the owner's edits (on by default). */
  watch?: boolean
}

/** What was last seen on disk, written or read: an edit shows as a change of any of these. */
type Fingerprint = { ino: bigint; size: bigint; mtimeNs: bigint; bytes: Buffer }

/** Quiet time after the last file event before the file is read: an editor's save is several events. */
const DEBOUNCE_MS = 150
/** A look at the file's inode, size and time even without events (file systems that send none). */
const POLL_MS = 2000

/** No enquiry with that id (an archive request from the shell). */
export class UnknownMessageError extends Error {
  override name = 'UnknownMessageError'
}

const apply = (queue: readonly Pending[], data: Data) => queue.reduce((d, p) => p.change(d), data)

/** Whether `next` differs from `data` in its enquiries only: all that can be kept while the owner's file has an error. */
function onlyMessagesChanged(data: Data, next: Data): boolean {
  const a = data as Record<string, unknown>
  const b = next as Record<string, unknown>
  const keys = new Set([...Object.keys(a), ...Object.keys(b)])
  return [...keys].every((k) => k === 'messages' || a[k] === b[k])
}

function journalRecords(before: Data, after: Data): JournalRecord[] {
  const { upserted, removed } = diffItems(before.messages, after.messages)
  return [...upserted.map((message) => ({ message })), ...removed.map((id) => ({ removed: id }))]
}

/**
 * The one writer of DATA_FILE. Changes apply to memory at once and are written in groups:
 * while one write is on disk, further changes queue and the next write carries them all,
 * so a burst of enquiries costs a few writes, not one each. A caller's promise settles
 * when the write holding its change is on disk (or failed, in which case the change is
 * undone in memory too).
 *
 * The file is also the owner's: they edit it while the site runs. The folder is watched, and
 * before every write the file on disk is compared with what we last wrote or read (inode, size,
 * modification time, then the bytes). A valid edit is merged (data/merge.server.ts) and served;
 * anything of ours it lacks is written back beside it. A broken edit is left exactly as saved:
 * the last good data stays in service, one error is logged, `problem` says what is wrong, and
 * enquiries are kept in the journal until the file is valid again.
 */
export class Store {
  private committed: Data
  private current: Data
  private queue: Pending[] = []
  private running: Promise<void> | null = null
  private closed = false
  private wantsCheck = false
  private wantsWrite = false
  private journalBehind = false
  private version = 0
  private readonly changes = new ChangeLog()
  private issue: DataProblem | null = null
  private watcher: fs.FSWatcher | null = null
  private debounce: NodeJS.Timeout | null = null
  private poll: NodeJS.Timeout | null = null
  private retry: NodeJS.Timeout | null = null
  private readonly listeners = new Set<() => void>()
  private probes = 0
  private readonly answers = new Map<string, () => Promise<unknown>>()
  /** Enquiries deleted through the server (also in the journal): an older copy must not bring them back. */
  private readonly deleted: Set<string>
  /** Goes up whenever the products change, so rendered pages know to re-render. */
  productsVersion = 0

  constructor(
    private readonly db: Low<Data>,
    private readonly adapter: AtomicJSONFile<Data>,
    private readonly journal: Journal,
    readonly file: string,
    private readonly lock: HeldLock,
    private readonly logger: StoreLogger,
    private disk: Fingerprint | null,
    deleted: Iterable<string>,
  ) {
    this.deleted = new Set(deleted)
    this.committed = db.data
    this.current = db.data
  }

  get data(): Readonly<Data> {
    return this.current
  }

  get products(): readonly Product[] {
    return this.current.products
  }

  get messages(): readonly StoredMessage[] {
    return this.current.messages
  }

  // Stand-ins for the dated enquiry files' store API (replaced by it on merge): the data file's enquiries only.
  async allMessages(): Promise<StoredMessage[]> {
    return [...this.current.messages].sort((a, b) => (a.createdAt < b.createdAt ? 1 : a.createdAt > b.createdAt ? -1 : 0))
  }

  async findMessage(id: string): Promise<StoredMessage | undefined> {
    return this.current.messages.find((m) => m.id === id)
  }

  /** What is wrong with the owner's file while it has an error (the site serves the last good version), else null. */
  get problem(): DataProblem | null {
    return this.issue
  }

  /** Called after an owner's edit has been taken in (the outbox looks for new work). Returns an unsubscribe. */
  onChange(listener: () => void): () => void {
    this.listeners.add(listener)
    return () => this.listeners.delete(listener)
  }

  /** Applies a change and resolves once it is on disk. Rejects with StoreWriteError if it could not be written. */
  update(change: Change): Promise<void> {
    if (this.closed) return Promise.reject(new StoreWriteError('The store is closed.'))
    const next = change(this.current)
    if (next.products !== this.current.products) this.productsVersion++
    this.current = next
    return new Promise<void>((resolve, reject) => {
      this.queue.push({ change, resolve, reject })
      this.kick()
    })
  }

  /** Saves a new enquiry and returns it as stored. */
  async addMessage(fields: NewMessage): Promise<StoredMessage> {
    const message: StoredMessage = { id: randomUUID(), createdAt: new Date().toISOString(), ...fields }
    await this.update((d) => ({ ...d, messages: [...d.messages, message] }))
    return message
  }

  /** Replaces one message by id (immutably); resolves once on disk. */
  async updateMessage(id: string, patch: (m: StoredMessage) => StoredMessage): Promise<void> {
    await this.update((d) => ({ ...d, messages: d.messages.map((m) => (m.id === id ? patch(m) : m)) }))
  }

  async updateProduct(id: string, patch: (p: Product) => Product): Promise<void> {
    await this.update((d) => ({ ...d, products: d.products.map((p) => (p.id === id ? patch(p) : p)) }))
  }

  /**
   * Marks an enquiry as dealt with (`archived: true`), or lists it again. An archived enquiry is not
   * e-mailed nor listed by `npm run messages`, and the owner may delete it from the file for good.
   */
  async setArchived(id: string, archived: boolean): Promise<StoredMessage> {
    if (!this.current.messages.some((m) => m.id === id)) throw new UnknownMessageError(`There is no enquiry with the id ${id}.`)
    await this.updateMessage(id, (m) => {
      if (archived) return { ...m, archived: true }
      const { archived: _, ...rest } = m
      return rest as StoredMessage
    })
    const saved = this.current.messages.find((m) => m.id === id)
    if (!saved) throw new UnknownMessageError(`The enquiry ${id} was removed meanwhile.`)
    return saved
  }

  /**
   * Removes an enquiry for good (a visitor asked to be forgotten, or a test message): from the file
   * and the journal, and it stays out even if the owner later saves an older copy that holds it.
   */
  async deleteMessage(id: string): Promise<StoredMessage> {
    const message = this.current.messages.find((m) => m.id === id)
    if (!message) throw new UnknownMessageError(`There is no enquiry with the id ${id}.`)
    this.deleted.add(id)
    try {
      await this.update((d) => ({ ...d, messages: d.messages.filter((m) => m.id !== id) }))
    } catch (err) {
      this.deleted.delete(id) // not deleted after all: it must not be left out of a later merge
      throw err
    }
    return message
  }

  /** Answers requests from the shell's tools (`npm run messages -- archive ID`) through the lock's socket. */
  async handleRequest(request: unknown): Promise<unknown> {
    const { op, id } = (request ?? {}) as { op?: unknown; id?: unknown }
    const answer = typeof op === 'string' ? this.answers.get(op) : undefined
    if (answer) return answer()
    if ((op === 'archive' || op === 'unarchive' || op === 'delete') && typeof id === 'string') {
      try {
        if (op === 'delete') await this.deleteMessage(id)
        else await this.setArchived(id, op === 'archive')
        return { ok: true }
      } catch (err) {
        return { ok: false, error: (err as Error).message }
      }
    }
    return { ok: false, error: 'Unknown request.' }
  }

  /** Lets a shell tool ask the running server a question by name (`npm run health` asks `health`). */
  answer(op: string, reply: () => Promise<unknown>): void {
    this.answers.set(op, reply)
  }

  /** Looks at the file on disk now (and takes in an owner's edit); resolves when done. */
  async checkNow(): Promise<void> {
    this.wantsCheck = true
    this.kick()
    await this.drain()
  }

  private kick() {
    if (this.running || this.closed) return
    this.running = this.loop()
      .catch((err: Error) => this.logger.error({ dataFile: this.file, err }, `Unexpected failure while saving ${this.file}; will try again with the next change.`))
      .finally(() => {
        this.running = null
        if (this.queue.length > 0 || this.wantsCheck) this.kick()
      })
  }

  private async loop(): Promise<void> {
    while (this.queue.length > 0 || this.wantsCheck || this.wantsWrite) {
      this.wantsCheck = false
      // Never write over an edit we have not read.
      await this.syncFromDisk().catch((err: Error) => this.logger.error({ dataFile: this.file, err }, `Cannot look at ${this.file}: ${err.message}`))
      if (this.queue.length === 0 && !this.wantsWrite) continue
      const group = this.queue
      this.queue = []
      this.wantsWrite = false
      await this.commit(group)
    }
  }

  private async commit(group: Pending[]): Promise<void> {
    let accepted = group
    let snapshot = this.current
    if (this.issue) {
      // The owner's file stays as they saved it: only enquiries can be kept meanwhile (in the journal).
      accepted = []
      snapshot = this.committed
      for (const p of group) {
        const next = p.change(snapshot)
        if (onlyMessagesChanged(snapshot, next)) {
          snapshot = next
          accepted.push(p)
        } else {
          p.reject(new StoreWriteError(`${this.issue.message} This change can be saved once the file is fixed.`))
        }
      }
      if (accepted.length !== group.length) this.setCurrent(apply(this.queue, snapshot))
    }
    const records = journalRecords(this.committed, snapshot)
    try {
      if (this.issue) {
        await this.journal.append(records)
      } else {
        this.db.data = snapshot
        await this.db.write()
        await this.rememberWrite()
        // The file has it (what the visitor's 201 promises); the journal is the second copy.
        await this.journal.append(records).catch((err: Error) => {
          this.journalBehind = true
          this.logger.error({ journal: this.journal.file, err }, `Could not add to the enquiry journal ${this.journal.file}; it is rewritten at the next chance.`)
        })
      }
    } catch (err) {
      // Undo the failed group in memory: rebuild from what is on disk plus what came after.
      const target = this.issue ? this.journal.file : this.file
      const failed = new StoreWriteError(`Could not write ${target}: ${(err as Error).message}`)
      this.setCurrent(apply(this.queue, this.committed))
      for (const p of accepted) p.reject(failed)
      if (group.length === 0) this.retryWriteBack()
      return
    }
    this.changes.record(++this.version, this.committed, snapshot)
    this.committed = snapshot
    for (const p of accepted) p.resolve()
    // A deleted enquiry leaves the journal too (the rewrite keeps only its id, so no older copy brings it back).
    if (this.journalBehind || records.some((r) => 'removed' in r) || this.journal.wantsCompaction(snapshot.messages.length)) {
      await this.journal.rewrite(snapshot.messages, this.deleted).then(
        () => (this.journalBehind = false),
        (err: Error) => this.logger.error({ journal: this.journal.file, err }, `Could not rewrite the enquiry journal ${this.journal.file}.`),
      )
    }
  }

  private setCurrent(next: Data) {
    if (next.products !== this.current.products) this.productsVersion++
    this.current = next
  }

  /** Writing back what an owner's edit lacked failed (disk full, read-only): try again in a while. */
  private retryWriteBack() {
    if (this.retry || this.closed) return
    this.retry = setTimeout(() => {
      this.retry = null
      this.wantsWrite = true
      this.kick()
    }, 5000)
    this.retry.unref()
  }

  /** Remembers the file we just wrote, unless someone replaced it straight after (then it is read at the next look). */
  private async rememberWrite() {
    const written = this.adapter.lastWrite!
    const st = await stat(this.file, { bigint: true }).catch(() => null)
    const ours = st && st.ino === written.ino && Number(st.size) === written.bytes.length
    this.disk = ours ? { ino: st.ino, size: st.size, mtimeNs: st.mtimeNs, bytes: written.bytes } : { ino: -1n, size: -1n, mtimeNs: -1n, bytes: written.bytes }
  }

  /** Compares the file on disk with what we last wrote or read, and takes in an owner's edit. */
  private async syncFromDisk(): Promise<void> {
    let st: fs.BigIntStats
    let bytes: Buffer
    try {
      st = await stat(this.file, { bigint: true })
      const d = this.disk
      if (d && st.ino === d.ino && st.size === d.size && st.mtimeNs === d.mtimeNs) return
      bytes = await readFile(this.file)
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT') {
        this.logger.error({ dataFile: this.file, err }, `Cannot read the data file ${this.file}: ${(err as Error).message}`)
        return
      }
      if (this.disk) {
        this.logger.warn({ dataFile: this.file }, `The data file ${this.file} was moved or deleted; it is written again from what the site holds.`)
      }
      this.disk = null
      this.setIssue(null)
      this.wantsWrite = true
      return
    }
    const seen: Fingerprint = { ino: st.ino, size: st.size, mtimeNs: st.mtimeNs, bytes }
    const unchanged = this.disk?.bytes.equals(bytes)
    this.disk = seen
    if (unchanged) return // touched, or saved without a change
    const checked = checkDataText(bytes.toString('utf8'), this.file)
    if (!checked.ok) return this.setIssue(checked.problem)
    await this.adopt(checked.data)
  }

  /** Takes in a valid edit of the owner's: merged with ours, served at once, and what it lacked written back. */
  private async adopt(owners: Data): Promise<void> {
    const base = this.changes.baseOf(owners, this.version)
    const outcome = mergeOwnersEdit(this.committed, owners, this.changes, base, this.deleted)
    const previous = this.committed
    this.committed = outcome.data
    this.version++
    this.setIssue(null)
    this.setCurrent(apply(this.queue, this.committed))
    if (needsWriteBack(outcome)) this.wantsWrite = true
    this.report(outcome, previous)
    const records = journalRecords(previous, outcome.data)
    await this.journal.append(records).catch((err: Error) => {
      this.journalBehind = true
      this.logger.error({ journal: this.journal.file, err }, `Could not add to the enquiry journal ${this.journal.file}; it is rewritten at the next chance.`)
    })
    for (const listener of this.listeners) listener()
  }

  private report(outcome: MergeOutcome, previous: Data) {
    const products = diffItems(previous.products, outcome.data.products)
    this.logger.info(
      { dataFile: this.file, productsChanged: products.upserted.length + products.removed.length, enquiriesRestored: outcome.restored.length },
      `Read the edit of ${this.file}: now serving it.`,
    )
    if (outcome.restored.length > 0) {
      this.logger.warn(
        { dataFile: this.file, enquiries: outcome.restored.map((m) => m.id) },
        `${outcome.restored.length} enquir${outcome.restored.length === 1 ? 'y' : 'ies'} the site had saved ${outcome.restored.length === 1 ? 'was' : 'were'} missing from the edit of ${this.file} and ${outcome.restored.length === 1 ? 'was' : 'were'} put back. To mark one as dealt with, set "archived": true on it; to remove one for good, run npm run messages -- delete ID.`,
      )
    }
    if (outcome.removed.length > 0) {
      this.logger.info(
        { dataFile: this.file, enquiries: outcome.removed.map((m) => m.id) },
        `The edit of ${this.file} held ${outcome.removed.length} enquir${outcome.removed.length === 1 ? 'y' : 'ies'} deleted earlier with npm run messages -- delete; left out again.`,
      )
    }
    if (outcome.kept.length > 0) {
      this.logger.info({ dataFile: this.file, kept: outcome.kept.slice(0, 20) }, `The edit of ${this.file} came from an older copy: the site's own later changes were kept on top of it.`)
    }
  }

  private setIssue(problem: DataProblem | null) {
    if (problem === null) {
      if (this.issue) this.logger.info({ dataFile: this.file }, `${this.file} is valid again: the site serves it, with the enquiries received meanwhile.`)
      this.issue = null
      return
    }
    if (this.issue?.message === problem.message) return
    this.issue = problem
    this.logger.error(
      { dataFile: this.file, line: problem.line, column: problem.column },
      `${problem.message} The site keeps serving the last good version and keeps new enquiries in ${path.basename(this.journal.file)} until the file is fixed; the file is left exactly as saved.`,
    )
  }

  /** Starts watching the data file's folder (editors save by writing a new file and renaming it). */
  watch(): void {
    const dir = path.dirname(this.file)
    const name = path.basename(this.file)
    try {
      this.watcher = fs.watch(dir, { persistent: false }, (_event, changed) => {
        if (!changed || changed.toString() === name) this.scheduleCheck()
      })
      this.watcher.on('error', (err) => {
        this.logger.warn({ dataFile: this.file, err }, `Stopped watching ${dir}; edits are still seen within ${POLL_MS / 1000} s.`)
        this.watcher?.close()
        this.watcher = null
      })
    } catch (err) {
      this.logger.warn({ dataFile: this.file, err }, `Cannot watch ${dir}; edits are seen within ${POLL_MS / 1000} s.`)
    }
    this.poll = setInterval(() => this.scheduleCheck(), POLL_MS)
    this.poll.unref()
  }

  private scheduleCheck() {
    if (this.closed) return
    if (this.debounce) clearTimeout(this.debounce)
    this.debounce = setTimeout(() => {
      this.debounce = null
      this.wantsCheck = true
      this.kick()
    }, DEBOUNCE_MS)
    this.debounce.unref()
  }

  /** Resolves when every change made so far has been written (or has failed). */
  async drain(): Promise<void> {
    while (this.running) await this.running
  }

  /**
   * Checks that the next write would succeed, for /healthz: the folder accepts a new file (not
   * read-only) and has room for another copy of the data file (write-file-atomic writes the whole
   * file beside the old one before swapping them), so a full disk shows before an enquiry is refused.
   * Each check uses a probe file of its own, so overlapping checks cannot remove each other's.
   */
  async isWritable(): Promise<boolean> {
    const dir = path.dirname(this.file)
    const probe = path.join(dir, `.${path.basename(this.file)}.probe-${process.pid}-${++this.probes}`)
    try {
      const fh = await open(probe, 'wx')
      await fh.close()
      await unlink(probe)
      const [space, file] = await Promise.all([statfs(dir), stat(this.file).catch(() => null)])
      const needed = (file?.size ?? 0) + 64 * 1024
      return space.bavail * space.bsize >= needed
    } catch {
      return false
    }
  }

  async close(): Promise<void> {
    this.watcher?.close()
    this.watcher = null
    for (const timer of [this.debounce, this.poll, this.retry]) if (timer) clearTimeout(timer)
    this.debounce = this.poll = this.retry = null
    this.wantsCheck = false
    await this.drain()
    this.closed = true
    await this.lock.release()
  }
}

/**
 * Opens DATA_FILE as the single writer. A missing file is created from the seed catalogue;
 * an unreadable or invalid one stops everything with a DataFileError and is left untouched.
 * Enquiries in the journal that the file lacks (saved while it had an error, or lost to an
 * owner's save from an older copy just before a crash) are put back.
 */
export async function openStore(file: string, options: StoreOptions = {}): Promise<Store> {
  const abs = path.resolve(file)
  const logger = options.logger ?? silent
  await mkdir(path.dirname(abs), { recursive: true })
  let store: Store | undefined
  const lock = await acquireLock(abs, (request) => (store ? store.handleRequest(request) : Promise.resolve({ ok: false, error: 'The server is starting.' })))
  try {
    const adapter = new AtomicJSONFile<Data>(abs)
    const journal = new Journal(journalFileFor(abs))
    let bytes: Buffer | null
    try {
      bytes = await readFile(abs)
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw new DataFileError(`Cannot read the data file ${abs}: ${(err as Error).message}`)
      bytes = null
    }
    let data: Data
    let write = bytes === null
    if (bytes === null) {
      data = { products: structuredClone(options.seed ?? seedProducts), messages: [] }
    } else {
      const checked = checkDataText(bytes.toString('utf8'), abs)
      if (!checked.ok) {
        throw new DataFileError(`${checked.problem.message} It was left as it is; fix it (npm run check-data shows what is wrong), then start again.`)
      }
      data = checked.data
    }
    const saved = await journal.read().catch((err: Error) => {
      throw new DataFileError(`Cannot read the enquiry journal ${journal.file}: ${err.message}`)
    })
    if (saved.damaged > 0) {
      const copy = await journal.setAside()
      logger.error({ journal: journal.file, copy }, `${saved.damaged} line(s) of ${journal.file} could not be read; a copy was kept as ${copy}.`)
    }
    if (saved.messages.length > 0 || saved.deleted.length > 0) {
      const outcome = mergeOwnersEdit({ ...data, messages: saved.messages }, data, new ChangeLog(), 0, new Set(saved.deleted))
      if (needsWriteBack(outcome)) {
        data = outcome.data
        write = true
      }
      if (outcome.restored.length > 0) {
        logger.warn({ dataFile: abs, enquiries: outcome.restored.map((m) => m.id) }, `${outcome.restored.length} enquiries from ${journal.file} were missing from ${abs} and were put back.`)
      }
    }
    const db = new Low<Data>(adapter, data)
    try {
      if (write) await db.write()
      await journal.rewrite(data.messages, saved.deleted)
    } catch (err) {
      throw new DataFileError(`Cannot write the data file ${abs} or its journal: ${(err as Error).message}`)
    }
    const st = await stat(abs, { bigint: true })
    const disk = { ino: st.ino, size: st.size, mtimeNs: st.mtimeNs, bytes: write ? adapter.lastWrite!.bytes : bytes! }
    store = new Store(db, adapter, journal, abs, lock, logger, disk, saved.deleted)
    if (options.watch !== false) store.watch()
    return store
  } catch (err) {
    await lock.release()
    throw err
  }
}
