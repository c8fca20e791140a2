import { mkdir, readFile } from 'node:fs/promises'
import path from 'node:path'
import { listDatedFiles, readDatedFile } from '../../data/dated-files.server.ts'
import type { StoredEnquiry } from '../../data/enquiry.server.ts'
import { writeOldShapeFile } from '../../support/years-of-enquiries.ts'

/** The ids of every enquiry saved beside `dataFile`: in the data file and in the dated files. */
async function idsEverywhere(dataFile: string): Promise<Set<string>> {
  const ids = new Set<string>(
    (JSON.parse(await readFile(dataFile, 'utf8')) as { messages: StoredEnquiry[] }).messages.map((m) => m.id),
  )
  for (const { file } of await listDatedFiles(dataFile)) for (const m of await readDatedFile(file)) ids.add(m.id)
  return ids
}

/** A shop the reliability tests run on: `prepare` writes its file and returns the enquiries it already holds. */
export interface Shop {
  name: string
  prepare: (file: string) => Promise<StoredEnquiry[]>
}

export const FRESH_SHOP: Shop = {
  name: 'a fresh shop',
  prepare: async (file) => (await mkdir(path.dirname(file), { recursive: true }), []),
}

/**
 * Ten years of enquiries in a file of the old shape (20,000: large enough to move a few megabytes at
 * the first start, small enough to start within the tests' time limit on a busy machine).
 */
export const YEARS_OF_ENQUIRIES: Shop = {
  name: 'ten years of enquiries',
  prepare: (file) => writeOldShapeFile(file, 20_000),
}

/** Both shops, for the proofs that run on each. */
export const SHOPS: readonly Shop[] = [FRESH_SHOP, YEARS_OF_ENQUIRIES]

/** The enquiries of `history` no longer found beside the data file. */
export async function lostEnquiries(dataFile: string, history: readonly StoredEnquiry[]): Promise<string[]> {
  const found = await idsEverywhere(dataFile)
  return history.filter((m) => !found.has(m.id)).map((m) => m.id)
}
