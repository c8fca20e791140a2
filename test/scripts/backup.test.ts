/**
 * `npm run backup` and `npm run restore` end to end: a backup through a real running server while
 * visitors send enquiries, put back into an empty folder, served by a second real server.
 */
import { mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import sharp from 'sharp'
import { extract } from 'tar'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { openStore } from '../../data/store.server.ts'
import { main as backup } from '../../scripts/backup.ts'
import { main as restore } from '../../scripts/restore.ts'
import { spawnServer, type ChildServer } from '../../support/child-server.ts'
import { newEnquiry, sendEnquiry } from '../helpers/new-enquiry.ts'
import { runScript } from '../helpers/script-run.ts'

let dir: string
const running: ChildServer[] = []
beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'backup-'))
})
afterEach(async () => {
  for (const s of running.splice(0)) {
    s.child.kill('SIGTERM')
    await s.exited
  }
  await rm(dir, { recursive: true, force: true })
})

const run = runScript

const start = async (dataFile: string) => {
  const s = await spawnServer({ DATA_FILE: dataFile, LOG_LEVEL: 'warn', CONTACT_RATE_LIMIT: '0' })
  running.push(s)
  return s
}

/** One enquiry as a visitor's browser sends it; resolves with its id and when its 201 arrived. */
async function enquire(s: ChildServer, n: number): Promise<{ id: string; status: number; at: number }> {
  const res = await sendEnquiry(s.url, {
    firstName: `Visitor${n}`,
    lastName: 'Backup',
    message: `Enquiry number ${n}, sent during the backup.`,
  })
  const at = Date.now()
  const body = (await res.json()) as { id?: string }
  return { id: body.id ?? '', status: res.status, at }
}

/** Every enquiry a data file's folder holds: the data file's and its dated files'. */
async function savedIds(dataFile: string): Promise<Set<string>> {
  const folder = path.dirname(dataFile)
  const files = [
    dataFile,
    ...(await readdir(folder)).filter((n) => n.startsWith('db.enquiries-')).map((n) => path.join(folder, n)),
  ]
  const ids = new Set<string>()
  for (const f of files)
    for (const m of (JSON.parse(await readFile(f, 'utf8')) as { messages: { id: string }[] }).messages) ids.add(m.id)
  return ids
}

async function uploadPhoto(s: ChildServer, productId: string): Promise<void> {
  const png = await sharp({ create: { width: 96, height: 96, channels: 3, background: { r: 120, g: 70, b: 30 } } })
    .png()
    .toBuffer()
  const form = new FormData()
  form.append('photo', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'saddle.png')
  const res = await fetch(`${s.url}/admin/products/${productId}/photos`, {
    method: 'POST',
    body: form,
    headers: { origin: s.url },
    redirect: 'manual',
  })
  expect(res.status).toBe(303)
}

const productsOf = async (s: ChildServer) => (await (await fetch(`${s.url}/api/products`)).json()) as unknown[]

/** The archive's MANIFEST.json, read as any tar tool would. */
async function manifestOf(archive: string): Promise<{ createdAt: string }> {
  const out = await mkdtemp(path.join(dir, 'manifest-'))
  await extract({ file: archive, cwd: out }, ['MANIFEST.json'])
  return JSON.parse(await readFile(path.join(out, 'MANIFEST.json'), 'utf8')) as { createdAt: string }
}

