/** `npm run snapshots -- restore NAME` with no server running: the history says a command made the change. */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { afterEach, expect, it } from 'vitest'
import { historyFileFor } from '../../data/catalogue-history.server.ts'
import type { Data } from '../../data/check.server.ts'
import { seedProducts } from '../../data/seed/products.ts'
import { snapshotDirFor, Snapshots } from '../../data/snapshots.server.ts'
import { main } from '../../scripts/snapshots.ts'

let dir = ''
afterEach(() => rm(dir, { recursive: true, force: true }))

it('records the restore as a command of the shell, not as the workspace', async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'leather-snap-cmd-'))
  const file = path.join(dir, 'db.json')
  const data = { products: seedProducts, messages: [] } as unknown as Data
  const name = await new Snapshots(snapshotDirFor(file)).take(data, 'daily')
  await writeFile(
    file,
    JSON.stringify(
      { ...data, products: seedProducts.map((p, i) => (i === 0 ? { ...p, price: '£999.00' } : p)) },
      null,
      2,
    ),
  )
  expect(
    await main(
      ['restore', name, '--file', file],
      () => {},
      () => {},
    ),
  ).toBe(0)
  const entries = (await readFile(historyFileFor(file), 'utf8'))
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as { who: string; action: string })
  expect(entries).toEqual([expect.objectContaining({ who: 'command', action: 'snapshot-restore' })])
})
