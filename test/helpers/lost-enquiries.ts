import { mkdir, readFile } from 'node:fs/promises'
import path from 'node:path'
import { listDatedFiles, readDatedFile } from '../../data/dated-files.server.ts'
import type { StoredMessage } from '../../data/message.server.ts'
import { writeOldShapeFile } from '../../support/years-of-enquiries.ts'

/** The ids of every enquiry saved beside `dataFile`: in the data file and in the dated files. */
async function idsEverywhere(dataFile: string): Promise<Set<string>> {
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
