/**
 * A killed server always starts again on its data file, whatever pid it had or has now, and two
 * live servers never write one file. The real server as a child process; pid namespaces through
 * `unshare` (as a container restart would give), which needs root: without it those tests fail
 * saying so.
 */
import { spawnSync } from 'node:child_process'
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { spawnServer, type ChildServer } from '../../support/child-server.ts'
import { sendEnquiry } from '../helpers/new-enquiry.ts'

const unshare = spawnSync('unshare', ['--pid', '--fork', '--mount-proc', '--kill-child=SIGKILL', 'true'], {
  encoding: 'utf8',
})
/** Fails the test that needs a fresh pid namespace where this machine will not give one. */
function needUnshare() {
  if (unshare.status !== 0) {
    throw new Error(
      `This test needs pid namespaces (unshare --pid --fork --mount-proc, as ` +
        `root; CI runs as root): ` +
        `${(unshare.error?.message ?? unshare.stderr).trim()}`,
    )
  }
}

/**
 * In a fresh pid namespace, as a container's restart gives:
 * `shell` runs there as pid 1; `$SERVER` is the server's command.
 */
const inFreshPidNamespace = (shell: string) => (server: string[]) => [
  'unshare',
  '--pid',
  '--fork',
  '--mount-proc',
  '--kill-child=SIGKILL', // killing unshare kills the namespace's processes with it
  'sh',
  '-c',
  shell.replace('$SERVER', server.map((a) => `'${a}'`).join(' ')),
]

let dir: string
let env: Record<string, string>
const running: ChildServer[] = []
beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'restart-'))
  env = { DATA_FILE: path.join(dir, 'db.json'), LOG_LEVEL: 'warn', CONTACT_RATE_LIMIT: '0' }
})
afterEach(async () => {
  for (const s of running.splice(0)) {
    s.child.kill('SIGKILL')
    await s.exited
  }
  await rm(dir, { recursive: true, force: true })
})

const start = async (options: Parameters<typeof spawnServer>[1] = {}) => {
  const s = await spawnServer(env, options)
  running.push(s)
  return s
}
const kill = async (s: ChildServer) => {
  s.child.kill('SIGKILL')
  await s.exited
}
async function enquire(s: ChildServer, i: number): Promise<string> {
  const res = await sendEnquiry(s.url, {
    firstName: `Restart${i}`,
    lastName: 'Test',
    message: 'Still there after a restart?',
  })
  expect(res.status).toBe(201)
  return ((await res.json()) as { id: string }).id
}
const savedIds = async () =>
  (JSON.parse(await readFile(env.DATA_FILE!, 'utf8')) as { messages: { id: string }[] }).messages.map((m) => m.id)

describe('restart after SIGKILL', () => {
  it('starts at once when the killed server has not even been reaped yet, round after round', async () => {
    const ids: string[] = []
    let s = await start()
    for (let round = 0; round < 4; round++) {
      ids.push(await enquire(s, round))
      s.child.kill('SIGKILL') // and start again straight away, before its exit is collected
      s = await start()
    }
    expect(await savedIds()).toEqual(ids)
  })

  it('starts in a fresh pid namespace, where it gets the very pid the killed server had', async () => {
    needUnshare()
    const first = await start({ wrap: inFreshPidNamespace('exec $SERVER') }) // the server is pid 1 there
    const id = await enquire(first, 1)
    await kill(first)
    const second = await start({ wrap: inFreshPidNamespace('exec $SERVER') }) // pid 1 again
    expect(await savedIds()).toEqual([id])
    await enquire(second, 2)
  })

  it('starts when the killed server’s pid now belongs to another live process', async () => {
    needUnshare()
    // In its namespace the server is pid 2 (the shell is 1)...
    const first = await start({ wrap: inFreshPidNamespace('$SERVER & wait') })
    await enquire(first, 1)
    await kill(first)
    // ...and in the next one pid 2 is a live `sleep`, and the server pid 3.
    const second = await start({ wrap: inFreshPidNamespace('sleep 600 & $SERVER & wait') })
    await enquire(second, 2)
    expect(await savedIds()).toHaveLength(2)
  })
})

describe('two live servers on one data file', () => {
  it('refuses the second, naming the first, and the first carries on', async () => {
    const first = await start()
    const second = await spawnServer(env, { waitReady: false })
    expect(await second.exited).toBe(1)
    expect(second.output()).toContain(
      `The data file ${env.DATA_FILE} is in use by another process (pid ` +
        `${first.child.pid}). Only one server may write it.`,
    )
    await enquire(first, 1)
  })

  it('refuses the second in another pid namespace too', async () => {
    needUnshare()
    const first = await start({ wrap: inFreshPidNamespace('exec $SERVER') })
    const second = await spawnServer(env, { waitReady: false, wrap: inFreshPidNamespace('exec $SERVER') })
    expect(await second.exited).toBe(1)
    expect(second.output()).toMatch(/is in use by another process \(pid \d+\)/)
    await enquire(first, 1)
  })
})
