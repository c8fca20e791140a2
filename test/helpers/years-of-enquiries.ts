import { randomUUID } from 'node:crypto'
import { mkdir, readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { listDatedFiles, readDatedFile } from '../../data/dated-files.server.ts'
import { journalFileFor } from '../../data/journal.server.ts'
import { seedProducts } from '../../data/seed/products.ts'
import type { StoredMessage } from '../../data/message.server.ts'

const YEAR_MS = 365.25 * 24 * 60 * 60 * 1000

/** `count` enquiries spread evenly over the last `years` years, oldest first, as a shop saves them. */
export function yearsOfEnquiries(count: number, years = 10, now = Date.now()): StoredMessage[] {
  const step = (years * YEAR_MS) / count
  return Array.from({ length: count }, (_, i) => {
    const at = new Date(now - (count - i) * step).toISOString()
    return {
      id: randomUUID(),
      createdAt: at,
      firstName: `Visitor${i}`,
      lastName: 'Example',
      email: `visitor${i}@example.com`,
      subject: 'general',
      message: `Enquiry ${i}: I would like to know whether the Oxford Brogue can be resoled, and how long that takes. Could you also tell me about sizes?`,
      notification: { status: 'sent', attempts: [{ at, ok: true }], nextAttemptAt: null, sentAt: at },
    }
  })
}

/**
 * A data file of the shape every enquiry lived in before the dated files: the seed catalogue and
 * `count` enquiries over `years` years in `messages`, with the journal such a server kept beside it
 * (a line per enquiry ever saved). Returns the enquiries written.
 */
export async function writeOldShapeFile(file: string, count: number, years = 10): Promise<StoredMessage[]> {
  await mkdir(path.dirname(file), { recursive: true })
  const messages = yearsOfEnquiries(count, years)
  await writeFile(file, `${JSON.stringify({ products: seedProducts, messages }, null, 2)}\n`)
  await writeFile(journalFileFor(file), messages.map((message) => `${JSON.stringify({ message })}\n`).join(''))
  return messages
}

/** The ids of every enquiry saved beside `dataFile`: in the data file and in the dated files. */
export async function idsEverywhere(dataFile: string): Promise<Set<string>> {
  const ids = new Set<string>((JSON.parse(await readFile(dataFile, 'utf8')) as { messages: StoredMessage[] }).messages.map((m) => m.id))
  for (const { file } of await listDatedFiles(dataFile)) for (const m of await readDatedFile(file)) ids.add(m.id)
  return ids
}

/**
 * The shops the reliability tests run on: a fresh one, and one of ten years of enquiries in a file
 * of the old shape (20,000: large enough to move a few megabytes at the first start, small enough to
 * start within the tests' time limit on a busy machine). `prepare` writes its file; `lost` names the
 * enquiries of its history no longer found beside the data file.
 */
export const SHOPS = [
  { name: 'a fresh shop', prepare: async (file: string) => (await mkdir(path.dirname(file), { recursive: true }), [] as StoredMessage[]) },
  { name: 'ten years of enquiries', prepare: (file: string) => writeOldShapeFile(file, 20_000) },
] as const

export async function lostEnquiries(dataFile: string, history: readonly StoredMessage[]): Promise<string[]> {
  const found = await idsEverywhere(dataFile)
  return history.filter((m) => !found.has(m.id)).map((m) => m.id)
}
