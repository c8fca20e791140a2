/**
 * Puts a checked backup in place of an empty (or, when told, a moved-aside) shop, while no server can start on it.
 * The backup is checked whole in a staging folder first; then a plan written there is the point of no return:
 * before it, a stop leaves the shop as it was (the next restore removes what was staged); after it, the
 * switch is finished by the next restore, and the server does not start on the folder meanwhile.
 */
import { chmod, mkdir, open, readdir, readFile, rename, rm, stat } from 'node:fs/promises'
import path from 'node:path'
import * as v from 'valibot'
import { writeDurably } from '../../../data/durable-write.server.ts'
import { syncFolder } from '../../../data/fsync.server.ts'
import { acquireLock, DataFileError, lockHolder } from '../../../data/lock.server.ts'
import { RESTORE_PLAN, restoreStageFor } from '../../../data/restore-stage.server.ts'
import { ManifestSchema, timeStamp, type Manifest } from './archive.server.ts'
import { listShopFiles, modeFor, renamedFor } from './shop-files.server.ts'
import { ArchiveRefused, unpackVerified } from './unpack.server.ts'

const PlanSchema = v.object({
  /** The archive, as named: what to run again with. */
  archive: v.string(),
  /** The folder beside the data file the old shop's files go into, or null when there was none. */
  aside: v.nullable(v.pipe(v.string(), v.regex(/^before-restore-[\w-]+$/))),
  /** The old shop's names at the top of the folder. */
  existing: v.array(v.pipe(v.string(), v.regex(/^[^/\\]+$/))),
  manifest: ManifestSchema,
})
type Plan = v.InferOutput<typeof PlanSchema>

/** What an earlier restore, stopped, had left, and what this one did with it. */
export type Earlier =
  | { kind: 'finished'; manifest: Manifest; archive: string; aside: string | null }
  | { kind: 'removed'; folders: string[]; finished: boolean }

export type Restored = {
  manifest: Manifest
  aside: string | null
  earlier: Earlier | null
  /** The earlier restore finished was of this very archive: nothing more was done. */
  already: boolean
}

/** 'checking' while a stop leaves the shop as it was; 'switching' while files move (a stop then needs a rerun). */
export type RestorePhase = 'checking' | 'switching'

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
  {
    replace = false,
    now = new Date(),
    onPhase = () => {},
  }: { replace?: boolean; now?: Date; onPhase?: (phase: RestorePhase) => void } = {},
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
  try {
    const earlier = await settleEarlier(file, onPhase)
    onPhase('checking')
    if (earlier?.kind === 'finished' && earlier.archive === path.resolve(archive))
      return { manifest: earlier.manifest, aside: earlier.aside, earlier, already: true }
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
    const stage = restoreStageFor(file)
    let manifest: Manifest
    try {
      await mkdir(path.join(stage, 'files'), { recursive: true, mode: 0o700 })
      manifest = await unpackVerified(path.resolve(archive), path.join(stage, 'files'))
    } catch (err) {
      await rm(stage, { recursive: true, force: true })
      throw err
    }
    const plan: Plan = {
      archive: path.resolve(archive),
      aside: existing.length > 0 ? await freeAsideName(dir, now) : null,
      existing,
      manifest,
    }
    onPhase('switching')
    await writeDurably(path.join(stage, RESTORE_PLAN), `${JSON.stringify(plan)}\n`)
    await carryOut(plan, file)
    return { manifest, aside: plan.aside && path.join(dir, plan.aside), earlier, already: false }
  } finally {
    await lock.release()
  }
}

/**
 * A plan left by a stopped restore is carried out; a staging folder without one (stopped while
 * checking, or once done) is removed, and so are those of older versions (`.restore-XXXXXX`).
 */