describe('npm run backup, then npm run restore', () => {
  it(
    'takes one moment of a running shop while enquiries arrive, and a ' +
      'server on the restored folder serves the same shop',
    async () => {
      const dataFile = path.join(dir, 'live', 'db.json')
      const live = await start(dataFile)
      await uploadPhoto(live, 'oxford-brogue')
      const before: string[] = []
      for (let n = 0; n < 5; n++) before.push((await enquire(live, n)).id)

      // Visitors keep sending enquiries, four at a time, all through the backup.
      let sending = true
      let n = 100
      const sent: { id: string; status: number; at: number }[] = []
      const visitor = async () => {
        while (sending) sent.push(await enquire(live, n++))
      }
      const visitors = [visitor(), visitor(), visitor(), visitor()]
      await vi.waitFor(() => expect(sent.length).toBeGreaterThanOrEqual(8), { timeout: 20_000, interval: 20 })
      const began = Date.now()
      const archive = path.join(dir, 'shop.tar.gz')
      const taken = await run(backup, archive, '--file', dataFile)
      const ended = Date.now()
      const whileRunning = sent.length
      await vi.waitFor(() => expect(sent.length).toBeGreaterThanOrEqual(whileRunning + 8), {
        timeout: 20_000,
        interval: 20,
      })
      sending = false
      await Promise.all(visitors)

      expect(taken.err).toBe('')
      expect(taken.code).toBe(0)
      expect(taken.out).toMatch(/through the running server, which paused its writes for \d+ ms/)
      expect(taken.out, 'no process number for the owner to read').not.toMatch(/pid/)
      const pausedMs = Number(/paused its writes for (\d+) ms/.exec(taken.out)![1])
      expect(pausedMs).toBeLessThan(1000)
      expect(
        sent.every((e) => e.status === 201),
        'no enquiry was refused during the backup',
      ).toBe(true)
      expect((await stat(archive)).mode & 0o777).toBe(0o600)

      const restoredFile = path.join(dir, 'restored', 'db.json')
      const put = await run(restore, archive, '--file', restoredFile)
      expect(put.err).toBe('')
      expect(put.code).toBe(0)
      const inArchive = await savedIds(restoredFile)
      for (const id of before) expect(inArchive.has(id), `enquiry ${id}, acknowledged before the backup`).toBe(true)
      for (const e of sent.filter((e) => e.at < began))
        expect(inArchive.has(e.id), `enquiry ${e.id}, acknowledged before the backup`).toBe(true)
      // One acknowledged during the backup but not in it was acknowledged once the copy was done: held, never lost.
      const copyDone = Date.parse((await manifestOf(archive)).createdAt) + pausedMs
      for (const e of sent.filter((e) => e.at >= began && e.at <= ended && !inArchive.has(e.id)))
        expect(e.at, `enquiry ${e.id}`).toBeGreaterThanOrEqual(copyDone)
      const all = await savedIds(dataFile)
      for (const e of sent) expect(all.has(e.id), `enquiry ${e.id} kept by the running shop`).toBe(true)

      expect((await stat(restoredFile)).mode & 0o777).toBe(0o600)
      const copy = await start(restoredFile)
      expect(await productsOf(copy)).toEqual(await productsOf(live))
      const uploaded = JSON.parse(await readFile(dataFile, 'utf8')) as {
        products: { id: string; photos?: { src: string }[] }[]
      }
      const photo = uploaded.products.find((p) => p.id === 'oxford-brogue')!.photos!.at(-1)!.src
      expect(photo).toMatch(/^\/media\//)
      const [served, original] = await Promise.all([fetch(`${copy.url}${photo}`), fetch(`${live.url}${photo}`)])
      expect(served.status).toBe(200)
      expect(Buffer.from(await served.arrayBuffer()).equals(Buffer.from(await original.arrayBuffer()))).toBe(true)
      expect((await stat(path.join(dir, 'restored', photo.replace(/^\/media\//, 'media/')))).mode & 0o777).toBe(
        0o666 & ~process.umask(),
      )
      expect(await (await fetch(`${live.url}/admin/history`)).text()).toContain('photographs changed')
      expect(await (await fetch(`${copy.url}/admin/history`)).text()).toContain('photographs changed')
      expect((await readdir(`${restoredFile}.snapshots`)).length).toBeGreaterThan(0)
      expect(await readdir(`${restoredFile}.snapshots`)).toEqual(await readdir(`${dataFile}.snapshots`))
    },
  )

  it(
    'backs up a shop no server runs on, and --keep N leaves the newest N ' +
      'backups of a folder and nothing else touched',
    async () => {
      const dataFile = path.join(dir, 'shop', 'db.json')
      const store = await openStore(dataFile, { watch: false })
      const saved = await store.addEnquiry(newEnquiry(1))
      await store.close()
      const folder = path.join(dir, 'backups')
      await mkdir(folder)
      for (const name of ['shop-2020-01-01T000000Z.tar.gz', 'shop-2021-06-01T120000Z.tar.gz', 'notes.txt'])
        await writeFile(path.join(folder, name), 'not a backup')

      const first = await run(backup, folder, '--file', dataFile, '--keep', '2')
      expect(first.err).toBe('')
      expect(first.code).toBe(0)
      expect(first.out).toContain('from its folder (no server was running)')
      const name = /into \S+\/(shop-\d{4}-\d{2}-\d{2}T\d{6}Z\.tar\.gz)\n/.exec(first.out)?.[1]
      expect(name, first.out).toBeDefined()
      expect(first.out).toContain('Removed 1 older backup, keeping the newest 2: shop-2020-01-01T000000Z.tar.gz')
      expect((await readdir(folder)).sort()).toEqual([name!, 'notes.txt', 'shop-2021-06-01T120000Z.tar.gz'].sort())

      const second = await run(backup, folder, '--file', dataFile, '--keep', '1')
      expect(second.code).toBe(0)
      const newest = /into \S+\/(shop-\S+\.tar\.gz)\n/.exec(second.out)![1]!
      expect(newest).not.toBe(name)
      expect((await readdir(folder)).sort()).toEqual([newest, 'notes.txt'].sort())

      const restoredFile = path.join(dir, 'restored', 'db.json')
      expect((await run(restore, path.join(folder, newest), '--file', restoredFile)).code).toBe(0)
      expect(await readFile(restoredFile, 'utf8')).toBe(await readFile(dataFile, 'utf8'))
      expect(await savedIds(restoredFile)).toEqual(new Set([saved.id]))
    },
  )
})
