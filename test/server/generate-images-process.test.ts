/**
 * Image generation in the real server process: what it says at start-up about who may generate, and a
 * run stopped at once by SIGTERM.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { existsSync } from 'node:fs'
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { describe, expect, it, vi } from 'vitest'
import { ROOT } from '../../server/config/paths.server.ts'
import { serverEntry } from '../../support/child-server.ts'
import { basicAuth } from '../helpers/basic-auth.ts'
import { FEW, imageRunsForFile, KEY, writeCatalogue } from '../helpers/image-runs.ts'

vi.setConfig({ testTimeout: 90_000 })

const { fake } = imageRunsForFile()

describe('the server process', () => {
  type Proc = { child: ChildProcess; out: () => string; url: Promise<string> }

  function startServer(env: Record<string, string>): Proc {
    // The run's bundle of server.ts when there is one, as the other tests that start the server use.
    const child = spawn(process.execPath, serverEntry(), {
      cwd: ROOT,
      env: {
        PATH: process.env.PATH ?? '',
        HOME: process.env.HOME ?? '',
        PORT: '0',
        HOST: '127.0.0.1',
        LOG_LEVEL: 'info',
        ...env,
      },
    })
    let out = ''
    const url = new Promise<string>((resolve, reject) => {
      const onData = (d: Buffer) => {
        out += d
        const m = /"port":(\d+)/.exec(out)
        if (m && out.includes('Serving on')) resolve(`http://127.0.0.1:${m[1]}`)
      }
      child.stdout!.on('data', onData)
      child.stderr!.on('data', onData)
      child.on('exit', (code) => reject(new Error(`server exited with ${code}: ${out}`)))
    })
    return { child, out: () => out, url }
  }

  const exited = (child: ChildProcess) =>
    new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)))

  it(
    'says at start-up, without ADMIN_PASSWORD, that generation is open only ' +
      'to this machine; warns when a proxy is in front; says nothing with a ' +
      'password',
    async () => {
      const tmp = await mkdtemp(path.join(os.tmpdir(), 'leather-proc-'))
      const startAndStop = async (env: Record<string, string>) => {
        const server = startServer({ OPENAI_API_KEY: KEY, ...env })
        await server.url
        server.child.kill('SIGTERM')
        await exited(server.child)
        return server.out()
      }
      try {
        const alone = await startAndStop({ DATA_FILE: path.join(tmp, 'a.json') })
        expect(alone).toMatch(
          /"level":30[^\n]*ADMIN_PASSWORD is not set: image generation is open only to requests from this machine itself/,
        )

        const proxied = await startAndStop({ DATA_FILE: path.join(tmp, 'b.json'), TRUST_PROXY: 'loopback' })
        expect(proxied).toMatch(/"level":40[^\n]*ADMIN_PASSWORD is not set[^\n]*make sure it sends X-Forwarded-For/)

        const closed = await startAndStop({ DATA_FILE: path.join(tmp, 'c.json'), ADMIN_PASSWORD: 'saddle-stitch-42' })
        expect(closed).not.toMatch(/ADMIN_PASSWORD is not set/)
      } finally {
        await rm(tmp, { recursive: true, force: true })
      }
    },
  )

  it('stops a run at once on SIGTERM: the request gets its results, the process exits cleanly', async () => {
    fake.set({ delayMs: 400 })
    const tmp = await mkdtemp(path.join(os.tmpdir(), 'leather-proc-'))
    try {
      await writeCatalogue(tmp, FEW)
      const server = startServer({
        DATA_FILE: path.join(tmp, 'db.json'),
        OPENAI_API_KEY: KEY,
        OPENAI_BASE_URL: fake.baseURL,
        OPENAI_MAX_RETRIES: '0',
        ADMIN_PASSWORD: 'saddle-stitch-42',
      })
      const base = await server.url
      const answer = fetch(`${base}/api/generate-images`, {
        method: 'POST',
        headers: { Authorization: basicAuth('saddle-stitch-42') },
      })
      await expect.poll(() => fake.requests.length, { timeout: 30_000 }).toBeGreaterThan(0)
      const started = Date.now()
      server.child.kill('SIGTERM')
      const res = await answer
      expect(res.status).toBe(200)
      const body = await res.json()
      expect(body.stoppedEarly).toBe('The server is shutting down.')
      expect(body.results.total).toBe(FEW.length)
      expect(await exited(server.child)).toBe(0)
      expect(Date.now() - started).toBeLessThan(8000) // well before server.ts's 10 s forced exit
      expect(existsSync(path.join(tmp, 'db.json.lock'))).toBe(false)
      JSON.parse(await readFile(path.join(tmp, 'db.json'), 'utf8')) // whole and readable
    } finally {
      await rm(tmp, { recursive: true, force: true })
    }
  })
})
