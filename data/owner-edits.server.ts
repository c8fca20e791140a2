import type fs from 'node:fs'
import { readFile, stat } from 'node:fs/promises'
import { sameBytes, type FileBytes } from './durable-write.server.ts'
import { checkDataText, unusableValues, type Data, type DataProblem } from './check.server.ts'
import { diffItems, type MergeOutcome } from './merge.server.ts'

/** What was last seen on disk, written or read: an edit shows as a change of any of these. */
export type Fingerprint = { ino: bigint; size: bigint; mtimeNs: bigint; bytes: FileBytes }

export type StoreLogger = {
  info(obj: object, msg: string): void
  warn(obj: object, msg: string): void
  error(obj: object, msg: string): void
}

export type DiskLook =
  | { kind: 'same' }
  | { kind: 'gone' }
  | { kind: 'unreadable'; err: Error }
  | { kind: 'broken'; seen: Fingerprint; problem: DataProblem }
  | { kind: 'edited'; seen: Fingerprint; data: Data }
  | { kind: 'touched'; seen: Fingerprint }

/** Compares the data file on disk with what was last written or read (inode, size, time, then the bytes). */
export async function lookAtDisk(file: string, last: Fingerprint | null): Promise<DiskLook> {
  let st: fs.BigIntStats
  let bytes: Buffer
  try {
    st = await stat(file, { bigint: true })
    if (last && st.ino === last.ino && st.size === last.size && st.mtimeNs === last.mtimeNs) return { kind: 'same' }
    bytes = await readFile(file)
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'ENOENT'
      ? { kind: 'gone' }
      : { kind: 'unreadable', err: err as Error }
  }
  const seen: Fingerprint = { ino: st.ino, size: st.size, mtimeNs: st.mtimeNs, bytes: [bytes] }
  if (last && sameBytes(last.bytes, bytes)) return { kind: 'touched', seen }
  const checked = checkDataText(bytes.toString('utf8'), file)
  return checked.ok ? { kind: 'edited', seen, data: checked.data } : { kind: 'broken', seen, problem: checked.problem }
}

/**
 * One error per value the site will not use (at start, and for each
 * edit): served all the same, only its product stops taking orders.
 */
export function reportUnusable(logger: StoreLogger, file: string, data: Data): void {
  for (const unusable of unusableValues(data, file)) {
    logger.error(
      { dataFile: file, product: unusable.productId, field: unusable.field },
      `${unusable.message} The rest of the file is served; this product takes no order until the value is fixed.`,
    )
  }
}

const enquiries = (n: number) => `${n} enquir${n === 1 ? 'y' : 'ies'}`
const were = (n: number) => (n === 1 ? 'was' : 'were')

/** The log lines of an owner's edit taken in: what changed, and what of ours was put back or kept. */
export function reportMerge(logger: StoreLogger, file: string, outcome: MergeOutcome, previous: Data): void {
  const products = diffItems(previous.products, outcome.data.products)
  logger.info(
    {
      dataFile: file,
      productsChanged: products.upserted.length + products.removed.length,
      enquiriesRestored: outcome.restored.length,
    },
    `Read the edit of ${file}: now serving it.`,
  )
  const restored = outcome.restored.length
  if (restored > 0) {
    logger.warn(
      { dataFile: file, enquiries: outcome.restored.map((m) => m.id) },
      `${enquiries(restored)} the site had saved ${were(restored)} missing ` +
        `from the edit of ${file} and ${were(restored)} put back. To mark one as ` +
        `dealt with, set "archived": true on it; to remove one for good, run npm ` +
        `run messages -- delete ID.`,
    )
  }
  if (outcome.removed.length > 0) {
    logger.info(
      { dataFile: file, enquiries: outcome.removed.map((m) => m.id) },
      `The edit of ${file} held ${enquiries(outcome.removed.length)} deleted ` +
        `earlier with npm run messages -- delete; left out again.`,
    )
  }
  reportUnusable(logger, file, outcome.data)
  if (outcome.kept.length > 0) {
    logger.info(
      { dataFile: file, kept: outcome.kept.slice(0, 20) },
      `The edit of ${file} came from an older copy: the site's own later changes were kept on top of it.`,
    )
  }
}
