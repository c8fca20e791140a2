import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { spawnServer } from '../../support/child-server.ts'

let dir: string
let dataFile: string
beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'lifecycle-'))
  dataFile = path.join(dir, 'db.json')
})
afterEach(() => rm(dir, { recursive: true, force: true }))

const enquiry = (n: number) => ({
  firstName: `Ann${n}`,
  lastName: 'Lee',
  email: `ann${n}@example.com`,
  subject: 'general',
  message: 'A question about resoling.',
})

describe('the server process', () => {
  it('stops start-up on a bad setting with a message naming the variable', async () => {
    const s = await spawnServer({ DATA_FILE: dataFile, PORT: '3000', SMTP_URL: 'not-a-url' }, { waitReady: false })
    expect(await s.exited).toBe(1)
    expect(s.output()).toContain('SMTP_URL')
  })

  it('refuses a broken data file, names it, and leaves it untouched', async () => {
    await writeFile(dataFile, '{"products": [')
    const s = await spawnServer({ DATA_FILE: dataFile }, { waitReady: false })
    expect(await s.exited).toBe(1)
    expect(s.output()).toContain(dataFile)
    expect(await readFile(dataFile, 'utf8')).toBe('{"products": [')
  })

  it('on SIGTERM finishes requests in flight and pending writes, then exits 0', async () => {
    const s = await spawnServer({ DATA_FILE: dataFile, CONTACT_RATE_LIMIT: '0' })
    const posts = Array.from({ length: 40 }, (_, i) =>
      fetch(`${s.url}/api/contact`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: s.url },
        body: JSON.stringify(enquiry(i)),
      }),
    )
    // Once the first is answered the server is handling them: ask it to stop while the rest are under way.
    await Promise.any(posts)
    s.child.kill('SIGTERM')
    const answers = await Promise.allSettled(posts)
    const created = await Promise.all(
      answers.flatMap((a) =>
        a.status === 'fulfilled' && a.value.status === 201 ? [a.value.json() as Promise<{ id: string }>] : [],
      ),
    )
    expect(await s.exited).toBe(0)
    expect(created.length).toBeGreaterThan(0)
    const saved = JSON.parse(await readFile(dataFile, 'utf8')).messages.map((m: { id: string }) => m.id)
    for (const { id } of created) expect(saved).toContain(id)
    expect(s.output()).toContain('Stopped cleanly')
  })

  it('serves the production site on PORT and creates the data file from the seed', async () => {
    const s = await spawnServer({ DATA_FILE: dataFile })
    const html = await (await fetch(`${s.url}/products`)).text()
    expect(html).toContain('Purchase Now')
    const data = JSON.parse(await readFile(dataFile, 'utf8'))
    expect(data.products.length).toBeGreaterThanOrEqual(12)
    s.child.kill('SIGINT')
    expect(await s.exited).toBe(0)
  })
})

describe('npm start', () => {
  it('builds when needed and serves the production site (scripts/start.ts)', async () => {
    const { spawn } = await import('node:child_process')
    const { freePort } = await import('../../support/child-server.ts')
    const { ROOT } = await import('../../server/config/paths.server.ts')
    const port = await freePort()
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'scripts', 'start.ts')], {
      cwd: ROOT,
      env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_FILE: dataFile, LOG_LEVEL: 'warn' },
      stdio: 'ignore',
    })
    try {
      await expect
        .poll(async () => (await fetch(`http://127.0.0.1:${port}/`).catch(() => null))?.status, {
          timeout: 60_000,
          interval: 200,
        })
        .toBe(200)
      expect(await (await fetch(`http://127.0.0.1:${port}/products`)).text()).toContain('Purchase Now')
    } finally {
      child.kill('SIGTERM')
      await new Promise((r) => child.once('exit', r))
    }
  }, 90_000)

  it('npm run dev listens on this machine only when HOST is unset', async () => {
    const external = Object.values(os.networkInterfaces())
      .flat()
      .find((a) => a && !a.internal && a.family === 'IPv4')
    if (!external)
      throw new Error(
        'This test needs a network address other than loopback, to show the server does not listen on it.',
      )
    const s = await spawnServer({ DATA_FILE: dataFile, HOST: '' }, { args: ['--dev'] })
    try {
      expect((await fetch(`${s.url}/healthz`)).status).toBe(200)
      await expect(fetch(`http://${external.address}:${s.port}/healthz`)).rejects.toThrow()
    } finally {
      s.child.kill('SIGKILL')
      await s.exited
    }
  })
})
