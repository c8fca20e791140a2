import { readdir, readFile } from 'node:fs/promises'
import path from 'node:path'
import { serializePretty } from './atomic-json-file.server.ts'
import { writeDurably } from './durable-write.server.ts'
import { frozenUnderTest } from './freeze.server.ts'
import { checkDatedText } from './check.server.ts'
import type { StoredEnquiry } from './enquiry.server.ts'

/** The data file keeps the enquiries of this many days; older ones live in a dated file per month. */
export const DAYS_IN_DATA_FILE = 30
const DAY_MS = 24 * 60 * 60 * 1000

/** A dated file the site cannot read (an owner's edit with a mistake): named, and left as it is. */
export class DatedFileError extends Error {
  override name = 'DatedFileError'
}

export type DatedFile = { month: string; file: string }

/** `data/db.json` → `db`: what the names of its dated files start with. */
export const stemOf = (dataFile: string) => path.basename(dataFile).replace(/\.json$/i, '')

/** `data/db.json` → `data/db.enquiries-2024-03.json`: the enquiries received in March 2024 (UTC). */
export function datedFileFor(dataFile: string, month: string): string {
  return path.join(path.dirname(dataFile), `${stemOf(dataFile)}.enquiries-${month}.json`)
}

/**
 * The month ("2024-03") an enquiry belongs to, or null when its date cannot be read (it then stays in the data file).
 */
export function monthOf(enquiry: StoredEnquiry): string | null {
  const time = Date.parse(enquiry.createdAt)
  return Number.isNaN(time) ? null : new Date(time).toISOString().slice(0, 7)
}

/** Not those waiting for their e-mail: the outbox works from the data file. */
export function dueToMove(enquiries: readonly StoredEnquiry[], now = Date.now()): StoredEnquiry[] {
  const cutoff = now - DAYS_IN_DATA_FILE * DAY_MS
  return enquiries.filter((m) => {
    const time = Date.parse(m.createdAt)
    return !Number.isNaN(time) && time < cutoff && m.notification.status !== 'pending'
  })
}

/** The dated files beside a data file, newest month first. */
export async function listDatedFiles(dataFile: string): Promise<DatedFile[]> {
  const stem = stemOf(dataFile)
  const names = await readdir(path.dirname(dataFile)).catch((err: NodeJS.ErrnoException) => {
    if (err.code === 'ENOENT') return [] as string[]
    throw err
  })
  const found: DatedFile[] = []
  for (const name of names) {
    if (!name.startsWith(`${stem}.enquiries-`)) continue
    const month = /^\.enquiries-(\d{4}-\d{2})\.json$/.exec(name.slice(stem.length))?.[1]
    if (month) found.push({ month, file: path.join(path.dirname(dataFile), name) })
  }
  return found.sort((a, b) => b.month.localeCompare(a.month))
}

/** `'shape'` checks only shape, ids and dates, enough to list them and several times faster than `'each'`. */
export async function readDatedFile(file: string, check: 'each' | 'shape' = 'each'): Promise<readonly StoredEnquiry[]> {
  let text: string
  try {
    text = await readFile(file, 'utf8')
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return []
    throw new DatedFileError(`Cannot read ${file}: ${(err as Error).message}`)
  }
  if (check === 'shape') {
    const enquiries = parseQuietly(text)
    if (enquiries)
      return frozenUnderTest(enquiries.filter((m) => typeof m?.id === 'string' && typeof m.createdAt === 'string'))
  }
  const checked = checkDatedText(text, file)
  if (!checked.ok) throw new DatedFileError(checked.problem.message)
  return frozenUnderTest(checked.data.messages)
}

function parseQuietly(text: string): StoredEnquiry[] | null {
  try {
    const list = (JSON.parse(text) as { messages?: unknown })?.messages
    return Array.isArray(list) ? (list as StoredEnquiry[]) : null
  } catch {
    return null
  }
}

/** Replaces a dated file's enquiries, oldest first, pretty-printed as the data file is. */
export async function writeDatedFile(file: string, enquiries: readonly StoredEnquiry[]): Promise<void> {
  const sorted = [...enquiries].sort((a, b) => Date.parse(a.createdAt) - Date.parse(b.createdAt))
  await writeDurably(file, serializePretty({ messages: sorted }))
}

/**
 * One already there keeps the file's version (a change made since it moved is
 * there); an unreadable month is reported in `unreadable` and retried later.
 */
export async function addToDatedFiles(
  dataFile: string,
  enquiries: readonly StoredEnquiry[],
  unreadable: (err: DatedFileError) => void,
): Promise<Set<string>> {
  const byMonth = new Map<string, StoredEnquiry[]>()
  for (const m of enquiries) {
    const month = monthOf(m)
    if (!month) continue
    const list = byMonth.get(month)
    if (list) list.push(m)
    else byMonth.set(month, [m])
  }
  const placed = new Set<string>()
  for (const [month, incoming] of byMonth) {
    const file = datedFileFor(dataFile, month)
    let existing: readonly StoredEnquiry[]
    try {
      existing = await readDatedFile(file)
    } catch (err) {
      if (!(err instanceof DatedFileError)) throw err
      unreadable(err)
      continue
    }
    const have = new Set(existing.map((m) => m.id))
    const added = incoming.filter((m) => !have.has(m.id))
    if (added.length > 0) await writeDatedFile(file, [...existing, ...added])
    for (const m of incoming) placed.add(m.id)
  }
  return placed
}
