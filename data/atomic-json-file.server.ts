import { readFile, stat } from 'node:fs/promises'
import path from 'node:path'
import type { Adapter } from 'lowdb'
import writeFileAtomic from 'write-file-atomic'
import { checkDataText } from './check.server.ts'
import { syncFolder } from './fsync.server.ts'
import { DataFileError } from './lock.server.ts'

/** Every file the store writes beside the data file is the owner's alone: enquiries hold visitors' details. */
export const PRIVATE_MODE = 0o600

/** Writes `bytes` to a temporary file, fsync'd, renamed over `file`, then flushes the folder: a crash leaves the old file or the new one. */
export async function writeDurably(file: string, bytes: Buffer | string, onTemporaryFile?: (tmp: string) => Promise<void>): Promise<void> {
  await writeFileAtomic(file, bytes, { fsync: true, mode: PRIVATE_MODE, tmpfileCreated: onTemporaryFile })
  await syncFolder(path.dirname(file))
}

/** Reading never repairs or replaces a file it cannot parse: that is the owner's data. */
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
    await writeDurably(this.file, bytes, async (tmp) => {
      ino = (await stat(tmp, { bigint: true })).ino
    })
    this.lastWrite = { bytes, ino }
  }
}

const itemBytes = new WeakMap<object, Buffer>()
const text = (s: string) => Buffer.from(s, 'utf8')
const OPEN = text('{\n')
const CLOSE = text('\n}\n')
const COMMA = text(',\n')
const ARRAY_END = text('\n  ]')

/** Each top-level array element's bytes are remembered (changes are immutable), so a write copies unchanged messages instead of serialising them again. */
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
