/**
 * The shell's commands typed in a plain shell (no DATA_FILE) while the server runs with its own
 * DATA_FILE, as systemd starts it: they find its data file and say which it is; piped into `head`,
 * they end quietly.
 */
import { execFile } from 'node:child_process'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import type { Data } from '../../data/check.server.ts'
import { seedProducts } from '../../data/seed/products.ts'
import { snapshotDirFor, Snapshots } from '../../data/snapshots.server.ts'
import { spawnServer, type ChildServer } from '../../support/child-server.ts'
import { ROOT } from '../../server/paths.server.ts'
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
function plainShell(command: string) {
  const { DATA_FILE: _, ...env } = process.env
  return promisify(execFile)('bash', ['-c', `set -o pipefail; ${command}`], {
    cwd: ROOT,
    env: { ...env, TMPDIR: records },
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

  it('piped into head -1, a command ends quietly: exit 0, no stack trace', async () => {
    // The file named, so only the pipe is tried here.
    const run = await plainShell(`npm run messages -- --file ${dataFile} | head -1`)
    expect(run.code).toBe(0)
    expect(run.stderr).not.toMatch(/EPIPE|Error|at /)
  })
})
