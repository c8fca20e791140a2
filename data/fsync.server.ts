import fs from 'node:fs'
import { promisify } from 'node:util'

/**
 * So a rename survives a power cut; best effort (some file systems refuse). Called through the
 * `fs` object, as writeDurably does, so test/reliability/durability.slow.test.ts can watch it.
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
