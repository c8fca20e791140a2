import { mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import request from 'supertest'
import { afterEach, describe, expect, it } from 'vitest'
import { Snapshots } from '../../data/snapshots.server.ts'
import { seedProducts } from '../../data/seed/products.ts'
import { main } from '../../scripts/snapshots.ts'
import { newEnquiry } from '../helpers/new-enquiry.ts'
import { runScript } from '../helpers/script-run.ts'
import { createTestApp, type TestServer } from '../helpers/server.ts'
import { dataOnDisk } from '../helpers/on-disk.ts'

let t: TestServer | undefined
afterEach(async () => {
  await t?.close()
  t = undefined
})

const run = (...argv: string[]) => runScript(main, ...argv)

type OnDisk = { products: { id: string; price: string }[]; messages: { id: string }[] }
const onDisk = async (file: string) => dataOnDisk<OnDisk>(file)

describe('npm run snapshots', () => {
  it(
    'lists the snapshot taken before the day’s first change and restores ' +
      'the products through the running server, never the enquiries',
    async () => {
      t = await createTestApp()
      const { catalogue } = t.services
      const first = await t.store.addEnquiry(newEnquiry(1))
      const form = {
        id: 'oxford-brogue',
        name: 'Oxford Brogue',
        description: 'x',
        price: '£999.00',
        sku: 'FW-OXB-001',
        category: 'footwear',
        availability: 'in-stock',
        leadTime: '',
        mainImage: '/images/seed/oxford-brogue.svg',
        paymentLink: 'https://buy.stripe.com/x',
      }
      expect((await catalogue.save('oxford-brogue', form, null)).ok).toBe(true)
      await catalogue.remove('briefcase')
      const later = await t.store.addEnquiry(newEnquiry(2))

      const listed = await run('--file', t.dataFile)
      expect(listed.code).toBe(0)
      const name = /^(\S+-daily\.json)\s/m.exec(listed.out)?.[1]
      expect(name, listed.out).toBeDefined()
      expect(listed.out).toContain(`${seedProducts.length} products  (daily)`)

      const restored = await run('restore', name!, '--file', t.dataFile)
      expect(restored.code, restored.err).toBe(0)
      expect(restored.out).toMatch(
        /Restored the products of .* The catalogue as it was just before is kept as .*before-restore\.json/,
      )
      const data = await onDisk(t.dataFile)
      expect(data.products.map((p) => p.id)).toEqual(seedProducts.map((p) => p.id))
      expect(data.products[0]!.price).toBe('£185.00')
      expect(data.messages.map((m) => m.id)).toEqual([first.id, later.id])
      expect(t.store.products.map((p) => p.id)).toEqual(seedProducts.map((p) => p.id))

      const dir = `${t.dataFile}.snapshots`
      expect((await stat(dir)).mode & 0o777).toBe(0o700)
      for (const f of await readdir(dir)) {
        expect((await stat(path.join(dir, f))).mode & 0o777, f).toBe(0o600)
        expect(JSON.parse(await readFile(path.join(dir, f), 'utf8')).messages, f).toBeUndefined()
      }
      expect((await stat(`${t.dataFile}.history.jsonl`)).mode & 0o777).toBe(0o600)
    },
  )

  it('says so when a snapshot does not exist, and changes nothing', async () => {
    t = await createTestApp()
    const before = await readFile(t.dataFile, 'utf8')
    const res = await run('restore', '2020-01-01T00-00-00-daily.json', '--file', t.dataFile)
    expect(res.code).toBe(1)
    expect(res.err).toContain('There is no snapshot called 2020-01-01T00-00-00-daily.json')
    expect(await readFile(t.dataFile, 'utf8')).toBe(before)
  })

  it('keeps a bounded number, the oldest going first', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'snapshots-'))
    const snapshots = new Snapshots(path.join(dir, 'db.json.snapshots'), 3)
    for (let day = 1; day <= 5; day++)
      await snapshots.take({ products: [], messages: [] }, 'daily', new Date(`2026-01-0${day}T10:00:00Z`))
    expect((await snapshots.list()).map((s) => s.takenAt)).toEqual([
      '2026-01-05T10:00:00Z',
      '2026-01-04T10:00:00Z',
      '2026-01-03T10:00:00Z',
    ])
    await rm(dir, { recursive: true, force: true })
  })

  it('keeps each kind’s own count: restores, however many, never push out the daily ones', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'snapshots-'))
    const snapshots = new Snapshots(path.join(dir, 'db.json.snapshots'), 3)
    const empty = { products: [], messages: [] }
    await snapshots.take(empty, 'daily', new Date('2026-01-01T10:00:00Z'))
    for (let i = 0; i < 15; i++) await snapshots.take(empty, 'before-restore', new Date(`2026-01-02T10:00:${10 + i}Z`))
    const kinds = (await snapshots.list()).map((s) => s.reason)
    expect(kinds).toEqual(['before-restore', 'before-restore', 'before-restore', 'daily'])
    await rm(dir, { recursive: true, force: true })
  })

  it('31 restores in the workspace in a row, the first of them the day’s first change, leave the day’s snapshot', async () => {
    t = await createTestApp()
    const { catalogue } = t.services
    const was = t.store.products.find((p) => p.id === 'oxford-brogue')!
    await t.store.updateProduct('oxford-brogue', (p) => ({ ...p, price: '£375.50' }))
    const [entry] = await catalogue.history.record([
      { who: 'owner', action: 'edit', productId: was.id, before: was, after: { ...was, price: '£375.50' } },
    ])
    for (let i = 0; i < 31; i++) await request(t.app).post(`/admin/history/${entry!.id}/restore`).expect(303)
    expect(t.store.products.find((p) => p.id === 'oxford-brogue')!.price).toBe(was.price)
    const listed = await run('--file', t.dataFile)
    expect(listed.out.match(/\(before-restore(-\d+)?\)$/gm)).toHaveLength(30)
    const daily = /^(\S+-daily\.json)\s/m.exec(listed.out)?.[1]
    expect(daily, listed.out).toBeDefined()
    // As the day found the catalogue, before its first restore.
    const kept = JSON.parse(await readFile(path.join(`${t.dataFile}.snapshots`, daily!), 'utf8')) as OnDisk
    expect(kept.products.find((p) => p.id === 'oxford-brogue')!.price).toBe('£375.50')
  })

  it('tells apart snapshots taken in one minute by their time', async () => {
    t = await createTestApp()
    for (const [reason, at] of [
      ['daily', '2026-03-10T10:30:05Z'],
      ['before-restore', '2026-03-10T10:30:20Z'],
      ['before-restore', '2026-03-10T10:30:20Z'],
      ['before-restore', '2026-03-10T10:31:00Z'],
    ] as const)
      await t.services.catalogue.snapshots.take(t.store.data, reason, new Date(at))
    const listed = await run('--file', t.dataFile)
    const times = [...listed.out.matchAll(/^\S+ {2}(.+?) UK time/gm)].map((m) => m[1])
    expect(times).toEqual([
      '10 Mar 2026, 10:31',
      '10 Mar 2026, 10:30:20 (2)',
      '10 Mar 2026, 10:30:20 (1)',
      '10 Mar 2026, 10:30:05',
    ])
  })
})
