/**
 * The shell's commands typed in a plain shell (no DATA_FILE) while the server runs with its own
 * DATA_FILE, as systemd starts it: they find its data file and say which it is; piped into `head`,
 * they end quietly.
 */
import { execFile, spawn } from 'node:child_process'
import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import type { Data } from '../../data/check.server.ts'
import { seedProducts } from '../../data/seed/products.ts'
import { snapshotDirFor, Snapshots } from '../../data/snapshots.server.ts'
import { freePort, spawnServer, type ChildServer } from '../../support/child-server.ts'
import { until } from '../../support/until.ts'
import { ROOT } from '../../server/config/paths.server.ts'
import { newEnquiry } from '../helpers/new-enquiry.ts'

// Each command starts npm and tsx: seconds each on a busy machine.
vi.setConfig({ testTimeout: 120_000, hookTimeout: 60_000 })

/**
 * Enough enquiries that `npm run messages` writes far more than a pipe holds, so `head` leaves while it still writes.
 */
const ENQUIRIES = 1500

let dir: string
let records: string
let dataFile: string
let snapshot: string
let server: ChildServer | undefined

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'leather-running-'))
  // The temporary folder of this test alone: where the server leaves its record, and the shell looks.
  records = await mkdtemp(path.join(os.tmpdir(), 'leather-records-'))
  dataFile = path.join(dir, 'db.json')
  const enquiries = Array.from({ length: ENQUIRIES }, (_, n) => ({
    id: `enquiry-${n}`,
    createdAt: new Date(Date.now() - n * 60_000).toISOString(),
    ...newEnquiry(n),
  }))
  const data = { products: seedProducts, messages: enquiries } as unknown as Data
  await writeFile(dataFile, JSON.stringify(data, null, 2), { mode: 0o600 })
  snapshot = await new Snapshots(snapshotDirFor(dataFile)).take(data, 'daily')
  server = await spawnServer({ DATA_FILE: dataFile, TMPDIR: records, LOG_LEVEL: 'warn' })
})

afterAll(async () => {
  server?.child.kill('SIGTERM')
  await server?.exited
  await rm(dir, { recursive: true, force: true })
  await rm(records, { recursive: true, force: true })
})

/** A login shell's environment: no DATA_FILE, the same temporary folder as the server's. */
function plainShell(command: string, extra: Record<string, string> = {}) {
  const { DATA_FILE: _, ...env } = process.env
  return promisify(execFile)('bash', ['-c', `set -o pipefail; ${command}`], {
    cwd: ROOT,
    env: { ...env, TMPDIR: records, ...extra },
  }).then(
    ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
    (e: { code: number; stdout: string; stderr: string }) => ({ code: e.code, stdout: e.stdout, stderr: e.stderr }),
  )
}

const says = () => `Reading ${dataFile}, the running server's data file; DATA_FILE=path/to/db.json names another.`

describe('from a plain shell, while the server runs with its own DATA_FILE', () => {
  it('npm run snapshots lists the running server’s snapshots and says which file it read', async () => {
    const run = await plainShell('npm run --silent snapshots')
    expect(run.code, run.stderr).toBe(0)
    expect(run.stdout).toContain(snapshot)
    expect(run.stdout).not.toContain('No snapshots yet')
    expect(run.stderr).toContain(says())
  })

  it('npm run messages, health and check-data read the running server’s file too', async () => {
    const listed = await plainShell('npm run --silent messages -- --unsent')
    expect(listed.stdout).toContain(`${ENQUIRIES} of ${ENQUIRIES} enquiries not e-mailed.`)
    expect(listed.stderr).toContain(says())
    const health = await plainShell('npm run --silent health -- --json')
    const items = (JSON.parse(health.stdout) as { items: { key: string; headline: string; details: string[] }[] }).items
    expect(items.find((i) => i.key === 'server')!.headline, 'the running server answered').toMatch(/^Running version/)
    expect(items.find((i) => i.key === 'dataFile')!.details.join(' ')).toContain(
      `${ENQUIRIES.toLocaleString('en-GB')} enquiries`,
    )
    expect(health.stderr).toContain(says())
    const check = await plainShell('npm run --silent check-data')
    expect(check.code, check.stderr).toBe(0)
    expect(check.stdout).toContain(`Enquiries: ${ENQUIRIES}`)
    expect(check.stderr).toContain(says())
  })

  it('npm run generate-images asks the running server, on the port it listens on, and says which file', async () => {
    // This server has no OpenAI key: its own refusal shows the command asked it, not a shop of its own.
    const run = await plainShell('npm run --silent generate-images')
    expect(run.code).toBe(1)
    expect(run.stderr).toContain(says())
    expect(run.stdout).toContain(`is using ${dataFile}: asking it at ${server!.url} to generate the images.`)
    expect(run.stderr).toContain('Image generation is not set up on this server')
  })

  it('piped into head -1, a command ends quietly: exit 0, no stack trace', async () => {
    // The file named, so only the pipe is tried here.
    const run = await plainShell(`npm run messages -- --file ${dataFile} | head -1`)
    expect(run.code).toBe(0)
    expect(run.stderr).not.toMatch(/EPIPE|Error|at /)
  })
})

