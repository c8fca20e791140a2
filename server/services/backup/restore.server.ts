/** Puts a checked backup in place of an empty (or, when told, a moved-aside) shop, while no server can start on it. */
import { chmod, mkdir, mkdtemp, open, rename, rm } from 'node:fs/promises'
import path from 'node:path'
import { syncFolder } from '../../../data/fsync.server.ts'
import { acquireLock, DataFileError, lockHolder } from '../../../data/lock.server.ts'
import { timeStamp, type Manifest } from './archive.server.ts'
import { listShopFiles, modeFor, renamedFor } from './shop-files.server.ts'
import { ArchiveRefused, unpackVerified } from './unpack.server.ts'

export type Restored = { manifest: Manifest; aside: string | null }

function serverRuns(dataFile: string, pid: number | null): ArchiveRefused {
  return new ArchiveRefused(
    `A server is running on ${dataFile}${pid ? ` (pid ${pid})` : ''}: stop ` +
      `it first (for instance systemctl stop ashbourne), then restore.`,
  )
}

/**
 * Refuses over an existing shop unless `replace`; then its files
 * are moved, never deleted, into a dated folder beside them.
 */
export async function restoreShop(
  archive: string,
  dataFile: string,
  { replace = false, now = new Date() } = {},
): Promise<Restored> {
  const file = path.resolve(dataFile)
  const dir = path.dirname(file)
  const holder = await lockHolder(file)
  if (holder !== null) throw serverRuns(file, holder)
  await mkdir(dir, { recursive: true, mode: 0o700 })
  const lock = await acquireLock(file).catch(async (err: Error) => {
    if (err instanceof DataFileError) throw serverRuns(file, await lockHolder(file))
    throw err
  })
  const stage = await mkdtemp(path.join(dir, '.restore-'))
  try {
    const existing = await topLevelShopFiles(file)
    if (existing.length > 0 && !replace) {
      throw new ArchiveRefused(
        `${dir} already holds a shop ` +
          `(${existing.slice(0, 3).join(', ')}${existing.length > 3 ? ', ...' : ''}): ` +
          `nothing was changed. To replace it, run the restore again with ` +
          `--replace; its files are then moved aside into a dated folder, never ` +
          `deleted.`,
      )
    }
    const manifest = await unpackVerified(path.resolve(archive), stage)
    const aside = existing.length > 0 ? await moveAside(dir, existing, now) : null
    await place(manifest, stage, file)
    return { manifest, aside }
  } finally {
    await rm(stage, { recursive: true, force: true })
    await lock.release()
  }
}

async function topLevelShopFiles(file: string): Promise<string[]> {
  const { files, links } = await listShopFiles(file)
  return [...new Set([...files.map((f) => f.path), ...links].map((p) => p.split('/')[0]!))].sort()
}

async function moveAside(dir: string, names: readonly string[], now: Date): Promise<string> {
  const aside = path.join(dir, `before-restore-${timeStamp(now)}`)
  await mkdir(aside, { mode: 0o700 })
  for (const name of names) await rename(path.join(dir, name), path.join(aside, name))
  await syncFolder(aside)
  return aside
}

/**
 * Each file under the name this data file gives it, with the mode the
 * site writes it with, on disk before the restore says it is done.
 */
async function place(manifest: Manifest, stage: string, file: string): Promise<void> {
  const dir = path.dirname(file)
  const folders = new Set<string>([dir])
  for (const f of manifest.files) {
    const rel = renamedFor(f.path, manifest.dataFile, file)
    const parts = rel.split('/')
    for (let i = 1; i < parts.length; i++) {
      const folder = parts.slice(0, i).join('/')
      const where = path.join(dir, folder)
      if (folders.has(where)) continue
      await mkdir(where, { recursive: true })
      await chmod(where, modeFor(folder, file, 'folder'))
      folders.add(where)
    }
    const from = path.join(stage, f.path)
    await chmod(from, modeFor(rel, file, 'file'))
    const fd = await open(from, 'r')
    await fd.sync().finally(() => fd.close())
    await rename(from, path.join(dir, rel))
  }
  for (const folder of folders) await syncFolder(folder)
}
