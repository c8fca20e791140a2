/**
 * `npm run restore --replace` stopped at any moment: killed (SIGKILL) while it checks the backup, just as
 * it starts moving files, and half-way through putting them in place, then run again. Killed before its
 * plan is on disk, the old shop is as it was and opens; after, the server refuses the half-switched
 * folder with the command that finishes it, and the next run finishes it and says so. Ctrl-C or a stop
 * signal never leaves half a shop: while checking it stops at once, while switching it finishes first.
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process'
import { createHash } from 'node:crypto'
import { existsSync } from 'node:fs'
import { cp, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { openStore } from '../../data/store.server.ts'
import { main as backup } from '../../scripts/backup.ts'
import { ROOT } from '../../server/config/paths.server.ts'
import { isShopName } from '../../server/services/backup/shop-files.server.ts'
import { newEnquiry } from '../helpers/new-enquiry.ts'

vi.setConfig({ testTimeout: 240_000, hookTimeout: 120_000 })

/** Photographs in the backup: enough that putting them in place takes a while to stop in. */
const PHOTOS = 1500

let dir: string
let oldShop: string
let newShop: string
let archive: string

async function makeShop(folder: string, n: number, photos: number): Promise<void> {
  const store = await openStore(path.join(folder, 'db.json'), { watch: false })
  for (let i = 0; i < 3; i++) await store.addEnquiry(newEnquiry(n * 10 + i))
  await store.close()
  const media = path.join(folder, 'media', 'products', `shop-${n}`)
  await mkdir(media, { recursive: true })
  for (let i = 0; i < photos; i++)
    await writeFile(
      path.join(media, `photo-${String(i).padStart(4, '0')}-400.webp`),
      `shop ${n}, photo ${i}\n`.repeat(40),
    )
}

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'restore-stops-'))
  oldShop = path.join(dir, 'old')
  newShop = path.join(dir, 'new')
  await makeShop(oldShop, 1, 20)
  await makeShop(newShop, 2, PHOTOS)
  archive = path.join(dir, 'new.tar.gz')
  let err = ''
  expect(
    await backup(
      [archive, '--file', path.join(newShop, 'db.json')],
      () => {},
      (s) => (err += s),
    ),
    err,
  ).toBe(0)
})
afterAll(() => rm(dir, { recursive: true, force: true }))

/** Every file of the shop in `folder` (its own names only), with a hash of its bytes. */
async function shopTree(folder: string): Promise<Record<string, string>> {
  const tree: Record<string, string> = {}
  const walk = async (rel: string) => {
    for (const entry of await readdir(path.join(folder, rel), { withFileTypes: true })) {
      const p = rel ? `${rel}/${entry.name}` : entry.name
      if (!rel && !isShopName('db.json', entry.name)) continue
      if (entry.isDirectory()) await walk(p)
      else if (entry.isFile())
        tree[p] = createHash('sha256')
          .update(await readFile(path.join(folder, p)))
          .digest('hex')
    }
  }
  await walk('')
  return tree
}

const restoreArgs = (target: string) => [
  '--import',
  'tsx',
  'scripts/restore.ts',
  archive,
  '--file',
  target,
  '--replace',
]

function startRestore(target: string): { child: ChildProcess; output: () => string; exited: Promise<number | null> } {
  const child = spawn(process.execPath, restoreArgs(target), { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] })
  let output = ''
  child.stdout!.on('data', (d) => (output += d))
  child.stderr!.on('data', (d) => (output += d))
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)))
  return { child, output: () => output, exited }
}

function restoreAgain(target: string): Promise<{ code: number; output: string }> {
  return new Promise((resolve) =>
    execFile(process.execPath, restoreArgs(target), { cwd: ROOT }, (err, stdout, stderr) =>
      resolve({ code: err ? ((err as { code?: number }).code ?? 1) : 0, output: stdout + stderr }),
    ),
  )
}

/** Waits (a few milliseconds at a time) until `seen` holds for the folder, then sends `signal`. */
async function stopWhen(
  run: ReturnType<typeof startRestore>,
  seen: () => boolean,
  signal: NodeJS.Signals,
): Promise<void> {
  const deadline = Date.now() + 120_000
  while (!seen()) {
    if (run.child.exitCode !== null) throw new Error(`the restore ended before the moment came:\n${run.output()}`)
    if (Date.now() > deadline) throw new Error(`the moment never came:\n${run.output()}`)
    await new Promise((resolve) => setTimeout(resolve, 2))
  }
  run.child.kill(signal)
}

