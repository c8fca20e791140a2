/**
 * The single-writer lock when several servers start together on the socket a killed server left:
 * many rounds give every interleaving of their first milliseconds a chance.
 */
import { spawn } from 'node:child_process'
import { readdirSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { openStore, type Store } from '../../data/store.server.ts'
import { lockFileFor } from '../../data/lock.server.ts'

let dir: string
const opened: Store[] = []
beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'store-lock-'))
})
afterEach(async () => {
  for (const s of opened.splice(0)) await s.close().catch(() => {})
  await rm(dir, { recursive: true, force: true })
})

describe('the single-writer lock on a dead lock', () => {
  /** The socket a killed server leaves at `f`'s lock: there, but nobody listens. */
  const deadLock = async (f: string) => {
    const child = spawn(
      process.execPath,
      ['-e', `require('node:net').createServer().listen(${JSON.stringify(lockFileFor(f))}, () => console.log('held'))`],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    )
    await new Promise<void>((resolve) => child.stdout!.on('data', () => resolve()))
    child.kill('SIGKILL')
    await new Promise((r) => child.once('exit', r))
  }

  it('lets exactly one of several servers starting together on a dead lock win', async () => {
    // The race is between a few milliseconds of each start: many rounds give every interleaving a chance.
    for (let round = 0; round < 25; round++) {
      const f = path.join(dir, `round-${round}.json`)
      await deadLock(f)
      const results = await Promise.allSettled(Array.from({ length: 6 }, () => openStore(f)))
      const won = results.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []))
      opened.push(...won)
      expect(won, `round ${round}`).toHaveLength(1)
      for (const r of results)
        if (r.status === 'rejected') expect(String(r.reason)).toMatch(/already open in this process/)
      await opened.pop()!.close()
    }
    expect(readdirSync(dir).filter((n) => n.includes('.lock.'))).toEqual([]) // no temporary sockets left behind
  })
})
