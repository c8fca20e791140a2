import { stat } from 'node:fs/promises'
import path from 'node:path'
import type { Low } from 'lowdb'
import type { AtomicJSONFile } from './atomic-json-file.server.ts'
import type { Data, DataProblem } from './check.server.ts'
import type { Journal, JournalRecord } from './journal.server.ts'
import { ChangeLog, diffItems, mergeOwnersEdit, needsWriteBack } from './merge.server.ts'
import { frozenUnderTest } from './freeze.server.ts'
import { lookAtDisk, reportMerge, type Fingerprint, type StoreLogger } from './owner-edits.server.ts'

/** Writing failed (read-only folder, full disk, the owner's file has an error...): the change was not saved. */
export class StoreWriteError extends Error {
  override name = 'StoreWriteError'
}

export type Change = (data: Data) => Data

type Pending = { change: Change; resolve: () => void; reject: (err: Error) => void }

const ANSWERS_PER_TURN = 6

const apply = (queue: readonly Pending[], data: Data) => queue.reduce((d, p) => p.change(d), data)

/**
 * Whether `next` differs from `data` in its enquiries only: all that can be kept while the owner's file has an error.
 */
function onlyEnquiriesChanged(data: Data, next: Data): boolean {
  const a = data as Record<string, unknown>
  const b = next as Record<string, unknown>
  return [...new Set([...Object.keys(a), ...Object.keys(b)])].every((k) => k === 'messages' || a[k] === b[k])
}

export type WriterParts = {
  db: Low<Data>
  adapter: AtomicJSONFile<Data>
  journal: Journal
  file: string
  logger: StoreLogger
  disk: Fingerprint | null
  /** Enquiries deleted through the server (also in the journal): an older copy must not bring them back. */
  deleted: Set<string>
}

/**
 * The one writer of DATA_FILE (docs/decisions.md): changes queue behind the write
 * on disk and go in the next one; a failed write undoes its changes in memory.
 */
export class DataFileWriter {
  private committed: Data
  private state: Data
  private queue: Pending[] = []
  private running: Promise<void> | null = null
  private closed = false
  private wantsCheck = false
  private wantsWrite = false
  private journalBehind = false
  private version = 0
  private readonly changes = new ChangeLog()
  private issue: DataProblem | null = null
  private retry: NodeJS.Timeout | null = null
  private productChanges = 0
  /** Set while writes are held (a backup's copy): changes queue, and go in one write when released. */
  private held: Promise<void> | null = null

  get current(): Data {
    return this.state
  }

  get problem(): DataProblem | null {
    return this.issue
  }

  get productsVersion(): number {
    return this.productChanges
  }

  constructor(
    private readonly parts: WriterParts,
    private readonly adopted: () => void,
  ) {
    this.committed = frozenUnderTest(parts.db.data)
    this.state = this.committed
  }

  update(change: Change): Promise<void> {
    if (this.closed) return Promise.reject(new StoreWriteError('The store is closed.'))
    this.setCurrent(change(this.current))
    return new Promise<void>((resolve, reject) => {
      this.queue.push({ change, resolve, reject })
      this.kick()
    })
  }

  async checkNow(): Promise<void> {
    this.wantsCheck = true
    this.kick()
    await this.drain()
  }

  async drain(): Promise<void> {
    while (this.running) await this.running
  }

  /**
   * Holds every write until the returned function is called, resolving
   * once none is under way; changes made meanwhile wait in the queue.
   */
  async hold(): Promise<() => void> {
    while (this.held) await this.held
    let release!: () => void
    this.held = new Promise<void>((resolve) => (release = resolve))
    await this.drain()
    return () => {
      this.held = null
      release()
      this.kick()
    }
  }

  async close(): Promise<void> {
    if (this.retry) clearTimeout(this.retry)
    this.wantsCheck = false
    while (this.held) await this.held // what waited during a backup is written before closing
    await this.drain()
    this.closed = true
  }

  private kick() {
    if (this.running || this.closed || this.held) return
    this.running = this.loop()
      .catch((err: Error) =>
        this.parts.logger.error(
          { dataFile: this.parts.file, err },
          `Unexpected failure while saving ${this.parts.file}; will try again with the next change.`,
        ),
      )
      .finally(() => {
        this.running = null
        if (this.queue.length > 0 || this.wantsCheck) this.kick()
      })
  }

  private async loop(): Promise<void> {
    while (!this.held && (this.queue.length > 0 || this.wantsCheck || this.wantsWrite)) {
      this.wantsCheck = false
      await this.syncFromDisk() // never write over an edit we have not read
      if (this.queue.length === 0 && !this.wantsWrite) continue
      const group = this.queue
      this.queue = []
      this.wantsWrite = false
      await this.commit(group)
    }
  }

