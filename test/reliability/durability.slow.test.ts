/**
 * Durability: no enquiry that was answered 201 is ever lost, whatever moment the process dies at,
 * even while the owner saves old copies or broken edits of the data file, and the bytes reach the
 * disk before the answer (fsync of the file, then of its folder).
 */
import fs from 'node:fs'
import { mkdtemp, readFile, rename, rm, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import * as v from 'valibot'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { openStore } from '../../data/store.server.ts'
import { DataSchema } from '../../data/check.server.ts'
import { journalFileFor } from '../../data/journal.server.ts'
import { spawnServer, type ChildServer } from '../../support/child-server.ts'
import { lostEnquiries, SHOPS, type Shop } from '../helpers/lost-enquiries.ts'
import type { StoredEnquiry } from '../../data/enquiry.server.ts'

const ROUNDS = 20
const BURST = 60
const MAX_KILL_DELAY_MS = 150

let dir: string
let dataFile: string
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'durability-'))
  dataFile = path.join(dir, 'db.json')
})
afterAll(() => rm(dir, { recursive: true, force: true }))

const enquiry = (round: number, i: number) => ({
  firstName: `Round${round}`,
  lastName: `Visitor${i}`,
  email: `r${round}.v${i}@example.com`,
  subject: 'general',
  message: `Crash round ${round}, enquiry ${i}: is the Oxford brogue available in size 44?`,
})

/** One enquiry; resolves to its id only if the whole 201 answer arrived, else null. */
async function post(server: ChildServer, body: object): Promise<{ status: number; id: string | null } | null> {
  try {
    const res = await fetch(`${server.url}/api/contact`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: server.url },
      body: JSON.stringify(body),
    })
    if (res.status !== 201) return { status: res.status, id: null }
    const { id } = (await res.json()) as { id: string }
    return { status: 201, id }
  } catch {
    return null // the connection died with the server: no answer, no promise made to the visitor
  }
}

/** Parses the data file as the server would at start-up; throws if it is not a valid data file. */
async function readDataFile() {
  return v.parse(DataSchema, JSON.parse(await readFile(dataFile, 'utf8')))
}

/** Each describe below runs on each shop, in a folder of its own; `history` is what the shop had saved before. */
let history: readonly StoredEnquiry[] = []
const onShop = (shop: Shop, key: string) =>
  beforeAll(async () => {
    dataFile = path.join(dir, key, 'db.json')
    history = await shop.prepare(dataFile)
  })

