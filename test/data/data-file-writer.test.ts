/**
 * The store knows the file it wrote: saving enquiries never reads the data file back (which costs a
 * read and a compare of the whole file per enquiry), while an owner's edit is still read at once.
 */
import { readFile, mkdtemp, rm, stat, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { afterEach, beforeEach, expect, it, vi } from 'vitest'
import { seedProducts } from '../../data/seed/products.ts'
import type { Data, Store } from '../../data/store.server.ts'
import { newEnquiry } from '../helpers/new-enquiry.ts'

vi.mock('node:fs/promises', async (importOriginal) => {
  const actual = await importOriginal<typeof import('node:fs/promises')>()
  return { ...actual, readFile: vi.fn(actual.readFile), stat: vi.fn(actual.stat) }
})
// An earlier file of this worker may have loaded the store with the real file system: load it afresh.
vi.resetModules()
const { openStore } = await import('../../data/store.server.ts')

let dir: string
let file: string
let store: Store | null = null
const quiet = { info: () => {}, warn: () => {}, error: () => {} }
const readsOfDataFile = () => vi.mocked(readFile).mock.calls.filter(([p]) => p === file).length
const looksAtDataFile = () => vi.mocked(stat).mock.calls.filter(([p]) => p === file).length

beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'data-file-writer-'))
  file = path.join(dir, 'db.json')
  await writeFile(file, `${JSON.stringify({ products: seedProducts, messages: [] }, null, 2)}\n`)
})
afterEach(async () => {
  await store?.close()
  store = null
  await rm(dir, { recursive: true, force: true })
})

it('saves enquiries without reading its own writes back, and still reads an owner’s edit', async () => {
  store = await openStore(file, { logger: quiet })
  vi.mocked(readFile).mockClear()
  for (let n = 0; n < 20; n++) await store.addEnquiry(newEnquiry(n))
  // The folder watch reports our own renames: wait until the store has looked at the file again.
  const looked = looksAtDataFile()
  await vi.waitFor(() => expect(looksAtDataFile()).toBeGreaterThan(looked), { timeout: 5000, interval: 20 })
  await store.drain()
  await store.addEnquiry(newEnquiry(20))
  expect(readsOfDataFile()).toBe(0)

  const onDisk: Data = JSON.parse(await readFile(file, 'utf8'))
  expect(onDisk.messages).toHaveLength(21)
  const edited = {
    ...onDisk,
    products: onDisk.products.map((p) => (p.id === 'oxford-brogue' ? { ...p, price: '£199.00' } : p)),
  }
  await writeFile(file, `${JSON.stringify(edited, null, 2)}\n`)
  await vi.waitFor(() => expect(store!.products.find((p) => p.id === 'oxford-brogue')?.price).toBe('£199.00'), {
    timeout: 1000,
    interval: 20,
  })
})
