import { readdir } from 'node:fs/promises'
import path from 'node:path'

/** Every file under a folder (the data folder, its snapshots and media), as full paths. */
export async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true })
  return entries.filter((e) => e.isFile()).map((e) => path.join(e.parentPath, e.name))
}