for (const shop of SHOPS) {
  describe(`durability under SIGKILL (the real server as a child process), ${shop.name}`, () => {
    onShop(shop, `kills-${SHOPS.indexOf(shop)}`)
    it(
      `keeps every enquiry answered 201 through ${ROUNDS} kills at random moments during a burst of ${BURST}`,
      { timeout: 240_000 },
      async () => {
        const env = { DATA_FILE: dataFile, CONTACT_RATE_LIMIT: '0', LOG_LEVEL: 'warn' }
        const acknowledged = new Set<string>()
        let cutOff = 0 // requests that got no answer because the process died under them
        let server = await spawnServer(env)
        try {
          for (let round = 0; round < ROUNDS; round++) {
            // A random moment inside the burst: after a random number of answers (0 to 80% of them)
            // plus a random delay, so it does not depend on how fast this machine is today.
            const waitFor = Math.floor(Math.random() * BURST * 0.8)
            const delay = Math.floor(Math.random() * (MAX_KILL_DELAY_MS + 1))
            let answered = 0
            const answers = Array.from({ length: BURST }, (_, i) =>
              post(server, enquiry(round, i)).then((r) => {
                answered++
                return r
              }),
            )
            await vi.waitFor(() => expect(answered).toBeGreaterThanOrEqual(waitFor), { timeout: 30_000, interval: 2 })
            // The chosen moment, not a wait for anything: the kill lands between two answers or inside a write.
            const dying = server
            setTimeout(() => dying.child.kill('SIGKILL'), delay % 40)
            expect(await server.exited).toBeNull() // killed, not exited by itself

            const results = await Promise.all(answers)
            for (const r of results) {
              if (r === null) cutOff++
              else {
                expect(r.status, `round ${round} (kill after ${delay} ms)`).toBe(201)
                acknowledged.add(r.id!)
              }
            }
            // Straight after the kill, before anything could repair it: the file parses and holds every 201.
            const onDisk = new Set((await readDataFile()).messages.map((m) => m.id))
            const lost = [...acknowledged].filter((id) => !onDisk.has(id))
            expect(lost, `round ${round} (kill after ${delay} ms): enquiries answered 201 but not in the file`).toEqual(
              [],
            )

            // Restart on the same file: the server accepts it (and the dead process's lock) and serves.
            server = await spawnServer(env)
          }
          // The restarted server reads back everything that was acknowledged.
          const res = await fetch(`${server.url}/healthz`)
          expect(res.status).toBe(200)
        } finally {
          server.child.kill('SIGKILL')
          await server.exited
        }
        const final = await readDataFile()
        const saved = new Set(final.messages.map((m) => m.id))
        expect([...acknowledged].filter((id) => !saved.has(id))).toEqual([])
        expect(saved.size).toBe(final.messages.length) // no enquiry written twice
        expect(await lostEnquiries(dataFile, history)).toEqual([])
        // The test means something only if kills landed both after some answers and in the middle of others.
        expect(acknowledged.size).toBeGreaterThan(ROUNDS * 5)
        expect(cutOff).toBeGreaterThan(0)
      },
    )
  })

  /** Ids of the enquiries in the journal beside the data file (the server's second copy). */
  async function journalIds(): Promise<Set<string>> {
    const text = await readFile(journalFileFor(dataFile), 'utf8').catch(() => '')
    const ids = new Set<string>()
    for (const line of text.split('\n')) {
      try {
        const record = JSON.parse(line) as { message?: { id: string } }
        if (record.message) ids.add(record.message.id)
      } catch {
        /* a last line cut short by the kill: never acknowledged */
      }
    }
    return ids
  }

  describe(`durability under SIGKILL while the owner edits the file, ${shop.name}`, () => {
    onShop(shop, `owner-${SHOPS.indexOf(shop)}`)
    const OWNER_ROUNDS = 12
    const OWNER_BURST = 40
    /** How the owner saves, in turn: an old copy (by rename, or in place), a broken edit, a fresh valid edit. */
    const actions = ['stale copy by rename', 'stale copy in place', 'broken edit', 'fresh edit in place'] as const

    it(
      `keeps every enquiry answered 201 through ${OWNER_ROUNDS} kills just ` +
        `after the owner saves an old copy, a broken or a fresh edit`,
      { timeout: 240_000 },
      async () => {
        const env = { DATA_FILE: dataFile, CONTACT_RATE_LIMIT: '0', LOG_LEVEL: 'warn' }
        const acknowledged = new Set<string>()
        let server = await spawnServer(env)
        try {
          for (let round = 0; round < OWNER_ROUNDS; round++) {
            const action = actions[round % actions.length]!
            const copy = await readFile(dataFile, 'utf8') // the owner opens the file
            const price = `£${100 + round}.00`
            const edited = copy.replace(/"price": "£[\d,]+\.\d{2}"/, `"price": "${price}"`)
            let answered = 0
            const answers = Array.from({ length: OWNER_BURST }, (_, i) =>
              post(server, enquiry(100 + round, i)).then((r) => {
                answered++
                return r
              }),
            )
            // The owner saves in the middle of the burst; the process
            // dies 0-200 ms later (before or after it read the save).
            await vi.waitFor(() => expect(answered).toBeGreaterThanOrEqual(OWNER_BURST / 3), {
              timeout: 30_000,
              interval: 2,
            })
            if (action === 'stale copy by rename') {
              await writeFile(`${dataFile}.owner`, edited)
              await rename(`${dataFile}.owner`, dataFile)
            } else if (action === 'stale copy in place') await writeFile(dataFile, edited)
            else if (action === 'broken edit')
              await writeFile(dataFile, edited.replace('"messages": [', '"messages": [,'))
            else
              await writeFile(
                dataFile,
                (await readFile(dataFile, 'utf8')).replace(/"price": "£[\d,]+\.\d{2}"/, `"price": "${price}"`),
              )
            // The chosen moment, not a wait for anything: before or after the server read the save.
            const dying = server
            setTimeout(() => dying.child.kill('SIGKILL'), Math.floor(Math.random() * 200))
            expect(await server.exited).toBeNull()

            for (const r of await Promise.all(answers)) {
              if (r === null) continue
              expect(r.status, `round ${round} (${action})`).toBe(201)
              acknowledged.add(r.id!)
            }
            // Straight after the kill: every 201 is in the file or in the journal beside it.
            const text = await readFile(dataFile, 'utf8')
            let inFile: string[] = []
            try {
              inFile = (JSON.parse(text) as { messages: { id: string }[] }).messages.map((m) => m.id)
            } catch {
              expect(action, `round ${round}: the data file is broken though the owner saved no broken edit`).toBe(
                'broken edit',
              )
              await writeFile(dataFile, edited) // the owner fixes it
            }
            const journal = await journalIds()
            const lost = [...acknowledged].filter((id) => !inFile.includes(id) && !journal.has(id))
            expect(lost, `round ${round} (${action}): answered 201 but neither in the file nor in the journal`).toEqual(
              [],
            )

            server = await spawnServer(env)
            // Back up: everything acknowledged is in the data file itself again, with the owner's price.
            const saved = await readDataFile()
            const ids = new Set(saved.messages.map((m) => m.id))
            expect(
              [...acknowledged].filter((id) => !ids.has(id)),
              `round ${round} (${action}) after restart`,
            ).toEqual([])
            expect(ids.size).toBe(saved.messages.length)
          }
        } finally {
          server.child.kill('SIGKILL')
          await server.exited
        }
        expect(acknowledged.size).toBeGreaterThan(OWNER_ROUNDS * 10)
        expect(await lostEnquiries(dataFile, history)).toEqual([])
      },
    )
  })
}

