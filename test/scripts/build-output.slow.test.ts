/** `npm run build` in a fresh copy says nothing that reads as a warning: no yellow timing block. */
import { execFile } from 'node:child_process'
import { rm } from 'node:fs/promises'
import { promisify } from 'node:util'
import { expect, it, vi } from 'vitest'
import { copyRepository } from '../helpers/repository-copy.ts'

vi.setConfig({ testTimeout: 600_000 })
const run = promisify(execFile)

it('builds without a warning, a timing report or anything in yellow', async () => {
  const dir = await copyRepository()
  try {
    const { stdout, stderr } = await run('npm', ['run', 'build'], {
      cwd: dir,
      env: { PATH: process.env.PATH, HOME: process.env.HOME },
      maxBuffer: 64 * 1024 * 1024,
    })
    const all = `${stdout}\n${stderr}`
    expect(all).toContain('built in')
    expect(all).not.toMatch(/PLUGIN_TIMINGS|BUNDLER_TIMINGS|\bwarn(ing)?\b/i)
    expect(all).not.toContain('\u001b[33m') // yellow
  } finally {
    await rm(dir, { recursive: true, force: true })
  }
})
