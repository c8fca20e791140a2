/**
 * A newcomer's first hour, in a fresh copy of the repository: settings kept in `.env` are read by
 * `npm start` and the commands (the environment winning), the first start says in plain lines where
 * everything is, and installing prints no warning.
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { ROOT } from '../../server/config/paths.server.ts'
import { freePort } from '../../support/child-server.ts'
import { until } from '../../support/until.ts'
import { copyRepository } from '../helpers/repository-copy.ts'

// npm, tsx and a first start of the server: seconds each on a busy machine.
vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 })

const run = promisify(execFile)
let copy: string
let records: string

/** The environment of a plain shell: nothing of the test run's, none of the shop's settings. */
function shellEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  return { PATH: process.env.PATH, HOME: process.env.HOME, TMPDIR: records, ...extra }
}

type Started = { child: ChildProcess; output: () => string; stop: () => Promise<void> }

/** `command` in the copy, in a process group of its own, so stopping it stops the server it started. */
function start(command: string[], env: NodeJS.ProcessEnv): Started {
  const child = spawn(command[0]!, command.slice(1), {
    cwd: copy,
    env,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let out = ''
  child.stdout!.on('data', (d) => (out += d))
  child.stderr!.on('data', (d) => (out += d))
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  return {
    child,
    output: () => out,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) process.kill(-child.pid!, 'SIGTERM')
      await exited
    },
  }
}

const answers = async (port: number) => (await fetch(`http://127.0.0.1:${port}/healthz`).catch(() => null))?.ok === true

async function serving(started: Started, port: number): Promise<void> {
  await until(
    `the server on port ${port}`,
    () => {
      if (started.child.exitCode !== null) throw new Error(`npm start ended:\n${started.output()}`)
      return answers(port)
    },
    { timeoutMs: 90_000, everyMs: 200 },
  )
}

beforeAll(async () => {
  records = await mkdtemp(path.join(os.tmpdir(), 'leather-records-'))
  copy = await copyRepository({ build: true })
})
afterAll(async () => {
  await rm(copy, { recursive: true, force: true })
  await rm(records, { recursive: true, force: true })
})

describe('settings in .env', () => {
  it('npm start listens on the PORT .env names; a PORT in the environment wins over the file', async () => {
    const [fromFile, fromEnvironment] = [await freePort(), await freePort()]
    await writeFile(path.join(copy, '.env'), `# the owner's settings\nPORT=${fromFile}\nHOST=127.0.0.1\n`)
    const first = start(['npm', 'start'], shellEnv())
    try {
      await serving(first, fromFile)
    } finally {
      await first.stop()
    }
    const second = start(['npm', 'start'], shellEnv({ PORT: String(fromEnvironment) }))
    try {
      await serving(second, fromEnvironment)
      expect(await answers(fromFile)).toBe(false)
    } finally {
      await second.stop()
    }
  })

  it('every command reads it too: npm run check-data looks where its DATA_FILE says', async () => {
    const elsewhere = path.join(copy, 'elsewhere', 'shop.json')
    await writeFile(path.join(copy, '.env'), `DATA_FILE=${elsewhere}\n`)
    const checked = await run('npm', ['run', '--silent', 'check-data'], { cwd: copy, env: shellEnv() }).catch(
      (e: { stdout: string; stderr: string }) => e,
    )
    expect(checked.stderr).toContain(`There is no data file at ${elsewhere}.`)
  })
})

describe('the first start', () => {
  it('says on a terminal, in plain lines, where the shop is, what it holds and what is not set up yet', async () => {
    const port = await freePort()
    await rm(path.join(copy, 'data', 'db.json'), { force: true })
    await writeFile(path.join(copy, '.env'), `PORT=${port}\nHOST=127.0.0.1\n`)
    // `script` gives npm start a terminal, as a person typing it has.
    const started = start(['script', '-qefc', 'npm start', '/dev/null'], shellEnv({ TERM: 'dumb' }))
    try {
      await serving(started, port)
      await until('the first lines', () => started.output().includes('Settings:'), { timeoutMs: 10_000 })
    } finally {
      await started.stop()
    }
    const out = started.output().replace(/\r/g, '')
    expect(out).toContain(`Serving on http://127.0.0.1:${port} (production), on this machine only.`)
    expect(out).toContain(
      `Data: ${path.join(copy, 'data', 'db.json')}, just created from the seed catalogue (14 products)`,
    )
    expect(out).toContain(`Workspace: http://127.0.0.1:${port}/admin opens only in a browser on this machine.`)
    expect(out).toContain('Set ADMIN_PASSWORD (12 characters or more) to open it from anywhere')
    expect(out).toContain('E-mail is not set up: enquiries are saved but not e-mailed. Set SMTP_URL')
    expect(out).toContain('Image generation is not set up')
    expect(out).toContain(`Settings: the environment, then ${path.join(copy, '.env')}.`)
    expect(out).not.toMatch(/\{"level"/) // no raw JSON on a terminal
  })

  it('writes one JSON line with the same facts when its output is not a terminal', async () => {
    const port = await freePort()
    await writeFile(path.join(copy, '.env'), `PORT=${port}\nHOST=127.0.0.1\n`)
    const started = start(['npm', 'start'], shellEnv())
    try {
      await serving(started, port)
      await until('the first line', () => started.output().includes('"msg":"Serving on'), { timeoutMs: 10_000 })
    } finally {
      await started.stop()
    }
    const line = started
      .output()
      .split('\n')
      .find((l) => l.includes('"msg":"Serving on'))!
    expect(JSON.parse(line)).toMatchObject({
      port,
      dataFile: path.join(copy, 'data', 'db.json'),
      createdFromSeed: false,
      email: false,
      imageGeneration: false,
      adminPassword: false,
    })
  })
})

describe('installing and building', () => {
  it('npm install prints no warning about packages whose install scripts were not reviewed', async () => {
    const { stdout, stderr } = await run('npm', ['install', '--dry-run', '--offline', '--no-audit', '--no-fund'], {
      cwd: ROOT,
      env: shellEnv(),
    })
    expect(`${stdout}${stderr}`).not.toMatch(/install-scripts|allowScripts/)
  })

  it("turns off the bundler's timing report, which prints a yellow block at every build", async () => {
    const config = (await import('../../vite.config.ts')).default as {
      build?: { rolldownOptions?: { checks?: { bundlerTimings?: boolean } } }
    }
    expect(config.build?.rolldownOptions?.checks?.bundlerTimings).toBe(false)
  })
})
