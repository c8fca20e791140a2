/**
 * The visit statistics are part of the shop: a backup taken while
 * the server counts holds them, and a restore puts them back.
 */
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { list } from 'tar'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { main as backup } from '../../scripts/backup.ts'
import { main as restore } from '../../scripts/restore.ts'
import { statisticsFileFor } from '../../server/services/statistics/statistics-file.server.ts'
import { ukDay } from '../../server/services/statistics/statistics.server.ts'
import { spawnServer, type ChildServer } from '../../support/child-server.ts'
import { statisticsOnDisk } from '../helpers/statistics.ts'

const BROWSER =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) ' +
  'AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 ' +
  'Safari/604.1'

let dir: string
const running: ChildServer[] = []
beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'backup-statistics-'))
})
afterEach(async () => {
  for (const s of running.splice(0)) {
    s.child.kill('SIGTERM')
    await s.exited
  }
  await rm(dir, { recursive: true, force: true })
})

/** Counts written every second, so the test need not wait a minute. */
const start = async (dataFile: string) => {
  const s = await spawnServer({ DATA_FILE: dataFile, LOG_LEVEL: 'warn', STATISTICS_WRITE_SECONDS: '1' })
  running.push(s)
  return s
}

const visit = async (s: ChildServer, page: string) =>
  expect((await fetch(`${s.url}${page}`, { headers: { 'user-agent': BROWSER } })).status).toBe(200)

/** Today's views of a product page as the file holds them, once the server has written them. */
async function viewsOnDisk(dataFile: string, page: string, expected: number): Promise<void> {
  await vi.waitFor(
    async () => expect((await statisticsOnDisk(dataFile))?.days[ukDay(Date.now())]?.pages[page]?.views).toBe(expected),
    { timeout: 10_000, interval: 100 },
  )
}

describe('npm run backup while the server counts visits', () => {
  it('holds the statistics file, and npm run restore puts it back for the next server to go on counting', async () => {
    const dataFile = path.join(dir, 'live', 'db.json')
    const live = await start(dataFile)
    for (let n = 0; n < 3; n++) await visit(live, '/products/oxford-brogue')
    await viewsOnDisk(dataFile, '/products/oxford-brogue', 3)

    const archive = path.join(dir, 'shop.tar.gz')
    let err = ''
    expect(
      await backup(
        [archive, '--file', dataFile],
        () => {},
        (s) => (err += s),
      ),
    ).toBe(0)
    expect(err).toBe('')
    const names: string[] = []
    await list({ file: archive, onReadEntry: (entry) => void names.push(entry.path) })
    expect(names).toContain('db.json.statistics.json')

    const restoredFile = path.join(dir, 'restored', 'db.json')
    expect(
      await restore(
        [archive, '--file', restoredFile],
        () => {},
        () => {},
      ),
    ).toBe(0)
    const restored = statisticsFileFor(restoredFile)
    expect(await readFile(restored, 'utf8')).toBe(await readFile(statisticsFileFor(dataFile), 'utf8'))
    expect((await stat(restored)).mode & 0o777).toBe(0o600)

    const copy = await start(restoredFile)
    await visit(copy, '/products/oxford-brogue')
    await viewsOnDisk(restoredFile, '/products/oxford-brogue', 4)
  })
})
