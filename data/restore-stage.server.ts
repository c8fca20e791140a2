/**
 * Where `npm run restore` stages a backup beside the data file, and the plan it writes there once the
 * backup is checked: from then on the shop's files are being switched, and the server does not start on
 * them until the restore, run again, has finished (server/services/backup/restore.server.ts).
 */
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { shellWord } from '../lib/shell-word.ts'
import { DataFileError } from './lock.server.ts'

/** Hidden, so no backup or restore counts it as one of the shop's files. */
export function restoreStageFor(file: string): string {
  const abs = path.resolve(file)
  return path.join(path.dirname(abs), `.${path.basename(abs)}.restore`)
}

export const RESTORE_PLAN = 'PLAN.json'

/** Refuses to open a data file whose folder is half-way through a restore, saying how to finish it. */
export async function refuseWhileRestoring(file: string): Promise<void> {
  const plan = path.join(restoreStageFor(file), RESTORE_PLAN)
  const text = await readFile(plan, 'utf8').catch(() => null)
  if (text === null) return
  let archive = 'FILE.tar.gz'
  try {
    const named = (JSON.parse(text) as { archive?: unknown }).archive
    if (typeof named === 'string') archive = shellWord(named)
  } catch {
    // Written whole or not at all; any other text in its place still means a restore is under way.
  }
  throw new DataFileError(
    `A restore into ${path.dirname(path.resolve(file))} was stopped part-way, so the shop there is half old, ` +
      `half restored. Run it again to finish it: npm run restore -- ${archive} --file ${shellWord(path.resolve(file))}`,
  )
}
