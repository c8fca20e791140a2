/** The shop's files copied as they are at one moment, into a folder an archive is then written from. */
import { constants } from 'node:fs'
import { copyFile, link, mkdir, mkdtemp, readdir, rm, stat } from 'node:fs/promises'
import path from 'node:path'
import * as v from 'valibot'
import { acquireLock } from '../../../data/lock.server.ts'
import type { Store } from '../../../data/store.server.ts'
import { mediaDirFor } from '../../config/paths.server.ts'
import { listShopFiles, type ShopFile } from './shop-files.server.ts'

export type ShopCopy = { folder: string; files: ShopFile[]; links: string[] }

/**
 * Copies the shop beside its data file (same disk, so photographs are hard links: instant, and safe
 * because a photograph is never rewritten, only added or removed). Every other file is copied, as the
 * journal and the history grow in place and the owner's editor may write the data file in place.
 */
export async function copyShop(dataFile: string): Promise<ShopCopy> {
  const file = path.resolve(dataFile)
  await removeStaleCopies(file)
  const folder = await mkdtemp(path.join(path.dirname(file), copyPrefix(file)))
  try {
    const { files, links } = await listShopFiles(file)
    const media = path.basename(mediaDirFor(file))
    // One inode linked twice would go in the archive as a tar link, which a restore refuses: the second is copied.
    const linked = new Set<bigint>()
    const firstLinkOf = async (p: string) => {
      const { ino } = await stat(p, { bigint: true })
      return !linked.has(ino) && Boolean(linked.add(ino))
    }
    const copied: ShopFile[] = []
    for (const f of files) {
      const from = path.join(path.dirname(file), f.path)
      const to = path.join(folder, f.path)
      try {
        if (f.kind === 'folder') await mkdir(to, { recursive: true, mode: 0o700 })
        else if (f.path.startsWith(`${media}/`) && (await firstLinkOf(from)))
          await link(from, to).catch(() => copyFile(from, to))
        else await copyFile(from, to, constants.COPYFILE_FICLONE)
        copied.push(f)
      } catch (err) {
        // A photograph or snapshot removed since the listing is no longer the shop's.
        if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err
      }
    }
    return { folder, files: copied, links }
  } catch (err) {
    await rm(folder, { recursive: true, force: true })
    throw err
  }
}

const copyPrefix = (file: string) => `.${path.basename(file)}.backup-`
/** A backup's copy lives seconds; one this old was left by a backup that was killed. */
const STALE_COPY_MS = 60 * 60 * 1000

async function removeStaleCopies(file: string): Promise<void> {
  const dir = path.dirname(file)
  for (const name of await readdir(dir)) {
    if (!name.startsWith(copyPrefix(file))) continue
    const st = await stat(path.join(dir, name)).catch(() => null)
    if (st?.isDirectory() && Date.now() - st.mtimeMs > STALE_COPY_MS)
      await rm(path.join(dir, name), { recursive: true, force: true })
  }
}

/** What `npm run backup` asks the running server for: a copy made while the store writes nothing. */
export function answerBackups(store: Store): void {
  store.answer('backup', async () => {
    let pausedAt = ''
    let resumedAt = ''
    const copy = await store.whilePaused(async () => {
      pausedAt = new Date().toISOString()
      try {
        return await copyShop(store.file)
      } finally {
        resumedAt = new Date().toISOString()
      }
    })
    return { ok: true, ...copy, pausedAt, resumedAt }
  })
}

/** A copy ready to archive: when it was taken, how (for the owner), and `done` removes it. */
export type Taken = { copy: ShopCopy; at: Date; how: string; done: () => Promise<void> }

const AnswerSchema = v.object({
  ok: v.literal(true),
  folder: v.string(),
  files: v.array(v.object({ path: v.string(), kind: v.picklist(['file', 'folder']) })),
  links: v.array(v.string()),
  pausedAt: v.pipe(v.string(), v.isoTimestamp()),
  resumedAt: v.pipe(v.string(), v.isoTimestamp()),
})

/**
 * The running server's copy; its folder is only ever one it
 * made beside the data file, as it alone is removed afterwards.
 */
export function copyFromAnswer({ answer }: { answer: unknown }, dataFile: string): Taken {
  const parsed = v.safeParse(AnswerSchema, answer)
  if (!parsed.success) {
    const said = (answer as { error?: unknown } | null)?.error
    throw new Error(
      typeof said === 'string'
        ? `the running server answered: ` +
            `${said}${said === 'Unknown request.' ? ' (restart it after updating the site).' : ''}`
        : 'the running server gave no usable answer.',
    )
  }
  const { folder, files, links, pausedAt, resumedAt } = parsed.output
  if (path.dirname(folder) !== path.dirname(dataFile) || !path.basename(folder).startsWith(copyPrefix(dataFile)))
    throw new Error(`the running server copied the shop to ${folder}, which is not beside ${dataFile}.`)
  const paused = Date.parse(resumedAt) - Date.parse(pausedAt)
  return {
    copy: { folder, files, links },
    at: new Date(pausedAt),
    how: `through the running server, which paused its writes for ${paused} ms while it copied the files`,
    done: () => rm(folder, { recursive: true, force: true }),
  }
}

/** No server runs: the lock is held for the copy, so none starts and writes meanwhile. */
export async function copyShopAlone(dataFile: string): Promise<Taken> {
  const lock = await acquireLock(dataFile)
  const at = new Date()
  try {
    const copy = await copyShop(dataFile)
    return {
      copy,
      at,
      how: 'from its folder (no server was running)',
      done: () => rm(copy.folder, { recursive: true, force: true }),
    }
  } finally {
    await lock.release()
  }
}
