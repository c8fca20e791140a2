/**
 * Enquiries older than the data file keeps live in dated files beside it, one per month: a store
 * opened on a file of the old shape moves them there, and every method taking an enquiry's id
 * works wherever the enquiry is.
 */
import { mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { StoredEnquiry } from '../../data/enquiry.server.ts'
import { seedProducts } from '../../data/seed/products.ts'
import { openStore, UnknownEnquiryError, type Store } from '../../data/store.server.ts'
import { journalFileFor } from '../../data/journal.server.ts'
import { newEnquiry } from '../helpers/new-enquiry.ts'
import { writeOldShapeFile, yearsOfEnquiries } from '../../support/years-of-enquiries.ts'

const DAY = 24 * 60 * 60 * 1000
let dir: string
let file: string
const opened: Store[] = []
const open = async () => {
  const s = await openStore(file)
  opened.push(s)
  return s
}
const readJson = async (f: string) => JSON.parse(await readFile(f, 'utf8'))
const monthFile = (month: string) => path.join(dir, `db.enquiries-${month}.json`)
/** Every enquiry on disk: the data file's and each dated file's, with where it is. */
async function everywhere(): Promise<Map<string, string[]>> {
  const where = new Map<string, string[]>()
  for (const name of (await readdir(dir)).filter(
    (n) => n === 'db.json' || /^db\.enquiries-\d{4}-\d{2}\.json$/.test(n),
  )) {
    for (const m of (await readJson(path.join(dir, name))).messages as StoredEnquiry[])
      where.set(m.id, [...(where.get(m.id) ?? []), name])
  }
  return where
}

beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'dated-files-'))
  file = path.join(dir, 'db.json')
})
afterEach(async () => {
  for (const s of opened.splice(0)) await s.close().catch(() => {})
  await rm(dir, { recursive: true, force: true })
})

describe('a data file of the old shape, with ten years of enquiries', () => {
  it(
    'keeps the last 30 days in the data file, moves each older month to its ' +
      'own file, and removes the checked copy',
    async () => {
      const all = await writeOldShapeFile(file, 3000)
      const store = await open()
      const recent = all.filter((m) => Date.parse(m.createdAt) > Date.now() - 30 * DAY)
      expect(recent.length).toBeGreaterThan(0)
      expect(store.enquiries.map((m) => m.id)).toEqual(recent.map((m) => m.id))
      expect((await readJson(file)).messages.map((m: StoredEnquiry) => m.id)).toEqual(recent.map((m) => m.id))

      const where = await everywhere()
      expect(where.size).toBe(all.length)
      for (const m of all) {
        const month = m.createdAt.slice(0, 7)
        expect(where.get(m.id), m.createdAt).toEqual([recent.includes(m) ? 'db.json' : `db.enquiries-${month}.json`])
      }
      const names = await readdir(dir)
      expect(names.filter((n) => n.startsWith('db.enquiries-')).length).toBeGreaterThanOrEqual(120)
      expect(names).not.toContain('db.json.before-move')
      expect(await readJson(monthFile(all[0]!.createdAt.slice(0, 7)))).toEqual({
        messages: all.filter((m) => m.createdAt.slice(0, 7) === all[0]!.createdAt.slice(0, 7)),
      })
      // The journal holds what the data file might lack: its own enquiries, not ten years of them.
      const journalLines = (await readFile(journalFileFor(file), 'utf8')).trim().split('\n')
      expect(journalLines).toHaveLength(recent.length)
    },
  )

  it(
    'keeps an older enquiry still waiting for its e-mail in the data file, ' + 'and one whose date cannot be read',
    async () => {
      const [old, undated] = yearsOfEnquiries(2, 1).map((m, i) => ({ ...m, createdAt: i ? 'sometime' : m.createdAt }))
      const waiting = {
        ...old!,
        notification: { status: 'pending' as const, attempts: [], nextAttemptAt: null, sentAt: null },
      }
      await writeFile(file, JSON.stringify({ products: seedProducts, messages: [waiting, undated] }))
      const store = await open()
      expect(store.enquiries.map((m) => m.id)).toEqual([waiting.id, undated!.id])
    },
  )
})

