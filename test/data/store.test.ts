import { spawn } from 'node:child_process'
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { DataFileError, lockHolder, openStore, StoreWriteError, type Store } from '../../data/store.server.ts'
import { lockFileFor } from '../../data/lock.server.ts'
import { ROOT } from '../../server/config/paths.server.ts'
import { seedProducts } from '../../data/seed/products.ts'
import { newEnquiry } from '../helpers/new-enquiry.ts'
import { makeReadOnly, makeWritable } from '../helpers/read-only.ts'
import { dataOnDisk } from '../helpers/on-disk.ts'

let dir: string
let file: string
const opened: Store[] = []
const open = async (f = file) => {
  const s = await openStore(f)
  opened.push(s)
  return s
}
const onDisk = async () => dataOnDisk(file)

beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'store-test-'))
  file = path.join(dir, 'db.json')
})
afterEach(async () => {
  for (const s of opened.splice(0)) await s.close().catch(() => {})
  await makeWritable(dir).catch(() => {})
  await rm(dir, { recursive: true, force: true })
})

describe('the data store (lowdb on DATA_FILE)', () => {
  it('creates the file from the seed on first start, pretty-printed', async () => {
    await open()
    const text = await readFile(file, 'utf8')
    expect(text).toMatch(/^\{\n {2}"products": \[\n {4}\{/)
    const data = JSON.parse(text)
    expect(data.messages).toEqual([])
    expect(data.products).toEqual(seedProducts)
    expect(seedProducts.length).toBeGreaterThanOrEqual(12)
  })

  it('writes an enquiry to disk before addEnquiry resolves', async () => {
    const store = await open()
    const saved = await store.addEnquiry(newEnquiry(1))
    const data = await onDisk()
    expect(data.messages).toHaveLength(1)
    expect(data.messages[0]).toMatchObject({ id: saved.id, firstName: 'Ann1', createdAt: saved.createdAt })
    expect(new Date(saved.createdAt).toISOString()).toBe(saved.createdAt)
  })

  it('serialises concurrent writes: 300 at once all land, the file parses', async () => {
    const store = await open()
    const ids = await Promise.all(
      Array.from({ length: 300 }, (_, i) => store.addEnquiry(newEnquiry(i)).then((m) => m.id)),
    )
    const data = await onDisk()
    expect(new Set(data.messages.map((m: { id: string }) => m.id))).toEqual(new Set(ids))
  })

  it('keeps what was saved when reopened', async () => {
    const store = await open()
    await store.addEnquiry(newEnquiry(7))
    await store.updateProduct('oxford-brogue', (p) => ({ ...p, price: '£190.00' }))
    await store.close()
    const again = await open()
    expect(again.enquiries.map((m) => m.firstName)).toEqual(['Ann7'])
    expect(again.products.find((p) => p.id === 'oxford-brogue')?.price).toBe('£190.00')
  })

  it(
    'hands out its data read-only: a change in place is refused by the ' +
      'types and throws, so only a change through the store is written',
    async () => {
      const store = await open()
      await store.addEnquiry(newEnquiry(1))
      const [enquiry] = store.enquiries
      const product = store.products[0]!
      // @ts-expect-error stored enquiries are read-only
      expect(() => (enquiry!.firstName = 'Changed')).toThrow(TypeError)
      // @ts-expect-error and so is what they hold
      expect(() => enquiry!.notification.attempts.push({ at: '', ok: true })).toThrow(TypeError)
      // @ts-expect-error stored products are read-only
      expect(() => (product.price = '£1.00')).toThrow(TypeError)
      // @ts-expect-error the lists, too
      expect(() => store.enquiries.push(enquiry!)).toThrow(TypeError)
      // @ts-expect-error and the data itself
      expect(() => (store.data.imageRuns = [])).toThrow(TypeError)
      await store.updateEnquiry(enquiry!.id, (m) => ({ ...m, firstName: 'Changed' }))
      expect((await onDisk()).messages.map((m) => m.firstName)).toEqual(['Changed'])
      expect(enquiry!.firstName).toBe('Ann1') // what was handed out stays as it was
    },
  )

  it('bumps the products version when products change, not when enquiries do', async () => {
    const store = await open()
    const v0 = store.productsVersion
    await store.addEnquiry(newEnquiry(1))
    expect(store.productsVersion).toBe(v0)
    await store.updateProduct('oxford-brogue', (p) => ({ ...p, name: 'Oxford' }))
    expect(store.productsVersion).toBeGreaterThan(v0)
  })

  for (const [what, content] of [
    ['empty', ''],
    ['truncated', '{"products": [{"id": "a"'],
    ['not JSON', 'hello'],
    ['the wrong shape', '{"products": {}, "messages": []}'],
    [
      'a product without a valid category',
      JSON.stringify({ products: [{ ...seedProducts[0], category: 'hats' }], messages: [] }),
    ],
  ] as const) {
    it(`refuses a data file that is ${what}, naming it, and leaves it byte for byte`, async () => {
      await writeFile(file, content)
      const err = await openStore(file).catch((e) => e)
      expect(err).toBeInstanceOf(DataFileError)
      expect(err.message).toContain(file)
      expect(await readFile(file, 'utf8')).toBe(content)
    })
  }

  it('undoes a change that could not be written, keeps the file intact, and recovers', async () => {
    const store = await open()
    await store.addEnquiry(newEnquiry(1))
    const before = await readFile(file, 'utf8')
    await makeReadOnly(dir)
    await expect(store.addEnquiry(newEnquiry(2))).rejects.toBeInstanceOf(StoreWriteError)
    expect(store.enquiries).toHaveLength(1)
    expect(await readFile(file, 'utf8')).toBe(before)
    await makeWritable(dir)
    await store.addEnquiry(newEnquiry(3))
    expect((await onDisk()).messages.map((m: { firstName: string }) => m.firstName)).toEqual(['Ann1', 'Ann3'])
  })
})

describe('the single-writer lock (a socket the holder listens on)', () => {
  /** Another process holding the lock of `f`, as a server would; resolves once it holds it. */
  const holdInChild = async (f: string) => {
    const child = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        '-e',
        `import('./data/lock.server.ts').then((m) => ` +
          `m.acquireLock(${JSON.stringify(f)})).then(() => console.log('held'), ` +
          `(e) => { console.error(e.message); process.exit(1) }); setInterval(() ` +
          `=> {}, 1000)`,
      ],
      {
        cwd: ROOT,
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    )
    await new Promise<void>((resolve, reject) => {
      child.stdout!.on('data', (d) => String(d).includes('held') && resolve())
      child.once('exit', (code) => reject(new Error(`the child exited (${code})`)))
    })
    return child
  }

  it('lets only one writer open a data file, in this process or another, and names the holder', async () => {
    await open()
    await expect(openStore(file)).rejects.toThrow(/already open in this process/)
    const other = path.join(dir, 'other.json')
    const child = await holdInChild(other)
    try {
      await expect(openStore(other)).rejects.toThrow(new RegExp(`in use by another process \\(pid ${child.pid}\\)`))
      expect(await lockHolder(other)).toBe(child.pid)
    } finally {
      child.kill('SIGKILL')
      await new Promise((r) => child.once('exit', r))
    }
    // Killed: its socket refuses connections whatever its pid, so the lock is taken over at once.
    expect(await lockHolder(other)).toBeNull()
    const store = await open(other)
    expect(store.products.length).toBeGreaterThan(0)
    expect(await lockHolder(other)).toBe(process.pid)
  })

  it('takes over a lock file of the old kind, even when the pid in it belongs to a live process', async () => {
    await writeFile(lockFileFor(file), String(process.pid)) // the pid is alive: it is this very process
    const store = await open()
    expect(store.products.length).toBeGreaterThan(0)
  })

  it('works in a folder whose path is longer than a socket address may be', async () => {
    const deep = path.join(dir, 'a-folder-name-long-enough-to-matter'.repeat(3))
    await mkdir(deep)
    const long = path.join(deep, 'db.json')
    expect(Buffer.byteLength(lockFileFor(long))).toBeGreaterThan(108)
    const store = await open(long)
    await expect(openStore(long)).rejects.toThrow(/already open in this process/)
    expect(await lockHolder(long)).toBe(process.pid)
    await store.close()
    expect(await lockHolder(long)).toBeNull()
    await open(long)
  })
})

describe('answering a group of changes', () => {
  it('answers many enquiries saved in one write a few at a time, letting other work run between', async () => {
    const store = await open()
    let turn = 0
    let beating = true
    const beat = () => {
      turn++
      if (beating) setImmediate(beat)
    }
    setImmediate(beat)
    const answeredIn: number[] = []
    await Promise.all(
      Array.from({ length: 30 }, (_, i) => store.addEnquiry(newEnquiry(i)).then(() => answeredIn.push(turn))),
    )
    beating = false
    const perTurn = new Map<number, number>()
    for (const t of answeredIn) perTurn.set(t, (perTurn.get(t) ?? 0) + 1)
    expect(Math.max(...perTurn.values())).toBeLessThanOrEqual(6)
    expect((await onDisk()).messages).toHaveLength(30)
  })
})

describe('serializePretty', () => {
  it('writes exactly what JSON.stringify(data, null, 2) would, and reuses the text of unchanged items', async () => {
    const { serializePretty } = await import('../../data/atomic-json-file.server.ts')
    const samples = [
      { products: seedProducts, messages: [] },
      {
        products: [],
        messages: [{ id: 'a', nested: { x: [1, 2, { y: 'z\n"q"' }] }, empty: {}, list: [] }, { id: 'b' }],
      },
      { a: 1, b: 'two', c: null, d: [1, 'x', null, [2]] },
      { messages: [{ name: 'Zoë 👞 — “quoted” \u2028 </script>' }], products: [] },
      {},
    ]
    for (const s of samples) expect(serializePretty(s).toString('utf8')).toBe(JSON.stringify(s, null, 2) + '\n')
    // An item once written cannot be changed in place (its text is kept): a change makes a new item.
    const item = { id: 'c', v: 1, nested: { list: [1] } }
    serializePretty({ messages: [item] })
    expect(() => (item.v = 2)).toThrow(TypeError)
    expect(() => item.nested.list.push(2)).toThrow(TypeError)
    expect(serializePretty({ messages: [{ ...item, v: 2 }] }).toString()).toContain('"v": 2')
  })

  it('stays exact over hundreds of enquiries as they arrive, change, move out and come in from an edit', async () => {
    const { serializePretty } = await import('../../data/atomic-json-file.server.ts')
    const enquiry = (i: number) => ({ id: `m${i}`, message: `Enquiry ${i}`, archived: false })
    let enquiries = Array.from({ length: 300 }, (_, i) => enquiry(i))
    const steps: ((m: typeof enquiries) => typeof enquiries)[] = [
      (m) => [...m, enquiry(300)],
      (m) => m.map((x, i) => (i === 130 ? { ...x, archived: true } : x)),
      (m) => m.slice(7),
      (m) => [enquiry(-1), ...m],
      (m) => m.filter((_, i) => i !== 64),
      (m) => m.slice(0, 64),
      (m) => [...m, ...Array.from({ length: 100 }, (_, i) => enquiry(1000 + i))],
    ]
    for (const step of steps) {
      enquiries = step(enquiries)
      const data = { products: seedProducts.slice(0, 2), messages: enquiries }
      expect(serializePretty(data).toString('utf8')).toBe(JSON.stringify(data, null, 2) + '\n')
    }
  })
})
