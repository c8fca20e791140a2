/**
 * `npm run restore` checks each file of an archive as it reads it: a file its manifest does not list, one
 * longer than listed, or one whose sha256 is wrong stops the restore with the reason before more than a
 * listed size is written. The real command runs in a child process whose files may not grow past 8 MB
 * (`ulimit -f`), so writing any of the 64 MB these archives unpack to would kill it.
 */
import { createHash } from 'node:crypto'
import { execFile, execFileSync } from 'node:child_process'
import { mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { openStore } from '../../data/store.server.ts'
import { main as backup } from '../../scripts/backup.ts'
import { main as restore } from '../../scripts/restore.ts'
import { ROOT } from '../../server/config/paths.server.ts'
import { craftArchive, type CraftedEntry } from '../helpers/crafted-archive.ts'
import { newEnquiry } from '../helpers/new-enquiry.ts'
import { runScript } from '../helpers/script-run.ts'

// Each refusal starts node and tsx in a child process: seconds on a busy machine.
vi.setConfig({ testTimeout: 60_000 })

const LIMIT_MB = 8
const HUGE = 64 * 1024 * 1024

let dir: string
let unpacked: string
type Listed = { path: string; size: number; mode: number; sha256: string }
let manifest: { files: Listed[] } & Record<string, unknown>

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'restore-checks-'))
  const dataFile = path.join(dir, 'shop', 'db.json')
  const store = await openStore(dataFile, { watch: false })
  await store.addEnquiry(newEnquiry(1))
  await store.close()
  const archive = path.join(dir, 'shop.tar.gz')
  let err = ''
  const code = await backup(
    [archive, '--file', dataFile],
    () => {},
    (s) => (err += s),
  )
  expect(code, err).toBe(0)
  unpacked = path.join(dir, 'unpacked')
  await mkdir(unpacked)
  execFileSync('tar', ['-xzf', archive, '-C', unpacked])
  manifest = JSON.parse(await readFile(path.join(unpacked, 'MANIFEST.json'), 'utf8')) as typeof manifest
})
afterAll(() => rm(dir, { recursive: true, force: true }))

const file = async (p: string): Promise<CraftedEntry> => ({ path: p, bytes: await readFile(path.join(unpacked, p)) })
const manifestEntry = (m: object): CraftedEntry => ({
  path: 'MANIFEST.json',
  bytes: Buffer.from(`${JSON.stringify(m, null, 2)}\n`),
})

function sha256OfZeros(n: number): string {
  const hash = createHash('sha256')
  const mb = Buffer.alloc(1024 * 1024)
  for (let left = n; left > 0; left -= mb.length) hash.update(mb.subarray(0, Math.min(left, mb.length)))
  return hash.digest('hex')
}

/** The real command, in a child whose files may not grow past LIMIT_MB; then what it left in the folder. */
async function restoreLimited(archive: string) {
  const target = path.join(dir, `target-${path.basename(archive, '.tar.gz')}`, 'db.json')
  const run = await new Promise<{ code: number | null; signal: string | null; stderr: string }>((resolve) => {
    const child = execFile(
      'bash',
      [
        '-c',
        `ulimit -f ${LIMIT_MB * 1024}; exec "$0" --import tsx scripts/restore.ts "$1" --file "$2"`,
        process.execPath,
        archive,
        target,
      ],
      { cwd: ROOT },
      (_err, _stdout, stderr) => resolve({ code: child.exitCode, signal: child.signalCode, stderr }),
    )
  })
  const left = await readdir(path.dirname(target)).catch(() => [])
  return { ...run, left }
}

async function expectStopped(archive: string, sentence: string) {
  expect((await stat(archive)).size, 'a small archive').toBeLessThan(1024 * 1024)
  const run = await restoreLimited(archive)
  // Past the limit a write fails with EFBIG (node ignores SIGXFSZ): the restore never tried one.
  expect(run.stderr, 'it never wrote past the limit').not.toMatch(/EFBIG|too large/)
  expect(run.signal).toBeNull()
  expect(run.stderr).toContain(`${archive} ${sentence}`)
  expect(run.code).toBe(1)
  expect(run.left, 'nothing of a shop, and no staging folder').toEqual([])
}

describe('npm run restore checks each file as it reads it', () => {
  it('stops at a file its manifest does not list (64 MB of zeros), writing none of it', async () => {
    const archive = path.join(dir, 'unlisted.tar.gz')
    await craftArchive(archive, [
      await file('MANIFEST.json'),
      { path: 'db.json.extra', zeros: HUGE },
      ...(await Promise.all(manifest.files.map((f) => file(f.path)))),
    ])
    await expectStopped(
      archive,
      'holds db.json.extra, which its MANIFEST.json does not list: it was changed after the backup was taken.',
    )
  })

  it('stops at a file longer than its manifest lists, from a small gzip, before writing past its listed size', async () => {
    const archive = path.join(dir, 'oversize.tar.gz')
    const listed = manifest.files.find((f) => f.path === 'db.json')!
    await craftArchive(archive, [await file('MANIFEST.json'), { path: 'db.json', zeros: HUGE }])
    await expectStopped(
      archive,
      `is damaged: db.json holds ${HUGE.toLocaleString('en-GB')} bytes where its MANIFEST.json lists ` +
        `${listed.size.toLocaleString('en-GB')} bytes.`,
    )
  })

  it('stops at the first file whose sha256 is wrong, before the next file (64 MB, listed) is written', async () => {
    const archive = path.join(dir, 'checksum.tar.gz')
    const big: Listed = {
      path: 'media/products/oxford-brogue/big-1024.webp',
      size: HUGE,
      mode: 0o644,
      sha256: sha256OfZeros(HUGE),
    }
    const changed = await readFile(path.join(unpacked, 'db.json'))
    changed[10] = changed[10]! ^ 1
    await craftArchive(archive, [
      manifestEntry({ ...manifest, files: [...manifest.files, big] }),
      { path: 'db.json', bytes: changed },
      { path: big.path, zeros: HUGE },
      ...(await Promise.all(manifest.files.filter((f) => f.path !== 'db.json').map((f) => file(f.path)))),
    ])
    await expectStopped(archive, 'is damaged: db.json does not match its checksum in MANIFEST.json.')
  })
})

describe('a staging folder left by a stopped restore', () => {
  it('is removed by the next restore, which says so', async () => {
    const target = path.join(dir, 'left-over', 'db.json')
    const stage = path.join(dir, 'left-over', '.db.json.restore')
    const older = path.join(dir, 'left-over', '.restore-Ab12Cd')
    await mkdir(path.join(stage, 'files'), { recursive: true })
    await writeFile(path.join(stage, 'files', 'db.json'), 'half a file')
    await mkdir(older)
    await writeFile(path.join(older, 'db.json'), 'half a file')
    const { code, out, err } = await runScript(restore, path.join(dir, 'shop.tar.gz'), '--file', target)
    expect(err).toBe('')
    expect(code).toBe(0)
    expect(out).toContain(
      `Removed ${stage}, ${older}, left by a restore that was stopped before it changed the shop.\n`,
    )
    expect((await readdir(path.dirname(target))).filter((n) => n.startsWith('.'))).toEqual([])
    expect(await readFile(target, 'utf8')).toBe(await readFile(path.join(dir, 'shop', 'db.json'), 'utf8'))
  })
})