describe('backup and restore from a plain shell, while the server runs with its own DATA_FILE', () => {
  it(
    'npm run backup -- FILE backs up the running server’s shop and says which; ' +
      'restore asks for a folder, then prints the line that starts it',
    async () => {
      const archive = path.join(dir, 'shop.tar.gz')
      const taken = await plainShell(`npm run --silent backup -- ${archive}`)
      expect(taken.code, taken.stderr).toBe(0)
      expect(taken.stderr).toContain(says())
      expect(taken.stdout).toMatch(
        new RegExp(`^Backed up \\d+ files \\([\\d.]+ MB\\) of ${dataFile} through the running server, which paused`),
      )

      // Not named, the restore would go into the site's own data/, which the running shop does not use.
      const ownData = path.join(ROOT, 'data', 'db.json')
      const before = await stat(ownData).catch(() => null)
      const unnamed = await plainShell(`npm run --silent restore -- ${archive}`)
      expect(unnamed.code).toBe(1)
      expect(unnamed.stderr).toContain(
        `No data file was named, and a shop is running on ${dataFile}: nothing was changed. ` +
          `Name the data file to restore into`,
      )
      expect((await stat(ownData).catch(() => null))?.mtimeMs).toBe(before?.mtimeMs)

      // Named (a folder whose name the shell must be given in quotes), it restores there and says how to start it.
      const restored = path.join(dir, "Ann's shop", 'db.json')
      const port = await freePort()
      const put = await plainShell(`DATA_FILE="${restored}" npm run --silent restore -- ${archive}`, {
        PORT: String(port),
      })
      expect(put.code, put.stderr).toBe(0)
      const lines = put.stdout.trim().split('\n')
      expect(lines.at(-2)).toBe('Start the restored shop with:')
      expect(lines.at(-1)).toBe(`DATA_FILE='${restored.replace("'", "'\\''")}' npm start`)
      expect(await readFile(restored, 'utf8')).toBe(await readFile(dataFile, 'utf8'))

      // The printed line, typed as it is, starts the restored shop.
      const started = spawn('bash', ['-c', lines.at(-1)!], {
        cwd: ROOT,
        env: { ...process.env, TMPDIR: records, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn' },
        detached: true,
        stdio: 'ignore',
      })
      try {
        const products = await until(
          'the restored shop to answer',
          async () => {
            const res = await fetch(`http://127.0.0.1:${port}/api/products`).catch(() => null)
            return res?.ok ? ((await res.json()) as unknown[]) : null
          },
          { timeoutMs: 90_000, everyMs: 250 },
        )
        expect(products).toEqual(await (await fetch(`${server!.url}/api/products`)).json())
        const check = await plainShell(`DATA_FILE="${restored}" npm run --silent messages -- --unsent`)
        expect(check.stdout).toContain(`${ENQUIRIES} of ${ENQUIRIES} enquiries not e-mailed.`)
      } finally {
        // The shell, npm and the server: the group this test started.
        process.kill(-started.pid!, 'SIGTERM')
        await until(
          'the restored shop to stop',
          async () => (await fetch(`http://127.0.0.1:${port}/healthz`).catch(() => null)) === null,
          { timeoutMs: 20_000 },
        )
      }
    },
  )
})