describe('enquiries wherever they are', () => {
  let store: Store
  let older: StoredEnquiry[]
  let recent: StoredEnquiry
  beforeEach(async () => {
    older = await writeOldShapeFile(file, 24, 2)
    store = await open()
    recent = await store.addEnquiry(newEnquiry(1))
  })
  const lastYear = () => older[2]!

  it('allEnquiries lists the data file’s and the dated files’, newest first; findEnquiry finds either', async () => {
    const all = await store.allEnquiries()
    expect(all.map((m) => m.id)).toEqual(
      [recent, ...older].sort((a, b) => b.createdAt.localeCompare(a.createdAt)).map((m) => m.id),
    )
    expect(await store.findEnquiry(recent.id)).toEqual(recent)
    expect(await store.findEnquiry(lastYear().id)).toEqual(lastYear())
    expect(await store.findEnquiry('nope')).toBeUndefined()
    // Read from a dated file and shared from one visit to the next: as read-only as the data file's.
    const dated = (await store.findEnquiry(lastYear().id))!
    expect(Object.isFrozen(dated) && Object.isFrozen(dated.notification)).toBe(true)
  })

  it('updateEnquiry and setArchived change an enquiry in its dated file, on disk', async () => {
    const m = lastYear()
    await store.updateEnquiry(m.id, (x) => ({ ...x, readAt: '2026-01-01T00:00:00.000Z' }))
    expect(await store.setArchived(m.id, true)).toMatchObject({
      id: m.id,
      archived: true,
      readAt: '2026-01-01T00:00:00.000Z',
    })
    const month = (await readJson(monthFile(m.createdAt.slice(0, 7)))).messages as StoredEnquiry[]
    expect(month.find((x) => x.id === m.id)).toMatchObject({ archived: true, readAt: '2026-01-01T00:00:00.000Z' })
    expect(await store.setArchived(m.id, false)).not.toHaveProperty('archived')
    await expect(store.setArchived('nope', true)).rejects.toBeInstanceOf(UnknownEnquiryError)
    await store.updateEnquiry('nope', (x) => x) // nothing to change: nothing happens
  })

  it('countEnquiries and allEnquiries follow each change of a dated file, ours or an owner’s edit', async () => {
    const unread = (m: StoredEnquiry) => !m.readAt
    const count = () => store.countEnquiries('unread', unread)
    expect(await count()).toBe(1 + older.filter(unread).length)
    const m = lastYear()
    await store.updateEnquiry(m.id, (x) => ({ ...x, readAt: '2026-01-01T00:00:00.000Z' }))
    expect(await count()).toBe(older.filter(unread).length)
    const month = monthFile(m.createdAt.slice(0, 7))
    const onDisk = await readJson(month)
    await writeFile(
      month,
      JSON.stringify({
        messages: (onDisk.messages as StoredEnquiry[]).map((x) => ({
          ...x,
          readAt: '2026-01-02T00:00:00.000Z',
          firstName: 'Edited',
        })),
      }),
    )
    const all = await store.allEnquiries()
    expect(all.find((x) => x.id === m.id)).toMatchObject({ firstName: 'Edited', readAt: '2026-01-02T00:00:00.000Z' })
    expect(await count()).toBe(
      1 + older.filter((x) => unread(x) && !onDisk.messages.some((y: StoredEnquiry) => y.id === x.id)).length,
    )
  })

  it(
    'deleteEnquiry removes one from its dated file and the journal keeps it ' + 'out of an older copy of the data file',
    async () => {
      const m = lastYear()
      const before = await readFile(file, 'utf8')
      expect(await store.deleteEnquiry(m.id)).toMatchObject({ id: m.id })
      expect((await everywhere()).has(m.id)).toBe(false)
      expect(await store.findEnquiry(m.id)).toBeUndefined()
      await expect(store.deleteEnquiry(m.id)).rejects.toBeInstanceOf(UnknownEnquiryError)
      await store.close()
      // An old-shape copy holding it is saved while the server is down: it does not come back.
      await writeFile(file, JSON.stringify({ ...JSON.parse(before), messages: older }))
      const again = await open()
      expect((await again.allEnquiries()).map((x) => x.id)).not.toContain(m.id)
      expect((await everywhere()).has(m.id)).toBe(false)
    },
  )
})

describe('files the store writes are the owner’s alone', () => {
  it(
    'creates the data file, its journal, the dated files and the lock ' + 'owner-only (0600), whatever the umask',
    async () => {
      const umask = process.umask(0)
      try {
        await writeOldShapeFile(file, 30, 1)
        const store = await open()
        await store.addEnquiry(newEnquiry(1))
        const mode = async (f: string) => (await stat(f)).mode & 0o777
        expect(await mode(file)).toBe(0o600)
        expect(await mode(journalFileFor(file))).toBe(0o600)
        expect(await mode(`${file}.lock`)).toBe(0o600)
        const dated = (await readdir(dir)).filter((n) => n.startsWith('db.enquiries-'))
        expect(dated.length).toBeGreaterThan(0)
        for (const name of dated) expect(await mode(path.join(dir, name)), name).toBe(0o600)
      } finally {
        process.umask(umask)
      }
    },
  )
})
