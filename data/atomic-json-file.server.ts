import { randomBytes } from 'node:crypto'
import fs from 'node:fs'
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { promisify } from 'node:util'
import type { Adapter } from 'lowdb'
import { checkDataText } from './check.server.ts'
import { syncFolder } from './fsync.server.ts'
import { DataFileError } from './lock.server.ts'

/** Every file the store writes beside the data file is the owner's alone: enquiries hold visitors' details. */
export const PRIVATE_MODE = 0o600
/** Photographs are served to everyone: written as any new file is, the umask deciding who may read them. */
export const PUBLIC_MODE = 0o666

/** Bytes as written: the parts of a file, in order (a write hands them to the disk without joining them on the event loop). */
export type FileBytes = readonly Buffer[]

export const byteLength = (bytes: FileBytes) => bytes.reduce((n, b) => n + b.length, 0)

/** Whether `file` holds exactly `bytes`. */
export function sameBytes(bytes: FileBytes, file: Buffer): boolean {
  if (byteLength(bytes) !== file.length) return false
  let at = 0
  for (const part of bytes) {
    if (!part.equals(file.subarray(at, at + part.length))) return false
    at += part.length
  }
  return true
}

let temporaryFiles = 0

/** Writes `bytes` to a temporary file, fsync'd, renamed over `file`, then flushes the folder: a crash leaves the old file or the new one. `onWritten` gets the new file's inode. */
export async function writeDurably(
  file: string,
  bytes: FileBytes | Buffer | string,
  { mode = PRIVATE_MODE, onWritten }: { mode?: number; onWritten?: (ino: bigint) => void } = {},
): Promise<void> {
  const parts = typeof bytes === 'string' ? [Buffer.from(bytes, 'utf8')] : Buffer.isBuffer(bytes) ? [bytes] : bytes
  // A server restarted in a container may get the pid of the one killed mid-write: its temporary file is overwritten, never refused.
  const tmp = `${file}.${process.pid}.${++temporaryFiles}.${randomBytes(4).toString('hex')}.tmp`
  // Through the `fs` object at each call, so test/reliability/durability.test.ts can watch the calls.
  const fd = await promisify(fs.open)(tmp, 'w', mode)
  try {
    try {
      const { bytesWritten: written } = await promisify(fs.writev)(fd, parts)
      if (written !== byteLength(parts)) throw new Error(`wrote ${written} of ${byteLength(parts)} bytes to ${tmp}`)
      await promisify(fs.fsync)(fd)
      onWritten?.((await promisify(fs.fstat)(fd, { bigint: true })).ino)
    } finally {
      await promisify(fs.close)(fd)
    }
    await promisify(fs.rename)(tmp, file)
  } catch (err) {
    await promisify(fs.unlink)(tmp).catch(() => {})
    throw err
  }
  await syncFolder(path.dirname(file))
}

/** Reading never repairs or replaces a file it cannot parse: that is the owner's data. */
export class AtomicJSONFile<T> implements Adapter<T> {
  /** The bytes of the last write, and the inode of the file it renamed into place. */
  lastWrite: { bytes: FileBytes; ino: bigint | null } | null = null

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
    const bytes = prettyParts(data)
    let ino: bigint | null = null
    await writeDurably(this.file, bytes, { onWritten: (written) => (ino = written) })
    this.lastWrite = { bytes, ino }
  }
}

const text = (s: string) => Buffer.from(s, 'utf8')
const OPEN = text('{\n')
const CLOSE = text('\n}\n')
const COMMA = text(',\n')
const ARRAY_END = text('\n  ]')
const BLOCK = 64

// Changes are immutable: an unchanged element (or run of elements) keeps its object, so its bytes are made once.
const itemBytes = new WeakMap<object, Buffer>()
const blocks = new WeakMap<object, { items: readonly unknown[]; bytes: Buffer }>()

function itemText(item: unknown): Buffer {
  if (item === null || typeof item !== 'object') return text(`    ${JSON.stringify(item)}`)
  let bytes = itemBytes.get(item)
  if (bytes === undefined) {
    bytes = text('    ' + JSON.stringify(item, null, 2).replace(/\n/g, '\n    '))
    itemBytes.set(item, bytes)
  }
  return bytes
}

const joined = (run: readonly unknown[]) => run.flatMap((item, i) => (i === 0 ? [itemText(item)] : [COMMA, itemText(item)]))

/** Full runs of BLOCK elements are joined once and reused while none of them changes, so a write hands the disk a few dozen parts however many enquiries are kept. */
function elementParts(items: readonly unknown[], parts: Buffer[]) {
  for (let start = 0; start < items.length; start += BLOCK) {
    if (start > 0) parts.push(COMMA)
    const run = items.slice(start, start + BLOCK)
    const first = run[0]
    if (run.length < BLOCK || first === null || typeof first !== 'object') {
      parts.push(...joined(run))
      continue
    }
    let block = blocks.get(first)
    if (!block || block.items.some((item, i) => item !== run[i])) blocks.set(first, (block = { items: run, bytes: Buffer.concat(joined(run)) }))
    parts.push(block.bytes)
  }
}

export const serializePretty = (data: unknown): Buffer => Buffer.concat(prettyParts(data))

/** JSON.stringify(data, null, 2), in parts that unchanged elements of its top-level arrays share with earlier writes. */
export function prettyParts(data: unknown): Buffer[] {
  if (data === null || typeof data !== 'object' || Array.isArray(data)) return [text(JSON.stringify(data, null, 2) + '\n')]
  const entries = Object.entries(data as Record<string, unknown>).filter(([, value]) => value !== undefined)
  if (entries.length === 0) return [text('{}\n')]
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
    elementParts(value, parts)
    parts.push(ARRAY_END)
  })
  parts.push(CLOSE)
  return parts
}
