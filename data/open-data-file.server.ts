import { mkdir, readFile, stat } from 'node:fs/promises'
import path from 'node:path'
import { Low } from 'lowdb'
import type { Product } from '../domain/product.ts'
import { AtomicJSONFile, serializePretty } from './atomic-json-file.server.ts'
import { checkDataText, type Data } from './check.server.ts'
import type { WriterParts } from './data-file-writer.server.ts'
import { Journal, journalFileFor } from './journal.server.ts'
import { acquireLock, DataFileError, type HeldLock, type LockRequestHandler } from './lock.server.ts'
import { refuseWhileRestoring } from './restore-stage.server.ts'
import { ChangeLog, mergeOwnersEdit, needsWriteBack } from './merge.server.ts'
import { checkAgainstCopy, moveOlderAtStart } from './move-at-start.server.ts'
import { reportUnusable, type StoreLogger } from './owner-edits.server.ts'

async function readAtStart(file: string, seed: Product[]): Promise<{ data: Data; bytes: Buffer | null }> {
  let bytes: Buffer
  try {
    bytes = await readFile(file)
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT')
      throw new DataFileError(`Cannot read the data file ${file}: ${(err as Error).message}`)
    return { data: { products: structuredClone(seed), messages: [] }, bytes: null }
  }
  const checked = checkDataText(bytes.toString('utf8'), file)
  if (!checked.ok)
    throw new DataFileError(
      `${checked.problem.message} It was left as it is; fix it (npm run ` +
        `check-data shows what is wrong), then start again.`,
    )
  return { data: checked.data, bytes }
}

/**
 * Enquiries in the journal that the file lacks (saved while it had an error,
 * or lost to an owner's old copy saved just before a crash) are put back.
 */
async function recoverFromJournal(journal: Journal, file: string, data: Data, logger: StoreLogger) {
  const saved = await journal.read().catch((err: Error) => {
    throw new DataFileError(`Cannot read the enquiry journal ${journal.file}: ${err.message}`)
  })
  if (saved.damaged > 0) {
    const copy = await journal.setAside()
    logger.error(
      { journal: journal.file, copy },
      `${saved.damaged} line(s) of ${journal.file} could not be read; a copy was kept as ${copy}.`,
    )
  }
  const deleted = new Set(saved.deleted)
  if (saved.enquiries.length === 0 && deleted.size === 0) return { data, deleted, changed: false }
  const outcome = mergeOwnersEdit({ ...data, messages: saved.enquiries }, data, new ChangeLog(), 0, deleted)
  if (outcome.restored.length > 0) {
    logger.warn(
      { dataFile: file, enquiries: outcome.restored.map((m) => m.id) },
      `${outcome.restored.length} enquiries from ${journal.file} were missing from ${file} and were put back.`,
    )
  }
  return needsWriteBack(outcome) ? { data: outcome.data, deleted, changed: true } : { data, deleted, changed: false }
}

/**
 * What the file will hold once the journal's enquiries are back
 * and the older ones moved; a large file read is let go on return.
 */
async function readRecoverAndMove(file: string, seed: Product[], journal: Journal, logger: StoreLogger) {
  const read = await readAtStart(file, seed)
  const recovered = await recoverFromJournal(journal, file, read.data, logger)
  const moved = await moveOlderAtStart(file, recovered.data, recovered.deleted, read.bytes !== null, logger)
  const write = read.bytes === null || recovered.changed || moved.before !== null
  return { data: moved.data, deleted: recovered.deleted, before: moved.before, write, bytes: write ? null : read.bytes }
}

/**
 * An unreadable or invalid file stops everything with a DataFileError and is left
 * untouched; journal enquiries are put back and old ones moved before anything is served.
 */
export async function openDataFile(
  file: string,
  seed: Product[],
  logger: StoreLogger,
  handle: LockRequestHandler,
): Promise<{ parts: WriterParts; lock: HeldLock }> {
  await mkdir(path.dirname(file), { recursive: true })
  const lock = await acquireLock(file, handle)
  try {
    await refuseWhileRestoring(file)
    const adapter = new AtomicJSONFile<Data>(file)
    const journal = new Journal(journalFileFor(file))
    const db = new Low<Data>(adapter, { products: [], messages: [] })
    try {
      const start = await readRecoverAndMove(file, seed, journal, logger)
      const { deleted, before } = start
      reportUnusable(logger, file, start.data)
      let { data, write } = start
      db.data = data
      if (write) await db.write()
      // Checked once the moved data file is on disk; anything missing goes back into it.
      const missing = await checkAgainstCopy(file, data, deleted, before, logger)
      if (missing.length > 0) {
        data = { ...data, messages: [...data.messages, ...missing] }
        db.data = data
        await db.write()
        write = true
      }
      await journal.rewrite(data.messages, deleted)
      const st = await stat(file, { bigint: true })
      const disk = {
        ino: st.ino,
        size: st.size,
        mtimeNs: st.mtimeNs,
        bytes: write ? adapter.lastWrite!.bytes : [start.bytes!],
      }
      // each enquiry's text is remembered now, so the first write after start costs what every later one does
      if (!write) serializePretty(data)
      return { parts: { db, adapter, journal, file, logger, disk, deleted }, lock }
    } catch (err) {
      if (err instanceof DataFileError) throw err
      throw new DataFileError(
        `Cannot write the data file ${file}, its journal or its dated files: ${(err as Error).message}`,
      )
    }
  } catch (err) {
    await lock.release()
    throw err
  }
}