async function settleEarlier(file: string, onPhase: (phase: RestorePhase) => void): Promise<Earlier | null> {
  const dir = path.dirname(file)
  const stage = restoreStageFor(file)
  const text = await readFile(path.join(stage, RESTORE_PLAN), 'utf8').catch(() => null)
  if (text !== null) {
    const parsed = v.safeParse(PlanSchema, parseJson(text))
    if (!parsed.success)
      throw new ArchiveRefused(
        `${path.join(stage, RESTORE_PLAN)} is not a plan this site wrote: nothing was changed. ` +
          `Look at it, then remove ${stage} and restore again.`,
      )
    onPhase('switching')
    await carryOut(parsed.output, file)
    const { manifest, archive, aside } = parsed.output
    return { kind: 'finished', manifest, archive, aside: aside && path.join(dir, aside) }
  }
  const folders: string[] = []
  let finished = false
  for (const name of (await readdir(dir)).sort()) {
    const where = path.join(dir, name)
    if (where !== stage && !/^\.restore-[A-Za-z0-9]{6}$/.test(name)) continue
    if (!(await stat(where).catch(() => null))?.isDirectory()) continue
    if (where === stage) finished = (await stat(path.join(stage, DONE)).catch(() => null)) !== null
    await rm(where, { recursive: true, force: true })
    folders.push(where)
  }
  return folders.length > 0 ? { kind: 'removed', folders, finished } : null
}

/** The plan, once carried out, is renamed to this: a folder holding it is left over from a finished restore. */
const DONE = 'DONE.json'

/**
 * Moves the old shop aside, then each staged file into place: every step is skipped when already done,
 * so a restore stopped anywhere in here is finished by running this again with the same plan.
 */
async function carryOut(plan: Plan, file: string): Promise<void> {
  const dir = path.dirname(file)
  const stage = restoreStageFor(file)
  if (plan.aside) {
    const aside = path.join(dir, plan.aside)
    await mkdir(aside, { recursive: true, mode: 0o700 })
    // Until every old name is aside, nothing new is placed: a name found aside is done, one still here is old.
    for (const name of plan.existing) {
      if (await exists(path.join(aside, name))) continue
      await rename(path.join(dir, name), path.join(aside, name)).catch((err: NodeJS.ErrnoException) => {
        if (err.code !== 'ENOENT') throw err
      })
    }
    await syncFolder(aside)
  }
  await place(plan.manifest, path.join(stage, 'files'), file)
  await rename(path.join(stage, RESTORE_PLAN), path.join(stage, DONE))
  await syncFolder(stage)
  await rm(stage, { recursive: true, force: true })
}

const parseJson = (text: string): unknown => {
  try {
    return JSON.parse(text)
  } catch {
    return null
  }
}

const exists = async (p: string) => (await stat(p).catch(() => null)) !== null

/** `before-restore-<time>`, or with -2, -3… after it when a restore of the same second left one. */
async function freeAsideName(dir: string, now: Date): Promise<string> {
  for (let n = 1; ; n++) {
    const name = `before-restore-${timeStamp(now)}${n > 1 ? `-${n}` : ''}`
    if (!(await exists(path.join(dir, name)))) return name
  }
}

async function topLevelShopFiles(file: string): Promise<string[]> {
  const { files, links } = await listShopFiles(file)
  return [...new Set([...files.map((f) => f.path), ...links].map((p) => p.split('/')[0]!))].sort()
}

/**
 * Each file under the name this data file gives it, with the mode the site writes it with,
 * on disk before the restore says it is done; one already moved (by a stopped restore) is left.
 */
async function place(manifest: Manifest, staged: string, file: string): Promise<void> {
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
    const from = path.join(staged, f.path)
    const to = path.join(dir, rel)
    if (!(await exists(from))) {
      if (await exists(to)) continue
      throw new Error(`${f.path} is neither in ${staged} nor in place: restore again from the archive`)
    }
    await chmod(from, modeFor(rel, file, 'file'))
    const fd = await open(from, 'r')
    await fd.sync().finally(() => fd.close())
    await rename(from, to)
  }
  for (const folder of folders) await syncFolder(folder)
}
