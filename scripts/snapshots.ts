/**
 * `npm run snapshots [-- restore NAME]` (README.md): a restore goes through
 * the running server (one writer), which first snapshots the catalogue.
 */
import { CatalogueHistory, historyFileFor } from '../data/catalogue-history.server.ts'
import { askHolder } from '../data/lock.server.ts'
import { snapshotDirFor, Snapshots, type SnapshotInfo } from '../data/snapshots.server.ts'
import { DataFileError, openStore } from '../data/store.server.ts'
import { mediaDirFor } from '../server/config/paths.server.ts'
import { CatalogueService } from '../server/services/catalogue.server.ts'
import { servedPhotoCheck } from '../server/services/served-photo.server.ts'
import { shopDataFile } from '../server/running-server.server.ts'
import { runWhenStarted, withOptions } from './cli.ts'

const USAGE = `Usage: npm run snapshots [-- restore NAME] [-- --file path/to/db.json]
  (no arguments)  the snapshots of the catalogue, newest first
  restore NAME    put the products back as the snapshot NAME holds them; enquiries are not touched
  --file          the data file (default: DATA_FILE, else the running server's, else data/db.json)`

type Restored = { taken: string; changed: number }

function parse(
  argv: readonly string[],
  env: NodeJS.ProcessEnv,
): { file: string; restore?: string; help?: boolean } | string {
  const out: { file: string; restore?: string; help?: boolean } = { file: env.DATA_FILE?.trim() ?? '' }
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!
    if (arg === 'restore') {
      out.restore = argv[++i]
      if (!out.restore) return 'restore needs the name of a snapshot (npm run snapshots lists them).'
    } else if (arg === '--file') out.file = argv[++i] ?? out.file
    else if (arg === '--help' || arg === '-h') out.help = true
    else return `Unknown option ${arg}.`
  }
  return out
}

const line = (s: SnapshotInfo) =>
  `${s.name}  ${s.when} UK time  ${s.products} products${s.reason ? `  (${s.reason})` : ''}\n`

async function restoreWithoutServer(file: string, name: string): Promise<Restored> {
  const store = await openStore(file, { watch: false })
  try {
    return await new CatalogueService(
      store,
      new CatalogueHistory(historyFileFor(store.file)),
      new Snapshots(snapshotDirFor(store.file)),
      servedPhotoCheck(mediaDirFor(file)),
    ).restoreSnapshot(name, 'command')
  } finally {
    await store.close()
  }
}

export const main = withOptions(USAGE, parse, async (options, out, err) => {
  const file = await shopDataFile(options.file, err)
  if (!options.restore) {
    const list = await new Snapshots(snapshotDirFor(file)).list()
    if (list.length === 0)
      out(
        `No snapshots yet in ${snapshotDirFor(file)}: the first is taken before ` +
          `the day's first change in the workspace.\n`,
      )
    for (const s of list) out(line(s))
    return 0
  }
  try {
    const asked = await askHolder(file, { op: 'restore-snapshot', name: options.restore })
    const answer = (asked ? asked.answer : { ok: true, ...(await restoreWithoutServer(file, options.restore)) }) as
      ({ ok: boolean; error?: string } & Partial<Restored>) | null
    if (!answer?.ok) {
      err(`${answer?.error ?? 'The running server gave no answer.'}\n`)
      return 1
    }
    out(
      `Restored the products of ${options.restore} (${answer.changed} ` +
        `changed). The catalogue as it was just before is kept as ` +
        `${answer.taken}.\n`,
    )
    return 0
  } catch (e) {
    err(`${e instanceof DataFileError ? e.message : (e as Error).message}\n`)
    return 1
  }
})

runWhenStarted(import.meta.url, main)
