import { readFile } from 'node:fs/promises'
import type { Adapter } from 'lowdb'
import { checkDataText } from './check.server.ts'
import { byteLength, writeDurably, type FileBytes } from './durable-write.server.ts'
import { deepFreeze } from './freeze.server.ts'
import { DataFileError } from './lock.server.ts'

/** Reading never repairs or replaces a file it cannot parse: that is the owner's data. */
export class AtomicJSONFile<T> implements Adapter<T> {
  /** The bytes of the last write, their length, and the inode of the file it renamed into place. */
  lastWrite: { bytes: FileBytes; size: number; ino: bigint | null } | null = null

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
    this.lastWrite = { bytes, size: byteLength(bytes), ino }
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
    deepFreeze(item) // its text is kept: a change in place would never be written
    itemBytes.set(item, bytes)
  }
  return bytes
}

const joined = (run: readonly unknown[]) =>
  run.flatMap((item, i) => (i === 0 ? [itemText(item)] : [COMMA, itemText(item)]))

/**
 * Full runs of BLOCK elements are joined once and reused while none of them changes,
 * so a write hands the disk a few dozen parts however many enquiries are kept.
 */
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
    if (!block || block.items.some((item, i) => item !== run[i]))
      blocks.set(first, (block = { items: run, bytes: Buffer.concat(joined(run)) }))
    parts.push(block.bytes)
  }
}

export const serializePretty = (data: unknown): Buffer => Buffer.concat(prettyParts(data))

/**
 * JSON.stringify(data, null, 2), in parts that unchanged elements of its top-level arrays share with earlier writes.
 */
export function prettyParts(data: unknown): Buffer[] {
  if (data === null || typeof data !== 'object' || Array.isArray(data))
    return [text(JSON.stringify(data, null, 2) + '\n')]
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