const asideOf = async (folder: string) => (await readdir(folder)).filter((n) => n.startsWith('before-restore-'))

describe('npm run restore --replace, stopped at any moment', () => {
  it('killed while checking, as it starts switching, and half-way through: the old shop or a finished restore', async () => {
    const before = await shopTree(oldShop)
    const after = await shopTree(newShop)
    const placedMidway = `media/products/shop-2/photo-${String(PHOTOS / 2).padStart(4, '0')}-400.webp`
    const moments: { name: string; seen: (target: string) => boolean }[] = [
      {
        name: 'while checking the backup',
        seen: (t) => existsSync(path.join(path.dirname(t), '.db.json.restore', 'files', 'media')),
      },
      {
        name: 'as the switch starts',
        seen: (t) => existsSync(path.join(path.dirname(t), '.db.json.restore', 'PLAN.json')),
      },
      { name: 'half-way through placing', seen: (t) => existsSync(path.join(path.dirname(t), placedMidway)) },
    ]
    const found: string[] = []
    for (const [i, moment] of moments.entries()) {
      const folder = path.join(dir, `run-${i}`)
      await cp(oldShop, folder, { recursive: true })
      const target = path.join(folder, 'db.json')
      const run = startRestore(target)
      await stopWhen(run, () => moment.seen(target), 'SIGKILL')
      await run.exited
      const planned = existsSync(path.join(folder, '.db.json.restore', 'PLAN.json'))
      found.push(planned ? 'switching' : 'checking')
      if (!planned) {
        expect(await shopTree(folder), `${moment.name}: the old shop, as it was`).toEqual(before)
        const store = await openStore(target, { watch: false })
        expect(store.enquiries.map((m) => m.firstName).sort(), moment.name).toEqual(['Ann10', 'Ann11', 'Ann12'])
        await store.close()
      } else {
        await expect(openStore(target, { watch: false }), moment.name).rejects.toThrow(
          `A restore into ${folder} was stopped part-way, so the shop there is half old, half restored. ` +
            `Run it again to finish it: npm run restore -- ${archive} --file ${target}`,
        )
      }

      const again = await restoreAgain(target)
      expect(again.code, again.output).toBe(0)
      expect(again.output, moment.name).toContain(
        planned
          ? 'A restore stopped part-way has been finished: the backup taken '
          : 'left by a restore that was stopped before it changed the shop.',
      )
      expect(await shopTree(folder), `${moment.name}: the restored shop`).toEqual(after)
      const aside = await asideOf(folder)
      expect(aside, `${moment.name}: the old shop moved aside once`).toHaveLength(1)
      expect(await shopTree(path.join(folder, aside[0]!))).toEqual(before)
      expect((await readdir(folder)).filter((n) => n.startsWith('.'))).toEqual([])
    }
    expect(found, 'each moment on its side of the switch').toEqual(['checking', 'switching', 'switching'])
  })

  it('Ctrl-C while checking stops at once with the shop as it was; a stop signal while switching finishes first', async () => {
    const before = await shopTree(oldShop)
    const folder = path.join(dir, 'interrupted')
    await cp(oldShop, folder, { recursive: true })
    const target = path.join(folder, 'db.json')
    const early = startRestore(target)
    await stopWhen(early, () => existsSync(path.join(folder, '.db.json.restore', 'files', 'media')), 'SIGINT')
    expect(await early.exited).toBe(130)
    expect(early.output()).toContain(`Stopped before anything was changed: the shop in ${folder} is as it was.`)
    expect(await shopTree(folder)).toEqual(before)
    expect((await readdir(folder)).filter((n) => n.startsWith('.') || n.startsWith('before-restore-'))).toEqual([])

    const late = startRestore(target)
    await stopWhen(late, () => existsSync(path.join(folder, '.db.json.restore', 'PLAN.json')), 'SIGTERM')
    expect(await late.exited, late.output()).toBe(0)
    expect(late.output()).toContain('SIGTERM: finishing first, as the backup is being put in place.')
    expect(late.output()).toContain('Start the restored shop with:')
    expect(await shopTree(folder)).toEqual(await shopTree(newShop))
  })
})
