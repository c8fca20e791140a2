import { randomUUID } from 'node:crypto'
import fs from 'node:fs'
import { mkdir, open, readFile, stat, statfs, unlink } from 'node:fs/promises'
import path from 'node:path'
import { promisify } from 'node:util'
import { Low, type Adapter } from 'lowdb'
import * as v from 'valibot'
import writeFileAtomic from 'write-file-atomic'
import { ProductSchema, type Product } from '../domain/product.ts'
import { StoredMessageSchema, type StoredMessage } from '../domain/message.ts'
import { ImageRunSchema } from '../domain/image-runs.ts'
import { seedProducts } from './seed/products.ts'

/** Stored products may carry extra fields (generated image sets); the API shows only the CONTRACT's. */
const StoredProductSchema = v.looseObject(ProductSchema.entries)

export const DataSchema = v.object({
  products: v.array(StoredProductSchema),
  messages: v.array(StoredMessageSchema),
  /** Image generation runs of the last 24 hours, counted against the daily limit; absent until the first run. */
  imageRuns: v.optional(v.array(ImageRunSchema)),
})
export type Data = v.InferOutput<typeof DataSchema>

/** Start-up refused because of the data file; the message names the file and the problem. */
export class DataFileError extends Error {
  override name = 'DataFileError'
}

/** Writing failed (read-only folder, full disk...): the change was not saved. */
export class StoreWriteError extends Error {
  override name = 'StoreWriteError'
}

/**
 * lowdb adapter that writes through `write-file-atomic`: a temporary file, fsync'd, then
 * renamed over the data file, so a crash or power cut leaves the old file or the new one.
 * Reading never repairs or replaces a file it cannot parse: that is the owner's data.
 */
export class AtomicJSONFile<T> implements Adapter<T> {
  constructor(readonly file: string) {}

  async read(): Promise<T | null> {
    let text: string
    try {
      text = await readFile(this.file, 'utf8')
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null
      throw new DataFileError(`Cannot read the data file ${this.file}: ${(err as Error).message}`)
    }
    try {
      return JSON.parse(text) as T
    } catch (err) {
      const what = text.trim() === '' ? 'it is empty' : `it is not valid JSON (${(err as Error).message})`
      throw new DataFileError(`The data file ${this.file} cannot be used: ${what}. It was left as it is; fix or move it, then start again.`)
    }
  }

  async write(data: T): Promise<void> {
    await writeFileAtomic(this.file, serializePretty(data), { fsync: true })
    await syncFolder(path.dirname(this.file))
  }
}

/**
 * Flushes a folder's entries to disk, so that the rename which replaced the data file survives a
 * power cut too (the file's own bytes were fsync'd before the rename). Best effort: some file
 * systems refuse fsync on a folder, and the write itself has already succeeded. Called through the
 * `fs` module object, as write-file-atomic does (test/reliability/durability.test.ts watches it).
 */
