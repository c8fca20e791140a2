import { readFile } from 'node:fs/promises'
import type { Data } from '../../data/check.server.ts'

/**
 * The data file as it is on disk now, not as the store holds it: what a
 * restart, a backup or the owner reads. `T` names the fields a test reads.
 */
export async function dataOnDisk<T = Data>(file: string): Promise<T> {
  return JSON.parse(await readFile(file, 'utf8')) as T
}
