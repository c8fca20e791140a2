import { mkdir, readdir, readFile, rm } from 'node:fs/promises'
import path from 'node:path'
import type { Product } from '../domain/product.ts'
import { ukTimesApart } from '../domain/uk-time.ts'
import type { Data } from './check.server.ts'
import { writeDurably } from './durable-write.server.ts'
import { syncFolder } from './fsync.server.ts'

/** A catalogue as it was: the products and the owner's own top-level fields, never the enquiries. */
export type CatalogueSnapshot = { products: Product[] } & Record<string, unknown>

/** Top-level fields that are not the catalogue: enquiries never go back in time, nor does the image spend. */
const NOT_CATALOGUE = new Set(['messages', 'imageRuns'])

export const snapshotDirFor = (dataFile: string) => `${dataFile}.snapshots`

const NAME = /^(\d{4}-\d{2}-\d{2})T(\d{2})-(\d{2})-(\d{2})(?:-([a-z0-9-]+))?\.json$/

/** `when`: its UK time, told apart from the other snapshots' (with seconds where two share a minute). */
export type SnapshotInfo = { name: string; takenAt: string; when: string; reason: string; products: number }

/** Unknown snapshot name (a typo on the command line). */
export class UnknownSnapshotError extends Error {
  override name = 'UnknownSnapshotError'
}

export function catalogueOf(data: Data): CatalogueSnapshot {
  const out: Record<string, unknown> = {}
  for (const [key, value] of Object.entries(data)) if (!NOT_CATALOGUE.has(key)) out[key] = value
  return out as CatalogueSnapshot
}

/** A snapshot's kind: its reason without the `-2` of a second one taken the same second ('daily', 'before-restore'). */
const kindOf = (name: string) => (NAME.exec(name)?.[5] ?? '').replace(/-\d+$/, '')

/**
 * Beside the data file (0700, files 0600), named `YYYY-MM-DDTHH-MM-SS-reason.json` (UTC), at most
 * `keep` of each kind, oldest first out: restores, however many, never push out the daily ones.
 */
export class Snapshots {
  constructor(
    readonly dir: string,
    private readonly keep = 30,
  ) {}

  /**
   * Never over an earlier snapshot, even one taken the same second
   * by another process: the next free name (`-2`, `-3`...).
   */
  async take(data: Data, reason: string, now = new Date()): Promise<string> {
    if (await mkdir(this.dir, { recursive: true, mode: 0o700 })) await syncFolder(path.dirname(this.dir))
    const stamp = now.toISOString().slice(0, 19).replace(/:/g, '-')
    const text = `${JSON.stringify(catalogueOf(data), null, 2)}\n`
    const taken = new Set(await this.names())
    for (let n = 1; ; n++) {
      const name = n === 1 ? `${stamp}-${reason}.json` : `${stamp}-${reason}-${n}.json`
      if (taken.has(name)) continue
      try {
        await writeDurably(path.join(this.dir, name), text, { keepExisting: true })
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'EEXIST') continue
        throw err
      }
      await this.prune()
      return name
    }
  }

  /** Before the first change of a day (UTC), a restore included: one snapshot of the catalogue as the day found it. */
  async takeDaily(data: Data, now = new Date()): Promise<string | null> {
    const day = now.toISOString().slice(0, 10)
    if ((await this.names()).some((n) => n.startsWith(day) && kindOf(n) === 'daily')) return null
    return this.take(data, 'daily', now)
  }

  /** Newest first. */
  async list(): Promise<SnapshotInfo[]> {
    const names = await this.names()
    const taken = names.map((name) => NAME.exec(name)!).map((m) => `${m[1]}T${m[2]}:${m[3]}:${m[4]}Z`)
    const when = ukTimesApart(taken)
    const out: SnapshotInfo[] = []
    for (const [i, name] of names.entries()) {
      const products = (await this.read(name).catch(() => null))?.products.length ?? 0
      out.push({ name, takenAt: taken[i]!, when: when[i]!, reason: NAME.exec(name)![5] ?? '', products })
    }
    return out.reverse()
  }

  async read(name: string): Promise<CatalogueSnapshot> {
    if (!NAME.test(name) || !(await this.names()).includes(name))
      throw new UnknownSnapshotError(`There is no snapshot called ${name} (npm run snapshots lists them).`)
    const parsed = JSON.parse(await readFile(path.join(this.dir, name), 'utf8')) as CatalogueSnapshot
    if (!Array.isArray(parsed.products)) throw new UnknownSnapshotError(`The snapshot ${name} holds no products.`)
    return parsed
  }

  /** Oldest first. */
  private async names(): Promise<string[]> {
    try {
      return (await readdir(this.dir)).filter((n) => NAME.test(n)).sort()
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return []
      throw err
    }
  }

  private async prune(): Promise<void> {
    const byKind = new Map<string, string[]>()
    for (const name of await this.names()) byKind.set(kindOf(name), [...(byKind.get(kindOf(name)) ?? []), name])
    const old = [...byKind.values()].flatMap((names) => names.slice(0, Math.max(0, names.length - this.keep)))
    await Promise.all(old.map((n) => rm(path.join(this.dir, n), { force: true })))
  }
}