describe('writes survive a power cut', () => {
  afterEach(() => {
    vi.restoreAllMocks()
  })

  it('flushes the new file to disk (fsync) before it replaces the data file, then flushes the folder', async () => {
    const file = path.join(dir, 'fsync-db.json')
    const store = await openStore(file)
    try {
      // Watch the system calls the store makes, through the fs module.
      const opened = new Map<number, string>()
      const calls: string[] = []
      const realOpen = fs.open
      const realFsync = fs.fsync
      const realRename = fs.rename
      vi.spyOn(fs, 'open').mockImplementation(((p: fs.PathLike, ...rest: unknown[]) => {
        const cb = rest.pop() as (err: NodeJS.ErrnoException | null, fd: number) => void
        return (realOpen as (...a: unknown[]) => void)(p, ...rest, (err: NodeJS.ErrnoException | null, fd: number) => {
          if (!err) opened.set(fd, String(p))
          cb(err, fd)
        })
      }) as typeof fs.open)
      vi.spyOn(fs, 'fsync').mockImplementation(((fd: number, cb: fs.NoParamCallback) => {
        calls.push(`fsync ${opened.get(fd)}`)
        return realFsync(fd, cb)
      }) as typeof fs.fsync)
      vi.spyOn(fs, 'rename').mockImplementation(((from: fs.PathLike, to: fs.PathLike, cb: fs.NoParamCallback) => {
        calls.push(`rename ${String(from)} -> ${String(to)}`)
        return realRename(from, to, cb)
      }) as typeof fs.rename)

      const saved = await store.addEnquiry({
        firstName: 'Ann',
        lastName: 'Lee',
        email: 'ann@example.com',
        subject: 'general',
        message: 'Is this on the disk before you answer?',
        notification: { status: 'disabled', attempts: [] },
      })

      const rename = calls.findIndex((c) => c.startsWith('rename '))
      expect(rename, calls.join('\n')).toBeGreaterThan(0)
      const tmp = calls[rename]!.slice('rename '.length).split(' -> ')[0]!
      expect(calls[rename]).toBe(`rename ${tmp} -> ${file}`)
      expect(path.dirname(tmp)).toBe(dir) // same folder, so the rename is atomic
      expect(calls.slice(0, rename)).toContain(`fsync ${tmp}`) // the bytes are on disk before the swap
      expect(calls.slice(rename + 1)).toContain(`fsync ${dir}`) // and so is the swap itself
      expect(JSON.parse(await readFile(file, 'utf8')).messages.map((m: { id: string }) => m.id)).toEqual([saved.id])
    } finally {
      vi.restoreAllMocks()
      await store.close()
    }
  })
})
