/**
 * The enquiry journal beside the data file, fsync'd before a visitor is told their enquiry is saved:
 * keeps enquiries while the owner's file is broken or saved from an old copy (docs/decisions.md).
 */
import fs from 'node:fs'
import { readFile } from 'node:fs/promises'
import * as v from 'valibot'
import { appendDurably, PRIVATE_MODE, writeDurably } from './durable-write.server.ts'
import { StoredEnquirySchema, type StoredEnquiry } from './enquiry.server.ts'

/** A line's key stays `message`, as in every journal already written. */
export type JournalRecord = { message: StoredEnquiry } | { removed: string }

export type JournalContents = {
  /** The latest saved version of each enquiry, in the order they first appeared. */
  enquiries: StoredEnquiry[]
  /** Ids of enquiries deleted through the server: an older copy of the data file must not bring them back. */
  deleted: string[]
  /** Lines that could not be read (not the last line cut short by a crash, which never was acknowledged). */
  damaged: number
  lines: number
}

export function journalFileFor(file: string): string {
  return `${file}.journal`
}

const enquiryLines = new WeakMap<StoredEnquiry, string>()
/** An enquiry's line is made once: changes are immutable, so a compaction joins lines already made. */
function line(record: JournalRecord): string {
  if (!('message' in record)) return `${JSON.stringify(record)}\n`
  let text = enquiryLines.get(record.message)
  if (text === undefined) enquiryLines.set(record.message, (text = `${JSON.stringify(record)}\n`))
  return text
}

export class Journal {
  /** Lines appended since the journal was last rewritten. */
  private appended = 0

  constructor(readonly file: string) {}

  /** Appends records and flushes them to disk; resolves once they are there. */
  async append(records: readonly JournalRecord[]): Promise<void> {
    if (records.length === 0) return
    await appendDurably(this.file, records.map(line).join(''))
    this.appended += records.length
  }

  /** Whether it has grown enough to be worth rewriting for this many enquiries. */
  wantsCompaction(enquiries: number): boolean {
    return this.appended > Math.max(1000, enquiries)
  }

  /**
   * Replaces the journal by one line per enquiry and per deletion
   * (atomically: a crash leaves the old one or the new one).
   */
  async rewrite(enquiries: readonly StoredEnquiry[], deleted: Iterable<string>): Promise<void> {
    const lines = [
      ...[...deleted].map((removed) => line({ removed })),
      ...enquiries.map((enquiry) => line({ message: enquiry })),
    ]
    await writeDurably(this.file, lines.join(''))
    this.appended = 0
  }

  async read(): Promise<JournalContents> {
    let text: string
    try {
      text = await readFile(this.file, 'utf8')
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return { enquiries: [], deleted: [], damaged: 0, lines: 0 }
      throw err
    }
    const latest = new Map<string, StoredEnquiry>()
    const deleted = new Set<string>()
    const lines = text.split('\n')
    let damaged = 0
    lines.forEach((raw, i) => {
      if (raw.trim() === '') return
      const last = i === lines.length - 1 // no newline after it: its write was cut short, so it was never acknowledged
      try {
        const record = JSON.parse(raw) as Partial<{ message: unknown; removed: unknown }>
        if (typeof record.removed === 'string') {
          latest.delete(record.removed)
          deleted.add(record.removed)
          return
        }
        const enquiry = v.parse(StoredEnquirySchema, record.message) as StoredEnquiry
        deleted.delete(enquiry.id)
        latest.set(enquiry.id, record.message as StoredEnquiry) // a later line updates it in place
      } catch {
        if (!last) damaged++
      }
    })
    return { enquiries: [...latest.values()], deleted: [...deleted], damaged, lines: lines.length }
  }

  /** Keeps a copy of a journal with unreadable lines for the owner to look at, before it is rewritten. */
  async setAside(): Promise<string> {
    const copy = `${this.file}.damaged-${new Date().toISOString().replace(/[:.]/g, '-')}`
    await fs.promises.copyFile(this.file, copy)
    await fs.promises.chmod(copy, PRIVATE_MODE)
    return copy
  }
}
