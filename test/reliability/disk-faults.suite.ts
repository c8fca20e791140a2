/**
 * RELIABILITY.md §2, faults on disk while the server runs: a read-only data folder and a full disk. The
 * visitor gets a readable 503 (or, without JavaScript, the form back with the same sentence), pages
 * keep being served, nothing already saved is lost or damaged, and saving works again by itself once
 * the disk does. (Refusing a broken data file at start-up: test/data/store.test.ts and
 * test/server/lifecycle.test.ts.)
 */
import { execFileSync } from 'node:child_process'
import { mkdtemp, open, readdir, readFile, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import * as v from 'valibot'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { DataSchema } from '../../data/check.server.ts'
import { spawnServer, type ChildServer } from '../../support/child-server.ts'
import { lostEnquiries, type Shop } from '../helpers/lost-enquiries.ts'
import { makeReadOnly, makeWritable } from '../helpers/read-only.ts'

const SAVE_FAILED =
  /^Sorry, your message could not be saved just now\. Please try again in a few minutes, or e-mail us at \S+@\S+\.$/

const enquiry = (n: number) => ({
  firstName: `Disk${n}`,
  lastName: 'Visitor',
  email: `disk${n}@example.com`,
  subject: 'general',
  message: `Disk fault enquiry number ${n}, about a belt.`,
})

async function postJson(s: ChildServer, body: object) {
  return fetch(`${s.url}/api/contact`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: s.url },
    body: JSON.stringify(body),
  })
}

async function postForm(s: ChildServer, body: Record<string, string>) {
  return fetch(`${s.url}/contact`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: s.url },
    body: new URLSearchParams(body).toString(),
    redirect: 'manual',
  })
}

async function saveSome(s: ChildServer, from: number, count: number): Promise<string[]> {
  const ids: string[] = []
  for (let n = from; n < from + count; n++) {
    const res = await postJson(s, enquiry(n))
    expect(res.status).toBe(201)
    ids.push(((await res.json()) as { id: string }).id)
  }
  return ids
}

/** While writing fails: the API and the no-JS form say so in a sentence, the site keeps serving. */
async function expectRefusedButServing(s: ChildServer) {
  const res = await postJson(s, enquiry(900))
  expect(res.status).toBe(503)
  expect(res.headers.get('content-type')).toMatch(/application\/json/)
  expect(((await res.json()) as { error: string }).error).toMatch(SAVE_FAILED)

  // Without JavaScript: back to the form, which shows the same sentence and keeps what was typed.
  const form = await postForm(s, enquiry(901))
  expect(form.status).toBe(303)
  const back = form.headers.get('location')!
  expect(back).toMatch(/^\/contact\?form=/)
  // As the visitor's browser asks: with the cookie the post set, which carries the form for that address.
  const cookie = form.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ')
  const page = await fetch(new URL(back, s.url), { headers: { cookie } })
  expect(page.status).toBe(200)
  const html = await page.text()
  expect(html).toContain('Sorry, your message could not be saved just now.')
  expect(html).toContain('Disk fault enquiry number 901, about a belt.')

  for (const p of ['/', '/products', '/products?category=bags', '/contact', '/api/products']) {
    expect((await fetch(`${s.url}${p}`)).status, p).toBe(200)
  }
  const health = await fetch(`${s.url}/healthz`)
  expect(health.status).toBe(503)
  expect(await health.json()).toMatchObject({
    status: 'degraded',
    error: expect.stringMatching(/^The data file cannot be written\.$/),
  })
}

/** The ids of the enquiries in the data file now. */
const inDataFile = async (dataFile: string) =>
  (JSON.parse(await readFile(dataFile, 'utf8')) as { messages: { id: string }[] }).messages.map((m) => m.id)

async function expectRecovered(s: ChildServer, dataFile: string, earlier: string[]) {
  expect((await fetch(`${s.url}/healthz`)).status).toBe(200)
  const later = await saveSome(s, 100, 2)
  const data = v.parse(DataSchema, JSON.parse(await readFile(dataFile, 'utf8')))
  expect(data.messages.map((m) => m.id)).toEqual([...earlier, ...later])
  // The refused enquiries were not half-saved anywhere.
  expect(data.messages.some((m) => m.firstName === 'Disk900' || m.firstName === 'Disk901')).toBe(false)
}

