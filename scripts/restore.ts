/**
 * `npm run restore -- FILE.tar.gz [--replace]` (README.md): a checked
 * backup put back where DATA_FILE lives, while no server runs.
 */
import path from 'node:path'
import { ArchiveRefused } from '../server/services/backup/unpack.server.ts'
import { restoreShop } from '../server/services/backup/restore.server.ts'
import { runWhenStarted, typedPath, withOptions } from './cli.ts'

const USAGE = `Usage: npm run restore -- FILE.tar.gz [--replace] [--file path/to/db.json]
  FILE.tar.gz   a backup written by npm run backup
  --replace     over an existing shop: its files are moved aside into a dated folder first (--force says the same)
  --file        the data file to restore (default: DATA_FILE, or data/db.json)`

type Options = { file: string; archive: string; replace: boolean; help?: boolean }

function parse(argv: readonly string[], env: NodeJS.ProcessEnv): Options | string {
  const out: Options = { file: env.DATA_FILE?.trim() || 'data/db.json', archive: '', replace: false }
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!
    if (arg === '--replace' || arg === '--force') out.replace = true
    else if (arg === '--file') out.file = argv[++i] ?? out.file
    else if (arg === '--help' || arg === '-h') out.help = true
    else if (arg.startsWith('-')) return `Unknown option ${arg}.`
    else if (out.archive) return `One archive only (${out.archive}, then ${arg}).`
    else out.archive = typedPath(arg)
  }
  if (!out.archive && !out.help) return 'Name the backup to restore (FILE.tar.gz).'
  return out
}

export const main = withOptions(USAGE, parse, async (options, out, err) => {
  const file = path.resolve(options.file)
  try {
    const { manifest, aside } = await restoreShop(options.archive, file, { replace: options.replace })
    if (aside) out(`The shop that was there is kept, as it was, in ${aside}\n`)
    out(
      `Restored the backup of ` +
        `${manifest.createdAt.replace('T', ' ').replace(/\.\d+Z$/, ' UTC')} ` +
        `(${manifest.files.length} files, each checked) into ` +
        `${path.dirname(file)}. Start the site with npm start.\n`,
    )
    return 0
  } catch (e) {
    err(
      `${e instanceof ArchiveRefused ? e.message : `Could not restore ${options.archive}: ${(e as Error).message}`}\n`,
    )
    return 1
  }
})

runWhenStarted(import.meta.url, main)
