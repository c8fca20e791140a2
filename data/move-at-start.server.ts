import { copyFile, open, readFile, rename, stat, unlink } from 'node:fs/promises'
import path from 'node:path'
import { PRIVATE_MODE } from './durable-write.server.ts'
import type { Data } from './check.server.ts'
import { addToDatedFiles, dueToMove, listDatedFiles, readDatedFile } from './dated-files.server.ts'
import { syncFolder } from './fsync.server.ts'
import type { StoredEnquiry } from './enquiry.server.ts'
import type { StoreLogger } from './owner-edits.server.ts'

/** The data file as it was before a start-up move, kept until the new shape is written and checked. */
export function copyBeforeMoveFor(file: string): string {
  return `${file}.before-move`
}

/** A complete copy or none: copied beside, flushed, then renamed into place. */
async function copyDurably(from: string, to: string): Promise<void> {
  const tmp = `${to}.${process.pid}.tmp`
  await copyFile(from, tmp)
  const fh = await open(tmp, 'r+')
  try {
    await fh.chmod(PRIVATE_MODE)
    await fh.sync()
  } finally {
    await fh.close()
  }
  await rename(tmp, to)
  await syncFolder(path.dirname(to))
}

/**
 * The original is copied first, unless a copy from a move cut short is still there (then that copy is the original).
 */
export async function moveOlderAtStart(
  file: string,
  data: Data,
  deleted: ReadonlySet<string>,
  exists: boolean,
  logger: StoreLogger,
): Promise<{ data: Data; before: Set<string> | null }> {
  const due = dueToMove(data.messages).filter((m) => !deleted.has(m.id))
  if (due.length === 0) return { data, before: null }
  const copy = copyBeforeMoveFor(file)
  if (
    exists &&
    !(await stat(copy).then(
      () => true,
      () => false,
    ))
  )
    await copyDurably(file, copy)
  const moved = await addToDatedFiles(file, due, (err) =>
    logger.error(
      { dataFile: file, err },
      `${err.message} The enquiries of its month stay in the data file until it is fixed.`,
    ),
  )
  return {
    data: { ...data, messages: data.messages.filter((m) => !moved.has(m.id)) },
    before: new Set(data.messages.map((m) => m.id)),
  }
}

async function idsOfCopy(copy: string): Promise<Set<string> | null> {
  try {
    return new Set(
      (JSON.parse(await readFile(copy, 'utf8')) as { messages: StoredEnquiry[] }).messages.map((m) => m.id),
    )
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null
    throw err
  }
}

/**
 * Every enquiry of the kept copy must be in the data file, a dated file, or
 * deleted on purpose; a missing one is returned to be put back and the copy stays.
 */
export async function checkAgainstCopy(
  file: string,
  data: Data,
  deleted: ReadonlySet<string>,
  before: Set<string> | null,
  logger: StoreLogger,
): Promise<StoredEnquiry[]> {
  const copy = copyBeforeMoveFor(file)
  const unaccounted = (await stat(copy).then(
    () => true,
    () => false,
  ))
    ? (before ?? (await idsOfCopy(copy)))
    : null
  if (!unaccounted) return []
  const total = unaccounted.size
  for (const m of data.messages) unaccounted.delete(m.id)
  for (const id of deleted) unaccounted.delete(id)
  for (const { file: dated } of await listDatedFiles(file)) {
    if (unaccounted.size === 0) break
    for (const m of await readDatedFile(dated, 'shape')) unaccounted.delete(m.id)
  }
  if (unaccounted.size === 0) {
    await unlink(copy)
    logger.info(
      { dataFile: file, moved: total - data.messages.length },
      `Enquiries older than the data file keeps are now in dated files beside ` +
        `${path.basename(file)}; the copy made before the move was checked and ` +
        `removed.`,
    )
    return []
  }
  logger.error(
    { dataFile: file, copy, missing: [...unaccounted] },
    `${unaccounted.size} enquiries of ${copy} were found nowhere after the ` +
      `move; they are put back in the data file, and the copy is kept.`,
  )
  return (JSON.parse(await readFile(copy, 'utf8')) as { messages: StoredEnquiry[] }).messages.filter((m) =>
    unaccounted.has(m.id),
  )
}
