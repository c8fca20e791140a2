/**
 * The catalogue's history and its snapshots reach the disk as the data file does: flushed (fsync)
 * before they count, the folder flushed after, so a crash or power cut loses no acknowledged change.
 */
import fs from 'node:fs'
import { mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { CatalogueHistory, historyFileFor, type HistoryEntry } from '../../data/catalogue-history.server.ts'
import { seedProducts } from '../../data/seed/products.ts'
import { snapshotDirFor, Snapshots } from '../../data/snapshots.server.ts'

let dir: string
let file: string
beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'history-snapshots-'))
  file = path.join(dir, 'db.json')
})
afterEach(async () => {
  vi.restoreAllMocks()
  await rm(dir, { recursive: true, force: true })
})

/**
 * The system calls that put bytes and names on disk, as made through the fs module; `beforeLink` runs before each link.
 */
function watchCalls(beforeLink: (to: string) => void = () => {}): string[] {
  const opened = new Map<number, string>()
  const calls: string[] = []
  const real = { open: fs.open, fsync: fs.fsync, rename: fs.rename, link: fs.link }
  vi.spyOn(fs, 'open').mockImplementation(((p: fs.PathLike, ...rest: unknown[]) => {
    const cb = rest.pop() as (err: NodeJS.ErrnoException | null, fd: number) => void
    return (real.open as (...a: unknown[]) => void)(p, ...rest, (err: NodeJS.ErrnoException | null, fd: number) => {
      if (!err) opened.set(fd, String(p))
      cb(err, fd)
    })
  }) as typeof fs.open)
  vi.spyOn(fs, 'fsync').mockImplementation(((fd: number, cb: fs.NoParamCallback) => {
    calls.push(`fsync ${opened.get(fd)}`)
    return real.fsync(fd, cb)
  }) as typeof fs.fsync)
  vi.spyOn(fs, 'rename').mockImplementation(((from: fs.PathLike, to: fs.PathLike, cb: fs.NoParamCallback) => {
    calls.push(`rename ${String(from)} -> ${String(to)}`)
    return real.rename(from, to, cb)
  }) as typeof fs.rename)
  vi.spyOn(fs, 'link').mockImplementation(((from: fs.PathLike, to: fs.PathLike, cb: fs.NoParamCallback) => {
    calls.push(`link ${String(from)} -> ${String(to)}`)
    beforeLink(String(to))
    return real.link(from, to, cb)
  }) as typeof fs.link)
  return calls
}

const change = (price: string): Omit<HistoryEntry, 'id' | 'at'> => ({
  who: 'owner',
  action: 'edit',
  productId: seedProducts[0]!.id,
  before: seedProducts[0]!,
  after: { ...seedProducts[0]!, price },
})

describe('a snapshot', () => {
  it('is flushed to disk under a temporary name before it takes its own, then the folder is flushed', async () => {
    const snapshots = new Snapshots(snapshotDirFor(file))
    const calls = watchCalls()
    const name = await snapshots.take(
      { products: seedProducts, messages: [] },
      'daily',
      new Date('2026-03-02T10:00:00Z'),
    )
    const snapshot = path.join(snapshots.dir, name)

    const placed = calls.findIndex((c) => c.startsWith('link ') || c.startsWith('rename '))
    expect(placed, calls.join('\n')).toBeGreaterThan(0)
    const tmp = calls[placed]!.split(' ')[1]!
    expect(calls[placed]).toBe(`link ${tmp} -> ${snapshot}`) // linked: never over a snapshot already there
    expect(path.dirname(tmp)).toBe(snapshots.dir)
    expect(calls.slice(0, placed)).toContain(`fsync ${tmp}`)
    expect(calls.slice(placed + 1)).toContain(`fsync ${snapshots.dir}`)
    expect(calls.slice(0, placed)).toContain(`fsync ${dir}`) // the new snapshot folder's own name

    expect(await readdir(snapshots.dir)).toEqual([name]) // the temporary name is gone
    expect((await stat(snapshot)).mode & 0o777).toBe(0o600)
    expect(JSON.parse(await readFile(snapshot, 'utf8')).products).toHaveLength(seedProducts.length)
  })

  it(
    'never replaces one of the same name written meanwhile by another ' + 'process: it takes the next free name',
    async () => {
      const snapshots = new Snapshots(snapshotDirFor(file))
      // the folder exists
      await snapshots.take({ products: [], messages: [] }, 'before-restore', new Date('2026-03-02T09:00:00Z'))
      const first = path.join(snapshots.dir, '2026-03-02T10-00-00-before-restore.json')
      const theirs = '{"products":[],"theirs":true}\n'
      watchCalls((to) => {
        if (to === first && !fs.existsSync(first)) fs.writeFileSync(first, theirs, { mode: 0o600 })
      })
      const name = await snapshots.take(
        { products: seedProducts, messages: [] },
        'before-restore',
        new Date('2026-03-02T10:00:00Z'),
      )
      expect(name).toBe('2026-03-02T10-00-00-before-restore-2.json')
      expect(await readFile(first, 'utf8')).toBe(theirs)
      expect(JSON.parse(await readFile(path.join(snapshots.dir, name), 'utf8')).products).toHaveLength(
        seedProducts.length,
      )
      expect((await readdir(snapshots.dir)).filter((n) => n.endsWith('.tmp'))).toEqual([])
    },
  )
})

describe('a history entry', () => {
  it('is appended and flushed to disk before it counts, and the folder flushed when the history is new', async () => {
    const history = new CatalogueHistory(historyFileFor(file))
    const calls = watchCalls()
    await history.record([change('£1.00')])
    expect(calls).toEqual([`fsync ${history.file}`, `fsync ${dir}`])

    calls.length = 0
    await history.record([change('£2.00'), change('£3.00')])
    expect(calls).toEqual([`fsync ${history.file}`]) // appended in place, never rewritten
    expect((await stat(history.file)).mode & 0o777).toBe(0o600)
    expect((await new CatalogueHistory(history.file).all()).map((e) => e.after?.price)).toEqual([
      '£1.00',
      '£2.00',
      '£3.00',
    ])
  })

  it('after a line cut short by a crash, starts on a line of its own, so it is kept', async () => {
    const history = new CatalogueHistory(historyFileFor(file))
    const [kept] = await history.record([change('£1.00')])
    await writeFile(history.file, `${JSON.stringify(kept)}\n{"id":"cut-short","at":"20`)

    await new CatalogueHistory(history.file).record([change('£2.00')])
    expect((await new CatalogueHistory(history.file).all()).map((e) => e.after?.price)).toEqual(['£1.00', '£2.00'])
  })
})