  private async commit(group: Pending[]): Promise<void> {
    const { db, journal, deleted } = this.parts
    let accepted = group
    let snapshot = this.current
    if (this.problem) {
      // The owner's file stays as they saved it: only enquiries can be kept meanwhile (in the journal).
      accepted = []
      snapshot = this.committed
      for (const p of group) {
        const next = p.change(snapshot)
        if (onlyEnquiriesChanged(snapshot, next)) {
          snapshot = next
          accepted.push(p)
        } else p.reject(new StoreWriteError(`${this.problem.message} This change can be saved once the file is fixed.`))
      }
      if (accepted.length !== group.length) this.setCurrent(apply(this.queue, snapshot))
    }
    const { upserted, removed } = diffItems(this.committed.messages, snapshot.messages)
    // An enquiry leaves the data file deleted (the journal says so) or moved to a dated file, already on disk.
    const records: JournalRecord[] = [
      ...upserted.map((enquiry) => ({ message: enquiry })),
      ...removed.filter((id) => deleted.has(id)).map((id) => ({ removed: id })),
    ]
    try {
      if (this.problem) await journal.append(records)
      else {
        db.data = snapshot
        await db.write()
        await this.rememberWrite()
        // The file has it (what the visitor's 201 promises); the journal is the second copy.
        await this.appendToJournal(records)
      }
    } catch (err) {
      const failed = new StoreWriteError(
        `Could not write ${this.problem ? journal.file : this.parts.file}: ${(err as Error).message}`,
      )
      this.setCurrent(apply(this.queue, this.committed))
      for (const p of accepted) p.reject(failed)
      if (group.length === 0) this.retryWriteBack()
      return
    }
    this.changes.record(++this.version, this.committed, snapshot)
    this.committed = frozenUnderTest(snapshot)
    // Each resolved change answers its visitor (a response, a log line): a few at a time, so a group of many
    // does not hold the event loop, and other visitors, for all of them at once.
    for (let i = 0; i < accepted.length; i += ANSWERS_PER_TURN) {
      if (i > 0) await new Promise((r) => setImmediate(r))
      for (const p of accepted.slice(i, i + ANSWERS_PER_TURN)) p.resolve()
    }
    if (this.journalBehind || removed.length > 0 || journal.wantsCompaction(snapshot.messages.length)) {
      // What the journal holds beyond the data file's enquiries (moved ones, lines of older versions) goes.
      await journal.rewrite(snapshot.messages, deleted).then(
        () => (this.journalBehind = false),
        (err: Error) =>
          this.parts.logger.error(
            { journal: journal.file, err },
            `Could not rewrite the enquiry journal ${journal.file}.`,
          ),
      )
    }
  }

  /** Notes in the journal an enquiry deleted outside the data file, so that no older copy brings it back. */
  async noteDeleted(id: string): Promise<void> {
    this.parts.deleted.add(id)
    await this.appendToJournal([{ removed: id }])
  }

  private async appendToJournal(records: JournalRecord[]) {
    await this.parts.journal.append(records).catch((err: Error) => {
      this.journalBehind = true
      this.parts.logger.error(
        { journal: this.parts.journal.file, err },
        `Could not add to the enquiry journal ${this.parts.journal.file}; it is rewritten at the next chance.`,
      )
    })
  }

  private setCurrent(next: Data) {
    if (next.products !== this.state.products) this.productChanges++
    this.state = frozenUnderTest(next)
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
    const written = this.parts.adapter.lastWrite!
    const st = await stat(this.parts.file, { bigint: true }).catch(() => null)
    const ours = st && st.ino === written.ino && Number(st.size) === written.size
    this.parts.disk = ours
      ? { ino: st.ino, size: st.size, mtimeNs: st.mtimeNs, bytes: written.bytes }
      : { ino: -1n, size: -1n, mtimeNs: -1n, bytes: written.bytes }
  }

  private async syncFromDisk(): Promise<void> {
    const { file, logger } = this.parts
    const look = await lookAtDisk(file, this.parts.disk)
    switch (look.kind) {
      case 'same':
        return
      case 'unreadable':
        logger.error({ dataFile: file, err: look.err }, `Cannot read the data file ${file}: ${look.err.message}`)
        return
      case 'gone':
        if (this.parts.disk)
          logger.warn(
            { dataFile: file },
            `The data file ${file} was moved or deleted; it is written again from what the site holds.`,
          )
        this.parts.disk = null
        this.setProblem(null)
        this.wantsWrite = true
        return
      case 'touched':
        this.parts.disk = look.seen
        return
      case 'broken':
        this.parts.disk = look.seen
        return this.setProblem(look.problem)
      case 'edited':
        this.parts.disk = look.seen
        return this.adopt(look.data)
    }
  }

  /** Takes in a valid edit of the owner's: merged with ours, served at once, and what it lacked written back. */
  private async adopt(owners: Data): Promise<void> {
    const base = this.changes.baseOf(owners, this.version)
    const outcome = mergeOwnersEdit(this.committed, owners, this.changes, base, this.parts.deleted)
    const previous = this.committed
    this.committed = frozenUnderTest(outcome.data)
    this.version++
    this.setProblem(null)
    this.setCurrent(apply(this.queue, this.committed))
    if (needsWriteBack(outcome)) this.wantsWrite = true
    reportMerge(this.parts.logger, this.parts.file, outcome, previous)
    const { upserted } = diffItems(previous.messages, outcome.data.messages)
    await this.appendToJournal(upserted.map((enquiry) => ({ message: enquiry })))
    this.adopted()
  }

  private setProblem(problem: DataProblem | null) {
    const { file, logger, journal } = this.parts
    if (problem === null) {
      if (this.problem)
        logger.info(
          { dataFile: file },
          `${file} is valid again: the site serves it, with the enquiries received meanwhile.`,
        )
      this.issue = null
      return
    }
    if (this.problem?.message === problem.message) return
    this.issue = problem
    logger.error(
      { dataFile: file, line: problem.line, column: problem.column },
      `${problem.message} The site keeps serving the last good version and ` +
        `keeps new enquiries in ${path.basename(journal.file)} until the file is ` +
        `fixed; the file is left exactly as saved.`,
    )
  }
}
