/**
 * `npm run restore`: a damaged or foreign archive is refused with a
 * sentence naming the problem, and an existing shop is never lost.
 */
import { execFileSync } from 'node:child_process'
import { mkdir, mkdtemp, readdir, readFile, rm, symlink, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { openStore } from '../../data/store.server.ts'
import { main as backup } from '../../scripts/backup.ts'
import { main as restore } from '../../scripts/restore.ts'
import { newEnquiry } from '../helpers/new-enquiry.ts'
import { runScript } from '../helpers/script-run.ts'
import { createTestApp, type TestServer } from '../helpers/server.ts'

let shared: string
let archive: string
let dir: string
let t: TestServer | undefined

const run = runScript

/** A small shop with an enquiry and a photograph, backed up once for every test. */
beforeAll(async () => {
  shared = await mkdtemp(path.join(os.tmpdir(), 'restore-shared-'))
  const dataFile = path.join(shared, 'shop', 'db.json')
  const store = await openStore(dataFile, { watch: false })
  await store.addEnquiry(newEnquiry(1))
  await store.close()
  await mkdir(path.join(shared, 'shop', 'media', 'products', 'oxford-brogue'), { recursive: true })
  await writeFile(path.join(shared, 'shop', 'media', 'products', 'oxford-brogue', 'photo-1024.webp'), 'a photograph')
  archive = path.join(shared, 'shop.tar.gz')
  const taken = await run(backup, archive, '--file', dataFile)
  expect(taken.code, taken.err).toBe(0)
  return () => rm(shared, { recursive: true, force: true })
})
beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'restore-'))
})
afterEach(async () => {
  await t?.close()
  t = undefined
  await rm(dir, { recursive: true, force: true })
})

const tar = (...args: string[]) => execFileSync('tar', args, { stdio: 'pipe' })

/** The shared archive unpacked, changed by `change`, and packed again as it was made (MANIFEST.json first). */
async function remade(change: (folder: string) => Promise<void>): Promise<string> {
  const folder = path.join(dir, 'unpacked')
  await mkdir(folder)
  tar('-xzf', archive, '-C', folder)
  await change(folder)
  const out = path.join(dir, 'remade.tar.gz')
  const names = (await readdir(folder)).filter((n) => n !== 'MANIFEST.json')
  tar('-czf', out, '-C', folder, 'MANIFEST.json', ...names)
  return out
}

/** Refused: exit code 1, the sentence, and nothing of a shop left in the folder. */
async function expectRefused(file: string, sentence: string | RegExp) {
  const target = path.join(dir, 'restored', 'db.json')
  const res = await run(restore, file, '--file', target)
  expect(res.out).toBe('')
  expect(res.err).toMatch(sentence)
  expect(res.code).toBe(1)
  expect(await readdir(path.dirname(target)).catch(() => [])).toEqual([])
}

