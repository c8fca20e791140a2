import { mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { Snapshots } from '../../data/snapshots.server.ts'
import { seedProducts } from '../../data/seed/products.ts'
import { main } from '../../scripts/snapshots.ts'
import { newEnquiry } from '../helpers/new-enquiry.ts'
import { createTestApp, type TestServer } from '../helpers/server.ts'
import { dataOnDisk } from '../helpers/on-disk.ts'

let t: TestServer | undefined
afterEach(async () => {
  await t?.close()
  t = undefined
})

async function run(...argv: string[]) {
  let out = ''
  let err = ''
  const code = await main(
    argv,
    (s) => (out += s),
    (s) => (err += s),
  )
  return { code, out, err }
}

const onDisk = async (file: string) =>
  dataOnDisk<{ products: { id: string; price: string }[]; messages: { id: string }[] }>(file)

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
})
