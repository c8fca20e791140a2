/**
 * `npm run restore -- FILE.tar.gz [--replace]` (README.md): a checked
 * backup put back where DATA_FILE lives, while no server runs.
 */
import { rmSync } from 'node:fs'
import path from 'node:path'
import { restoreStageFor } from '../data/restore-stage.server.ts'
import { ukMoment } from '../domain/uk-time.ts'
import { shellWord } from '../lib/shell-word.ts'
import { runningDataFiles } from '../server/running-server.server.ts'
import { ArchiveRefused } from '../server/services/backup/unpack.server.ts'
import { restoreShop, type Earlier, type RestorePhase } from '../server/services/backup/restore.server.ts'
import { runWhenStarted, typedPath, withOptions, type Out } from './cli.ts'
import { startLine } from './start-line.ts'

const DEFAULT_FILE = 'data/db.json'

const USAGE = `Usage: npm run restore -- FILE.tar.gz [--replace] [--file path/to/db.json]
  FILE.tar.gz   a backup written by npm run backup
  --replace     over an existing shop: its files are moved aside into a dated folder first (--force says the same)
  --file        the data file to restore (default: DATA_FILE, or ${DEFAULT_FILE} when no other shop is running)`

type Options = { file: string; named: boolean; archive: string; replace: boolean; help?: boolean }

function parse(argv: readonly string[], env: NodeJS.ProcessEnv): Options | string {
  const fromEnv = env.DATA_FILE?.trim()
  const out: Options = { file: fromEnv || DEFAULT_FILE, named: Boolean(fromEnv), archive: '', replace: false }
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!
    if (arg === '--replace' || arg === '--force') out.replace = true
    else if (arg === '--file') {
      const named = argv[++i]
      if (!named) return '--file needs the path of the data file to restore.'
      out.file = named
      out.named = true
    } else if (arg === '--help' || arg === '-h') out.help = true
    else if (arg.startsWith('-')) return `Unknown option ${arg}.`
    else if (out.archive) return `One archive only (${out.archive}, then ${arg}).`
    else out.archive = typedPath(arg)
  }
  if (!out.archive && !out.help) return 'Name the backup to restore (FILE.tar.gz).'
  return out
}

/**
 * Unnamed, the restore would go into the site's own data/ folder: never while a shop runs on another
 * file, as that folder is then not the shop the owner means, and starting it would serve another shop.
 */
async function unnamedWhileRunning(options: Options): Promise<string | null> {
  if (options.named) return null
  const running = await runningDataFiles()
  const fallback = path.resolve(DEFAULT_FILE)
  if (running.length === 0 || running.includes(fallback)) return null
  return (
    `No data file was named, and a shop is running on ${running.join(', ')}: nothing was changed. ` +
    `Name the data file to restore into, for instance a new folder's: ` +
    `DATA_FILE=/path/to/new/db.json npm run restore -- ${shellWord(options.archive)}`
  )
}

const backupOf = (manifest: { createdAt: string }) => `the backup taken ${ukMoment(manifest.createdAt)} UK time`

function sayEarlier(earlier: Earlier | null, out: Out): void {
  if (!earlier) return
  if (earlier.kind === 'removed') {
    out(
      earlier.finished
        ? `Removed ${earlier.folders.join(', ')}, left over from a restore that had finished.\n`
        : `Removed ${earlier.folders.join(', ')}, left by a restore that was stopped before it changed the shop.\n`,
    )
    return
  }
  out(
    `A restore stopped part-way has been finished: ${backupOf(earlier.manifest)}, from ${earlier.archive}, ` +
      `is now in place${earlier.aside ? `, and the shop that was there is in ${earlier.aside}` : ''}.\n`,
  )
}

/**
 * Ctrl-C, a stop or a closed terminal: while checking, the restore stops at once and the shop is as it was;
 * while files are being switched (a moment), it finishes first, so a stop never leaves half a shop.
 */
function stopSafely(file: string, err: Out): { phase: (p: RestorePhase) => void; done: () => void } {
  let phase: RestorePhase = 'checking'
  const onSignal = (signal: NodeJS.Signals) => {
    if (phase === 'switching') return err(`${signal}: finishing first, as the backup is being put in place.\n`)
    rmSync(restoreStageFor(file), { recursive: true, force: true })
    err(`Stopped before anything was changed: the shop in ${path.dirname(file)} is as it was.\n`)
    process.exit(130)
  }
  const signals = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const
  for (const s of signals) process.on(s, onSignal)
  return {
    phase: (p) => (phase = p),
    done: () => {
      for (const s of signals) process.off(s, onSignal)
    },
  }
}

export const main = withOptions(USAGE, parse, async (options, out, err) => {
  const file = path.resolve(options.file)
  const refused = await unnamedWhileRunning(options)
  if (refused) {
    err(`${refused}\n`)
    return 1
  }
  const stop = stopSafely(file, err)
  try {
    const restored = await restoreShop(options.archive, file, { replace: options.replace, onPhase: stop.phase })
    sayEarlier(restored.earlier, out)
    if (!restored.already) {
      if (restored.aside) out(`The shop that was there is kept, as it was, in ${restored.aside}\n`)
      out(
        `Restored ${backupOf(restored.manifest)} (${restored.manifest.files.length} files, each checked) ` +
          `into ${path.dirname(file)}.\n`,
      )
    }
    out(`Start the restored shop with:\n${await startLine(file)}\n`)
    return 0
  } catch (e) {
    err(
      `${e instanceof ArchiveRefused ? e.message : `Could not restore ${options.archive}: ${(e as Error).message}`}\n`,
    )
    return 1
  } finally {
    stop.done()
  }
})

runWhenStarted(import.meta.url, main)
