/**
 * A backup's moment: while the store is paused nothing it writes
 * changes, and what arrives meanwhile is written after, never lost.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { journalFileFor } from '../../data/journal.server.ts'
import { openStore, type Store } from '../../data/store.server.ts'
import { newEnquiry } from '../helpers/new-enquiry.ts'

let dir: string
let store: Store
beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'store-pause-'))
  store = await openStore(path.join(dir, 'db.json'), { watch: false })
})
afterEach(async () => {
  await store.close()
  await rm(dir, { recursive: true, force: true })
})

/** For `ms`, `check` keeps holding: an absence can only be watched for a while. */
async function holdsFor(ms: number, check: () => Promise<void> | void): Promise<void> {
  const until = Date.now() + ms
  while (Date.now() < until) {
    await check()
    await new Promise((r) => setTimeout(r, 10))
  }
}

const files = async () =>
  Promise.all([readFile(store.file, 'utf8'), readFile(journalFileFor(store.file), 'utf8').catch(() => '')])

describe('Store.whilePaused', () => {
  it('writes nothing while paused: an enquiry sent meanwhile is saved, and answered, once the pause ends', async () => {
    const before = await store.addEnquiry(newEnquiry(1))
    let answered = false
    let held: Promise<unknown> | undefined
    const seen = await store.whilePaused(async () => {
      const atStart = await files()
      held = store.addEnquiry(newEnquiry(2)).then(() => (answered = true))
      // Long enough for an unpaused store to write it several times over.
      await holdsFor(300, async () => {
        expect(answered).toBe(false)
        expect(await files()).toEqual(atStart)
      })
      return atStart[0]
    })
    expect(seen).toContain(before.id)
    await held
    expect(answered).toBe(true)
    const saved = JSON.parse(await readFile(store.file, 'utf8')) as { messages: { firstName: string }[] }
    expect(saved.messages.map((m) => m.firstName)).toEqual(['Ann1', 'Ann2'])
  })

  it(
    'waits for a write under way before the copy starts, and a shutdown ' + 'meanwhile writes what waited first',
    async () => {
      const writing = store.addEnquiry(newEnquiry(1))
      let later: Promise<unknown> | undefined
      let closing: Promise<void> | undefined
      await store.whilePaused(async () => {
        expect(await readFile(store.file, 'utf8')).toContain('Ann1')
        later = store.addEnquiry(newEnquiry(2))
        let closed = false
        closing = store.close().then(() => void (closed = true)) // SIGTERM during a backup
        await holdsFor(100, () => expect(closed).toBe(false))
      })
      await Promise.all([writing, later, closing])
      expect(await readFile(store.file, 'utf8')).toContain('Ann2')
      store = await openStore(path.join(dir, 'db.json'), { watch: false })
    },
  )
})