describe('npm run restore refuses what it cannot trust', () => {
  it('a byte changed in a file', async () => {
    const file = await remade(async (folder) => {
      const data = await readFile(path.join(folder, 'db.json'))
      data[100] = data[100]! ^ 1
      await writeFile(path.join(folder, 'db.json'), data)
    })
    await expectRefused(file, `${file} is damaged: db.json does not match its checksum in MANIFEST.json.`)
  })

  it('a file missing', async () => {
    const file = await remade((folder) => rm(path.join(folder, 'media'), { recursive: true }))
    await expectRefused(
      file,
      `${file} is damaged: media/products/oxford-brogue/photo-1024.webp is ` +
        `listed in its MANIFEST.json but missing from the archive.`,
    )
  })

  it('a file added after the backup', async () => {
    const file = await remade((folder) => writeFile(path.join(folder, 'db.json.extra'), 'x'))
    await expectRefused(
      file,
      `${file} holds db.json.extra, which its MANIFEST.json does not list: it was changed after the backup was taken.`,
    )
  })

  it('a byte flipped in the archive itself, and an archive cut short', async () => {
    const bytes = await readFile(archive)
    const flipped = Buffer.from(bytes)
    flipped[Math.floor(bytes.length / 2)] = flipped[Math.floor(bytes.length / 2)]! ^ 0xff
    await writeFile(path.join(dir, 'flipped.tar.gz'), flipped)
    await expectRefused(path.join(dir, 'flipped.tar.gz'), /flipped\.tar\.gz is damaged: /)
    await writeFile(path.join(dir, 'cut.tar.gz'), bytes.subarray(0, bytes.length - 40))
    await expectRefused(path.join(dir, 'cut.tar.gz'), /cut\.tar\.gz is damaged: /)
  })

  it('a foreign archive, and a file that is no archive', async () => {
    await writeFile(path.join(dir, 'notes.txt'), 'not the shop')
    tar('-czf', path.join(dir, 'foreign.tar.gz'), '-C', dir, 'notes.txt')
    await expectRefused(
      path.join(dir, 'foreign.tar.gz'),
      `${path.join(dir, 'foreign.tar.gz')} is not a backup of this shop: it holds no MANIFEST.json.`,
    )
    await expectRefused(
      path.join(dir, 'notes.txt'),
      `${path.join(dir, 'notes.txt')} is not a backup of this shop: it is not a gzip-compressed tar archive (.tar.gz).`,
    )
  })

  it('a path outside the folder, and a link', async () => {
    const outside = path.join(dir, 'outside.tar.gz')
    await writeFile(path.join(dir, 'evil'), 'x')
    tar('-czPf', outside, path.join(dir, 'evil'))
    await expectRefused(outside, `${outside} holds "${path.join(dir, 'evil')}", a path outside the shop's folder.`)
    const linked = await remade((folder) => symlink('/etc/passwd', path.join(folder, 'db.json.history.jsonl')))
    await expectRefused(linked, `${linked} holds "db.json.history.jsonl", a link, where a backup holds only files.`)
  })
})

describe('npm run restore and an existing shop', () => {
  it('refuses over a shop without --replace, and with it keeps the old files aside, never deleted', async () => {
    const target = path.join(dir, 'live', 'db.json')
    t = await createTestApp({ dir: path.join(dir, 'live'), keepDir: true })
    await t.store.addEnquiry(newEnquiry(7))
    const running = await run(restore, archive, '--file', target, '--replace')
    expect(running.code).toBe(1)
    expect(running.err).toMatch(new RegExp(`^A server is running on ${target} \\(pid \\d+\\): stop it first`))
    await t.close()
    t = undefined
    const old = await readFile(target, 'utf8')

    const refused = await run(restore, archive, '--file', target)
    expect(refused.code).toBe(1)
    expect(refused.err).toContain(
      `${path.dirname(target)} already holds a shop (db.json, ` +
        `db.json.journal): nothing was changed. To replace it, run the restore ` +
        `again with --replace`,
    )
    expect(await readFile(target, 'utf8')).toBe(old)

    const replaced = await run(restore, archive, '--file', target, '--force')
    expect(replaced.err).toBe('')
    expect(replaced.code).toBe(0)
    const aside = /kept, as it was, in (\S+)\n/.exec(replaced.out)?.[1]
    expect(aside).toMatch(/\/before-restore-\d{4}-\d{2}-\d{2}T\d{6}Z$/)
    expect(await readFile(path.join(aside!, 'db.json'), 'utf8')).toBe(old)
    expect(await readFile(target, 'utf8')).toBe(await readFile(path.join(shared, 'shop', 'db.json'), 'utf8'))
    expect(
      await readFile(path.join(dir, 'live', 'media', 'products', 'oxford-brogue', 'photo-1024.webp'), 'utf8'),
    ).toBe('a photograph')
  })

  it('puts a shop backed up as db.json under the names another data file gives it', async () => {
    const target = path.join(dir, 'elsewhere', 'ashbourne.json')
    const res = await run(restore, archive, '--file', target)
    expect(res.code, res.err).toBe(0)
    expect((await readdir(path.dirname(target))).sort()).toEqual(['ashbourne.json', 'ashbourne.json.journal', 'media'])
    const store = await openStore(target, { watch: false })
    expect(store.enquiries.map((m) => m.firstName)).toEqual(['Ann1'])
    await store.close()
  })
})
