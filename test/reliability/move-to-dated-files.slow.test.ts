/**
 * The move from a data file of the old shape (every enquiry in `messages`) to the data file of the
 * last 30 days and a dated file per month: SIGKILL at any moment of it loses nothing, and the next
 * start finishes it.
 */
import { spawn } from 'node:child_process'
import { copyFile, mkdir, mkdtemp, readdir, readFile, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { StoredEnquiry } from '../../data/enquiry.server.ts'
import { openStore } from '../../data/store.server.ts'
import { ROOT } from '../../server/config/paths.server.ts'
import { writeOldShapeFile } from '../../support/years-of-enquiries.ts'

const ENQUIRIES = 20_000
const ROUNDS = 8

let dir: string
let original: string
let ids: string[]
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'move-kill-'))
  original = path.join(dir, 'original.json')
  ids = (await writeOldShapeFile(original, ENQUIRIES)).map((m) => m.id)
})
afterAll(() => rm(dir, { recursive: true, force: true }))

/**
 * Opens the store on `file` in a child process; `opening` resolves when the child, its modules
 * loaded, starts to open it (so kills land in the move, not in loading), `done` when it has.
 */
function openInChild(file: string) {
  const open =
    `import('./data/store.server.ts').then((m) => { console.log('opening'); ` +
    `return m.openStore(${JSON.stringify(file)}) }).then(() => ` +
    `console.log('opened'))`
  const child = spawn(process.execPath, ['--import', 'tsx', '-e', open], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  let out = ''
  const saw = (word: string) =>
    new Promise<number>((resolve) =>
      child.stdout!.on('data', (d) => (out += d) && out.includes(word) && resolve(Date.now())),
    )
  return { child, opening: saw('opening'), done: saw('opened'), exited: new Promise((r) => child.once('exit', r)) }
}

/** Ids of the enquiries in every file of `folder` that holds some (data file, copy, dated files), by file. */
async function idsOnDisk(folder: string): Promise<Map<string, string[]>> {
  const found = new Map<string, string[]>()
  for (const name of await readdir(folder)) {
    if (!/^db\.(json|json\.before-move|enquiries-\d{4}-\d{2}\.json)$/.test(name)) continue
    const enquiries = (JSON.parse(await readFile(path.join(folder, name), 'utf8')) as { messages: StoredEnquiry[] })
      .messages
    found.set(
      name,
      enquiries.map((m) => m.id),
    )
  }
  return found
}

describe('moving a file of the old shape to dated files', () => {
  it(
    `loses nothing through ${ROUNDS} kills at random moments of the move, and the next start finishes it`,
    { timeout: 600_000 },
    async () => {
      // How long a whole move takes here, so the kills land inside it.
      const timing = path.join(dir, 'timing')
      await mkdir(timing)
      await copyFile(original, path.join(timing, 'db.json'))
      const whole = openInChild(path.join(timing, 'db.json'))
      const took = (await whole.done) - (await whole.opening)
      whole.child.kill('SIGKILL')
      await whole.exited

      const phases = { copyKept: 0, someMoved: 0 }
      for (let round = 0; round < ROUNDS; round++) {
        const folder = path.join(dir, `round-${round}`)
        await mkdir(folder)
        const file = path.join(folder, 'db.json')
        await copyFile(original, file)
        const run = openInChild(file)
        await run.opening
        // The chosen moment, not a wait for anything: kills spread over the whole move.
        const delay = Math.floor(((round + Math.random()) / ROUNDS) * took)
        setTimeout(() => run.child.kill('SIGKILL'), delay)
        await run.exited

        // Straight after the kill: every enquiry is somewhere, in the data file, the kept copy or a dated file.
        const after = await idsOnDisk(folder)
        if (after.has('db.json.before-move')) phases.copyKept++
        if ([...after.keys()].some((name) => name.startsWith('db.enquiries-'))) phases.someMoved++
        const somewhere = new Set([...after.values()].flat())
        expect(
          ids.filter((id) => !somewhere.has(id)),
          `round ${round}, killed ${delay} of ${took} ms in`,
        ).toEqual([])

        // The next start finishes the move: each enquiry in exactly one file, and the copy gone.
        const store = await openStore(file, { watch: false })
        await store.close()
        const finished = await idsOnDisk(folder)
        expect(finished.has('db.json.before-move'), `round ${round}`).toBe(false)
        const all = [...finished.values()].flat()
        expect(all.length, `round ${round}`).toBe(ids.length)
        expect(new Set(all)).toEqual(new Set(ids))
      }
      // The kills landed in the middle of the move, not only before or after it.
      expect(phases.copyKept).toBeGreaterThan(0)
      expect(phases.someMoved).toBeGreaterThan(0)
    },
  )
})
