/**
 * `npm run backup -- FILE.tar.gz | FOLDER [--keep N]` (README.md): one archive
 * of the shop as it was at one moment, through the running server when one runs.
 */
import { mkdir, stat } from 'node:fs/promises'
import { askHolder } from '../data/lock.server.ts'
import { DataFileError } from '../data/store.server.ts'
import { shopDataFile } from '../server/running-server.server.ts'
import { keepNewest, writeArchive } from '../server/services/backup/archive.server.ts'
import { copyFromAnswer, copyShopAlone, type Taken } from '../server/services/backup/shop-copy.server.ts'
import { runWhenStarted, typedPath, withOptions } from './cli.ts'

const USAGE = `Usage: npm run backup -- FILE.tar.gz | FOLDER [--keep N] [--file path/to/db.json]
  FILE.tar.gz   write the backup to this file
  FOLDER        write it into this folder, named by its time (shop-2026-11-26T041205Z.tar.gz)
  --keep N      with a folder: then remove its oldest backups beyond the newest N
  --file        the data file (default: DATA_FILE, else the running server's, else data/db.json)`

type Options = { file: string; target: string; keep?: number; help?: boolean }

function parse(argv: readonly string[], env: NodeJS.ProcessEnv): Options | string {
  const out: Partial<Options> & { file: string } = { file: env.DATA_FILE?.trim() ?? '' }
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!
    if (arg === '--keep') {
      const n = Number(argv[++i])
      if (!Number.isInteger(n) || n < 1) return '--keep needs a whole number of backups to keep, 1 or more.'
      out.keep = n
    } else if (arg === '--file') out.file = argv[++i] ?? out.file
    else if (arg === '--help' || arg === '-h') out.help = true
    else if (arg.startsWith('-')) return `Unknown option ${arg}.`
    else if (out.target) return `One archive or folder only (${out.target}, then ${arg}).`
    else out.target = arg
  }
  if (out.help) return { ...out, target: '', help: true }
  if (!out.target) return 'Name the archive to write (FILE.tar.gz) or a folder to write it into.'
  return out as Options
}

/** A folder when one is there (or the name ends with /); otherwise a file, which must end in .tar.gz or .tgz. */
async function targetOf(options: Options): Promise<{ file: string } | { folder: string } | string> {
  const target = typedPath(options.target)
  const isFolder = options.target.endsWith('/') || (await stat(target).catch(() => null))?.isDirectory()
  if (isFolder) return { folder: target }
  if (options.keep !== undefined) return '--keep works with a folder of backups, not with a single file.'
  if (!/\.(tar\.gz|tgz)$/.test(target))
    return `${target} is not a folder: name the archive FILE.tar.gz, or name an existing folder.`
  return { file: target }
}

const megabytes = (n: number) => `${(n / 1024 / 1024).toFixed(1)} MB`

export const main = withOptions(USAGE, parse, async (options, out, err) => {
  const target = await targetOf(options)
  if (typeof target === 'string') {
    err(`${target}\n`)
    return 2
  }
  const file = await shopDataFile(options.file, err)
  if (!(await stat(file).catch(() => null))?.isFile()) {
    err(
      options.file
        ? `There is no data file at ${file}: nothing to back up.\n`
        : `There is no data file at ${file}, and no shop is running from this folder: nothing to back up ` +
            `(--file or DATA_FILE names the data file).\n`,
    )
    return 1
  }
  let taken: Taken
  try {
    const asked = await askHolder(file, { op: 'backup' })
    taken = asked ? copyFromAnswer(asked, file) : await copyShopAlone(file)
  } catch (e) {
    err(`${e instanceof DataFileError ? e.message : `Could not copy the shop: ${(e as Error).message}`}\n`)
    return 1
  }
  try {
    if ('folder' in target) await mkdir(target.folder, { recursive: true, mode: 0o700 })
    const { file: written, manifest } = await writeArchive(taken.copy, file, target, taken.at)
    const bytes = manifest.files.reduce((n, f) => n + f.size, 0)
    out(`Backed up ${manifest.files.length} files (${megabytes(bytes)}) of ${file} ${taken.how}, into ${written}\n`)
    if (taken.copy.links.length > 0)
      out(`Left out, being links (a backup holds files only): ${taken.copy.links.join(', ')}\n`)
    if ('folder' in target && options.keep !== undefined) {
      const removed = await keepNewest(target.folder, options.keep)
      if (removed.length > 0)
        out(
          `Removed ${removed.length} older ` +
            `${removed.length === 1 ? 'backup' : 'backups'}, keeping the newest ` +
            `${options.keep}: ${removed.join(', ')}\n`,
        )
    }
    return 0
  } catch (e) {
    err(`Could not write the backup: ${(e as Error).message}\n`)
    return 1
  } finally {
    await taken.done()
  }
})

runWhenStarted(import.meta.url, main)