let server: ChildServer | undefined
afterEach(async () => {
  server?.child.kill('SIGKILL')
  await server?.exited
  server = undefined
})

/** The proofs below, on `shop`: each tier's file picks its shop. */
export function diskFaultsWhileRunning(shop: Shop) {
  describe(`a read-only data folder while running, ${shop.name}`, () => {
    let dir: string
    beforeAll(async () => {
      dir = await mkdtemp(path.join(os.tmpdir(), 'readonly-'))
    })
    afterAll(async () => {
      await makeWritable(dir).catch(() => {})
      await rm(dir, { recursive: true, force: true })
    })

    it(
      'answers 503 with a sentence, keeps serving pages, loses nothing, and ' + 'recovers when writable again',
      async () => {
        const dataFile = path.join(dir, 'db.json')
        const history = await shop.prepare(dataFile)
        server = await spawnServer({ DATA_FILE: dataFile, CONTACT_RATE_LIMIT: '0' })
        const earlier = [...(await inDataFile(dataFile)), ...(await saveSome(server, 0, 3))]
        const before = await readFile(dataFile)

        await makeReadOnly(dir)
        try {
          await expectRefusedButServing(server)
          expect((await readFile(dataFile)).equals(before)).toBe(true) // byte for byte
        } finally {
          await makeWritable(dir)
        }
        await expectRecovered(server, dataFile, earlier)
        expect(await lostEnquiries(dataFile, history)).toEqual([])
      },
    )
  })

  describe(`a full disk while running, ${shop.name}`, () => {
    let mnt: string
    let mounted = false
    let why = ''
    beforeAll(async () => {
      mnt = await mkdtemp(path.join(os.tmpdir(), 'fulldisk-'))
      if (process.getuid?.() !== 0) {
        why = 'mounting a small tmpfs needs root'
        return
      }
      try {
        // Room for the shop's files and little more (ten years of enquiries are moved once, a copy kept meanwhile).
        execFileSync(
          'mount',
          ['-t', 'tmpfs', '-o', `size=${shop.name === 'a fresh shop' ? '256k' : '64m'}`, 'tmpfs', mnt],
          { stdio: 'pipe' },
        )
        mounted = true
      } catch (err) {
        why = `mount -t tmpfs is not permitted here: ${(err as Error).message.split('\n')[0]}`
      }
    })
    afterAll(async () => {
      server?.child.kill('SIGKILL')
      await server?.exited
      if (mounted) execFileSync('umount', ['-l', mnt])
      await rm(mnt, { recursive: true, force: true })
    })

    it(
      'answers 503 with a sentence, keeps serving pages, loses nothing, and ' + 'recovers once space is freed',
      async () => {
        if (!mounted)
          throw new Error(`This test fills a small disk of its own, which needs root (CI runs as root): ${why}`)
        const dataFile = path.join(mnt, 'db.json')
        const history = await shop.prepare(dataFile)
        server = await spawnServer({ DATA_FILE: dataFile, CONTACT_RATE_LIMIT: '0' })
        const earlier = [...(await inDataFile(dataFile)), ...(await saveSome(server, 0, 3))]
        const before = await readFile(dataFile)
        const files = await readdir(mnt)

        // Fill the disk to the last byte.
        const filler = path.join(mnt, 'filler.bin')
        const fh = await open(filler, 'w')
        const chunk = Buffer.alloc(4096, 1)
        try {
          for (;;) await fh.write(chunk)
        } catch (err) {
          expect((err as NodeJS.ErrnoException).code).toBe('ENOSPC')
        }
        try {
          for (;;) await fh.write(chunk, 0, 1) // the last bytes of the last page
        } catch {
          /* full */
        }
        await fh.close()

        await expectRefusedButServing(server)
        expect((await readFile(dataFile)).equals(before)).toBe(true)
        // A failed write leaves no half-written temporary file behind to fill the owner's backup.
        expect((await readdir(mnt)).sort()).toEqual([...files, 'filler.bin'].sort())
        expect(files.filter((f) => !f.startsWith('db.enquiries-')).sort()).toEqual([
          'db.json',
          'db.json.journal',
          'db.json.lock',
        ])

        await rm(filler)
        await expectRecovered(server, dataFile, earlier)
        expect(await lostEnquiries(dataFile, history)).toEqual([])
      },
    )
  })
}
