import { stat } from 'node:fs/promises'
import { LRUCache } from 'lru-cache'
import { readDatedFile } from './dated-files.server.ts'
import type { StoredEnquiry } from './enquiry.server.ts'

/**
 * Enquiries of dated files held parsed at most, all files together (~1 kB each in memory), so the
 * inbox of a shop with years of enquiries does not cost the server more than a few tens of megabytes.
 */
const MAX_MESSAGES = 20_000
/** Held only while the owner is using the inbox: dropped after this long unused. */
const IDLE_MS = 2 * 60_000

type Read = { stamp: string; enquiries: readonly StoredEnquiry[] }

/**
 * A file's identity on disk: every write of ours renames a new file
 * into place (a new inode), an owner's edit changes size or time.
 */
async function stampOf(file: string): Promise<string | null | undefined> {
  try {
    const s = await stat(file)
    return `${s.ino}:${s.size}:${s.mtimeMs}`
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'ENOENT' ? null : undefined
  }
}

/**
 * Reads of dated files (checked for shape, as for listing), kept while the file on disk is unchanged
 * (inode, size and modification time), bounded by MAX_MESSAGES and dropped after IDLE_MS unused. Per
 * file and named test, the ids of the enquiries passing it (the new ones, for the count on every
 * owner page) are kept too: a few strings per month, so the count costs a `stat` per file.
 * What is returned is shared: read-only, and frozen under the tests.
 */
export class DatedFileReads {
  private readonly reads = new LRUCache<string, Read>({
    maxSize: MAX_MESSAGES,
    sizeCalculation: (r) => Math.max(1, r.enquiries.length),
    ttl: IDLE_MS,
    updateAgeOnGet: true,
    ttlAutopurge: true,
  })
  private readonly passing = new Map<string, { stamp: string; ids: readonly string[] }>()

  async read(file: string): Promise<readonly StoredEnquiry[]> {
    const stamp = await stampOf(file)
    if (stamp === null) return []
    if (stamp === undefined) return readDatedFile(file, 'shape') // names the problem
    const kept = this.reads.get(file)
    if (kept?.stamp === stamp) return kept.enquiries
    const enquiries = await readDatedFile(file, 'shape')
    this.reads.set(file, { stamp, enquiries })
    return enquiries
  }

  /** The ids of the file's enquiries that pass `test`, named `name` (one test per name). */
  async idsPassing(file: string, name: string, test: (m: StoredEnquiry) => boolean): Promise<readonly string[]> {
    const stamp = await stampOf(file)
    if (stamp === null) return []
    const key = `${name}\0${file}`
    const kept = this.passing.get(key)
    if (stamp !== undefined && kept?.stamp === stamp) return kept.ids
    const ids = (await this.read(file)).filter(test).map((m) => m.id)
    if (stamp !== undefined) this.passing.set(key, { stamp, ids })
    return ids
  }

  /** After a write of ours: the next read looks again whatever the clock's resolution. */
  forget(file: string): void {
    this.reads.delete(file)
    for (const key of this.passing.keys()) if (key.endsWith(`\0${file}`)) this.passing.delete(key)
  }

  forgetAll(): void {
    this.reads.clear()
    this.passing.clear()
  }
}
