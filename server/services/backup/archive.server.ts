/**
 * A backup archive: a gzip'd tar of the shop's files as copied, and MANIFEST.json, which lists each with its checksum.
 */
import { createHash } from 'node:crypto'
import { createReadStream, createWriteStream } from 'node:fs'
import { link, open, readdir, rename, rm, stat, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { pipeline } from 'node:stream/promises'
import { create } from 'tar'
import * as v from 'valibot'
import { syncFolder } from '../../../data/fsync.server.ts'
import type { ShopCopy } from './shop-copy.server.ts'

export const MANIFEST = 'MANIFEST.json'
const FORMAT = 'ashbourne-shop-backup'

const FileSchema = v.object({
  path: v.pipe(v.string(), v.minLength(1)),
  size: v.pipe(v.number(), v.integer(), v.minValue(0)),
  mode: v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(0o7777)),
  sha256: v.pipe(v.string(), v.regex(/^[0-9a-f]{64}$/)),
})

export const ManifestSchema = v.object({
  format: v.literal(FORMAT),
  version: v.literal(1),
  createdAt: v.pipe(v.string(), v.isoTimestamp()),
  /** The data file's name, which the other files' names start with. */
  dataFile: v.pipe(v.string(), v.regex(/^[^/\\]+$/)),
  files: v.array(FileSchema),
})
export type Manifest = v.InferOutput<typeof ManifestSchema>

async function sha256Of(file: string): Promise<string> {
  const hash = createHash('sha256')
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer)
  return hash.digest('hex')
}

/** A moment (UTC) as names of files and folders hold it: `2026-11-26T041205Z`. */
export const timeStamp = (at: Date) =>
  `${at
    .toISOString()
    .slice(0, 19)
    .replace(/[-:]/g, '')
    .replace(/^(\d{4})(\d{2})(\d{2})/, '$1-$2-$3')}Z`

/** The name of a backup written into a folder: `shop-2026-11-26T041205Z.tar.gz`. */
function archiveName(at: Date, n = 1): string {
  return `shop-${timeStamp(at)}${n > 1 ? `-${n}` : ''}.tar.gz`
}
const ARCHIVE_NAME = /^shop-\d{4}-\d{2}-\d{2}T\d{6}Z(-\d+)?\.tar\.gz$/

/**
 * Writes the archive from `copy` to `target` (a file), or to a new dated file in `target` (a folder);
 * the archive appears whole under its name or not at all. Returns where it went and its manifest.
 */
export async function writeArchive(
  copy: ShopCopy,
  dataFile: string,
  target: { file: string } | { folder: string },
  createdAt: Date,
): Promise<{ file: string; manifest: Manifest }> {
  const files = copy.files.filter((f) => f.kind === 'file')
  const manifest: Manifest = {
    format: FORMAT,
    version: 1,
    createdAt: createdAt.toISOString(),
    dataFile: path.basename(dataFile),
    files: [],
  }
  for (const f of files) {
    const where = path.join(copy.folder, f.path)
    const st = await stat(where)
    manifest.files.push({ path: f.path, size: st.size, mode: st.mode & 0o7777, sha256: await sha256Of(where) })
  }
  await writeFile(path.join(copy.folder, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`, { mode: 0o600 })
  const dir = 'file' in target ? path.dirname(path.resolve(target.file)) : path.resolve(target.folder)
  const tmp = path.join(dir, `.backup-${process.pid}-${Date.now()}.tmp`)
  try {
    // Enquiries are in it: the owner's alone, as the data file is.
    await pipeline(
      create({ gzip: true, cwd: copy.folder, portable: true }, [MANIFEST, ...files.map((f) => f.path)]),
      createWriteStream(tmp, { mode: 0o600, flags: 'wx' }),
    )
    const fd = await open(tmp, 'r')
    await fd.sync().finally(() => fd.close())
    const file = 'file' in target ? path.resolve(target.file) : await linkUnderFreeName(tmp, dir, createdAt)
    if ('file' in target) await rename(tmp, file)
    await syncFolder(dir)
    return { file, manifest }
  } finally {
    await rm(tmp, { force: true })
  }
}

/** Never over an earlier backup, even one taken the same second. */
async function linkUnderFreeName(tmp: string, dir: string, at: Date): Promise<string> {
  for (let n = 1; ; n++) {
    const file = path.join(dir, archiveName(at, n))
    try {
      await link(tmp, file)
      return file
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err
    }
  }
}

/**
 * Removes the oldest backups of `folder` beyond the newest
 * `keep`; only files named as a backup is. Returns those removed.
 */
export async function keepNewest(folder: string, keep: number): Promise<string[]> {
  const names = (await readdir(folder)).filter((n) => ARCHIVE_NAME.test(n)).sort(byTime)
  const old = names.slice(0, Math.max(0, names.length - keep))
  for (const name of old) await rm(path.join(folder, name), { force: true })
  return old
}

/** `-2` after the same second is newer than the plain name. */
function byTime(a: string, b: string): number {
  const key = (n: string) =>
    n.replace(/Z(?:-(\d+))?\.tar\.gz$/, (_, k: string | undefined) => `Z${(k ?? '1').padStart(6, '0')}`)
  return key(a).localeCompare(key(b))
}
