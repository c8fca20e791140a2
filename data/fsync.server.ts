import fs from 'node:fs'
import { promisify } from 'node:util'

/**
 * Flushes a folder's entries to disk, so that a rename which replaced a file (or a file just
 * created) survives a power cut too (the file's own bytes were fsync'd before). Best effort: some
 * file systems refuse fsync on a folder, and the write itself has already succeeded. Called through
 * the `fs` module object, as write-file-atomic does (test/reliability/durability.test.ts watches it).
 */
export async function syncFolder(dir: string): Promise<void> {
  let fd: number | undefined
  try {
    fd = await promisify(fs.open)(dir, 'r')
    await promisify(fs.fsync)(fd)
  } catch {
    /* not supported here: nothing more can be done */
  } finally {
    if (fd !== undefined) await promisify(fs.close)(fd).catch(() => {})
  }
}