async function syncFolder(dir: string): Promise<void> {
  let fd: number | undefined
  try {
    fd = await promisify(fs.open)(dir, 'r')
    await promisify(fs.fsync)(fd)
  } catch {
    /* not supported here: nothing more can be done */
  } finally {
    if (fd !== undefined) await promisify(fs.close)(fd).catch(() => {})
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

/**
 * The one writer of DATA_FILE. Changes apply to memory at once and are written in groups:
 * while one write is on disk, further changes queue and the next write carries them all,
 * so a burst of enquiries costs a few writes, not one each. A caller's promise settles
 * when the write holding its change is on disk (or failed, in which case the change is
 * undone in memory too).
 */
export class Store {
  private committed: Data
  private current: Data
  private queue: Pending[] = []
  private inFlight: Pending[] = []
  private writing: Promise<void> | null = null
  private closed = false
  /** Goes up whenever the products change, so rendered pages know to re-render. */
  productsVersion = 0

  constructor(
    private readonly db: Low<Data>,
    readonly file: string,
    private readonly releaseLock: () => Promise<void>,
  ) {
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

  /** Applies a change and resolves once it is on disk. Rejects with StoreWriteError if it could not be written. */
  update(change: Change): Promise<void> {
    if (this.closed) return Promise.reject(new StoreWriteError('The store is closed.'))
    const next = change(this.current)
    if (next.products !== this.current.products) this.productsVersion++
    this.current = next
    return new Promise<void>((resolve, reject) => {
      this.queue.push({ change, resolve, reject })
      if (!this.writing) this.writing = this.flush()
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

  private async flush(): Promise<void> {
    while (this.queue.length > 0) {
      this.inFlight = this.queue
      this.queue = []
      const snapshot = this.current
      try {
        this.db.data = snapshot
        await this.db.write()
        this.committed = snapshot
        for (const p of this.inFlight) p.resolve()
      } catch (err) {
        // Undo the failed group in memory: rebuild from what is on disk plus what came after.
        const failed = new StoreWriteError(`Could not write ${this.file}: ${(err as Error).message}`)
        const before = this.current.products
        this.current = this.queue.reduce((d, p) => p.change(d), this.committed)
        if (this.current.products !== before) this.productsVersion++
        for (const p of this.inFlight) p.reject(failed)
      }
      this.inFlight = []
    }
    this.writing = null
  }

  /** Resolves when every change made so far has been written (or has failed). */
  async drain(): Promise<void> {
    while (this.writing) await this.writing
  }

  /**
   * Checks that the next write would succeed, for /healthz: the folder accepts a new file (not
   * read-only) and has room for another copy of the data file (write-file-atomic writes the whole
   * file beside the old one before swapping them), so a full disk shows before an enquiry is refused.
   */
  async isWritable(): Promise<boolean> {
    const dir = path.dirname(this.file)
    const probe = path.join(dir, `.${path.basename(this.file)}.probe-${process.pid}`)
    try {
      const fh = await open(probe, 'w')
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
    await this.drain()
    this.closed = true
    await this.releaseLock()
  }
}

/** The lock file that says which process writes DATA_FILE. */
export function lockFileFor(file: string): string {
  return `${file}.lock`
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM'
  }
}

/** The pid of a live process holding the data file's lock, or null. */
export async function lockHolder(file: string): Promise<number | null> {
  try {
    const pid = Number((await readFile(lockFileFor(file), 'utf8')).trim())
    return Number.isInteger(pid) && pid > 0 && isAlive(pid) ? pid : null
  } catch {
    return null
  }
}

/**
 * Takes the single-writer lock of a data file: a lock file holding our pid, created exclusively.
 * A lock left by a dead process (after a crash) is taken over.
 */
async function acquireLock(file: string): Promise<() => Promise<void>> {
  const lock = lockFileFor(file)
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const fh = await open(lock, 'wx')
      await fh.writeFile(String(process.pid))
      await fh.close()
      let released = false
      return async () => {
        if (released) return
        released = true
        await unlink(lock).catch(() => {})
      }
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') {
        throw new DataFileError(`Cannot create the lock file ${lock}: ${(err as Error).message}`)
      }
      const holder = await lockHolder(file)
      if (holder !== null && holder !== process.pid) {
        throw new DataFileError(`The data file ${file} is in use by another process (pid ${holder}). Only one server may write it.`)
      }
      if (holder === process.pid) {
        throw new DataFileError(`The data file ${file} is already open in this process.`)
      }
      await unlink(lock).catch(() => {}) // stale: its process is gone
    }
  }
  throw new DataFileError(`Cannot take the lock ${lock}.`)
}

function describeIssues(issues: readonly v.BaseIssue<unknown>[]): string {
  return issues
    .slice(0, 5)
    .map((i) => `${v.getDotPath(i) ?? '(root)'}: ${i.message}`)
    .join('; ')
}

/**
 * Opens DATA_FILE as the single writer. A missing file is created from the seed catalogue;
 * an unreadable or invalid one stops everything with a DataFileError and is left untouched.
 */
export async function openStore(file: string, options: { seed?: Product[] } = {}): Promise<Store> {
  const abs = path.resolve(file)
  await mkdir(path.dirname(abs), { recursive: true })
  const release = await acquireLock(abs)
  try {
    const adapter = new AtomicJSONFile<unknown>(abs)
    const raw = await adapter.read()
    let data: Data
    let isNew = false
    if (raw === null) {
      data = { products: structuredClone(options.seed ?? seedProducts), messages: [] }
      isNew = true
    } else {
      const parsed = v.safeParse(DataSchema, raw)
      if (!parsed.success) {
        throw new DataFileError(
          `The data file ${abs} does not hold { products, messages } as expected: ${describeIssues(parsed.issues)}. It was left as it is; fix or move it, then start again.`,
        )
      }
      data = parsed.output
    }
    const db = new Low<Data>(adapter as Adapter<Data>, data)
    if (isNew) {
      try {
        await db.write()
      } catch (err) {
        throw new DataFileError(`Cannot create the data file ${abs}: ${(err as Error).message}`)
      }
    }
    return new Store(db, abs, release)
  } catch (err) {
    await release()
    throw err
  }
}
