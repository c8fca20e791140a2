import { execFile } from 'node:child_process'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { afterEach, describe, expect, it } from 'vitest'
import { seedProducts } from '../../data/seed/products.ts'
import type { ShopHealth } from '../../domain/shop-health.ts'
import { main } from '../../scripts/health.ts'
import { newEnquiry } from '../helpers/new-enquiry.ts'
import { ownerSavesBroken } from '../helpers/owner-save.ts'
import { createTestApp, type TestServer } from '../helpers/server.ts'

const ROOT = path.resolve(import.meta.dirname, '../..')
const dirs: string[] = []
let t: TestServer | undefined
afterEach(async () => {
  await t?.close()
  t = undefined
  await Promise.all(dirs.splice(0).map((d) => rm(d, { recursive: true, force: true })))
})

async function health(file: string, env: NodeJS.ProcessEnv = {}, ...argv: string[]) {
  const out: string[] = []
  const err: string[] = []
  const code = await main(
    ['--file', file, ...argv],
    (s) => out.push(s),
    (s) => err.push(s),
    env,
  )
  return { code, out: out.join(''), err: err.join('') }
}

const failing = (at: string) => ({
  status: 'pending' as const,
  attempts: [{ at, ok: false, error: '451 4.3.0 Mailbox busy' }],
  nextAttemptAt: at,
})

describe('npm run health', () => {
  it(
    'asks the running server and prints what it knows: uptime, mail failing ' + 'since when and why, the data file',
    async () => {
      t = await createTestApp({ env: { SMTP_URL: 'smtp://127.0.0.1:9' } })
      await t.store.addEnquiry({ ...newEnquiry(1), notification: failing('2025-03-04T09:00:00.000Z') })
      await t.store.addEnquiry({
        ...newEnquiry(2),
        notification: {
          status: 'sent',
          attempts: [{ at: '2025-03-03T12:00:00.000Z', ok: true }],
          sentAt: '2025-03-03T12:00:00.000Z',
        },
      })
      const { code, out } = await health(t.dataFile)
      expect(out).toMatch(/^Shop health: Something needs you now\./)
      expect(out).toMatch(/\[OK\] Server: Running version \d+\.\d+\.\d+, up for /)
      expect(out).toContain(
        '[Problem] Mail: Failing since 4 Mar 2025, 09:00: the mail server is busy or asked to try again later.',
      )
      expect(out).toContain('The mail server said: 451 4.3.0 Mailbox busy')
      expect(out).toContain('Last e-mail delivered 3 Mar 2025, 12:00.')
      expect(out).toContain('[OK] Data file: db.json is valid.')
      expect(out).toMatch(/\[OK\] Disk: .* free of .* beside the data file\./)
      expect(out).toMatch(/\[OK\] Image budget: 0 images used in the last 24 hours, \d+ images left of \d+\./)
      expect(code).toBe(1)
    },
  )

  it(
    'names the mistake in the owner’s edit, with its line and column, while ' +
      'the server keeps the last good version',
    async () => {
      t = await createTestApp()
      await ownerSavesBroken(t.store, '{\n  "products": [\n    { "id": "x" oops }\n  ],\n  "messages": []\n}\n')
      const { code, out } = await health(t.dataFile, {}, '--json')
      const parsed = JSON.parse(out) as ShopHealth
      const dataFile = parsed.items.find((i) => i.key === 'dataFile')!
      expect(dataFile.status).toBe('problem')
      expect(dataFile.headline).toBe(
        'Your last edit of db.json has a mistake (line 3, column 17): the site shows the version before it.',
      )
      expect(code).toBe(1)
    },
  )

  it(
    'names the product and the field of a wrong payment link, from the ' + 'running server and from the file alone',
    async () => {
      const products = seedProducts.map((p) =>
        p.id === 'bridle-belt' ? { ...p, paymentLink: 'https://buy,stripe.com/ash_belt' } : p,
      )
      t = await createTestApp({
        prepare: (dir) => writeFile(path.join(dir, 'db.json'), JSON.stringify({ products, messages: [] }, null, 2)),
        keepDir: true,
      })
      dirs.push(t.dir)
      const headline =
        '"Bridle Leather Belt" (bridle-belt) cannot be ordered: its field ' +
        '"paymentLink" has a value the site will not use.'
      const running = await health(t.dataFile)
      expect(running.out).toContain(`[Problem] Data file: ${headline}`)
      expect(running.out).toContain('(it is "https://buy,stripe.com/ash_belt")')
      expect(running.code).toBe(1)
      await t.close()
      t = undefined
      expect((await health(path.join(dirs[0]!, 'db.json'))).out).toContain(`[Problem] Data file: ${headline}`)
    },
  )

  it(
    'names a published product whose photograph is not on the server, from the running server and from the file ' +
      'alone; a draft’s is not named, and the rest of the shop is fine',
    async () => {
      const gone = '/media/oxford-brogue/gone-1024.webp'
      const products = seedProducts.map((p) =>
        p.id === 'oxford-brogue'
          ? { ...p, mainImage: gone }
          : p.id === 'chelsea-boot'
            ? { ...p, status: 'draft', mainImage: '/media/chelsea-boot/gone-1024.webp' }
            : p,
      )
      t = await createTestApp({
        prepare: (dir) => writeFile(path.join(dir, 'db.json'), JSON.stringify({ products, messages: [] }, null, 2)),
        keepDir: true,
      })
      dirs.push(t.dir)
      const said = [
        '[Attention] Photographs: A published product shows a photograph that is not on the server: ' +
          'visitors see a broken picture.',
        `"Oxford Brogue" (oxford-brogue): ${gone} is not on the server.`,
      ]
      const running = await health(t.dataFile)
      for (const line of said) expect(running.out).toContain(line)
      expect(running.out).not.toContain('chelsea-boot')
      expect(running.code).toBe(0) // worth a look, not a fault of the server
      const overview = (await t.services.health()).items.find((i) => i.key === 'photos')!
      expect(overview.status).toBe('attention')
      await t.close()
      t = undefined
      const fromFile = await health(path.join(dirs[0]!, 'db.json'))
      for (const line of said) expect(fromFile.out).toContain(line)
    },
  )

  it('reads the files alone when no server runs, and says so', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'health-'))
    dirs.push(dir)
    const file = path.join(dir, 'db.json')
    const runs = [{ id: 'r1', startedAt: new Date(Date.now() - 3600_000).toISOString(), images: 8 }]
    await writeFile(file, JSON.stringify({ products: seedProducts, messages: [], imageRuns: runs }, null, 2))
    const { code, out } = await health(file, { IMAGE_DAILY_LIMIT: '20' })
    expect(out).toContain('[Problem] Server: The server is not running.')
    expect(out).toContain(
      '[Attention] Mail: E-mail is not set up: enquiries are saved but not e-mailed to you. ' +
        "To have them e-mailed, set SMTP_URL to your mail server's address and restart the site.",
    )
    expect(out).toContain('[OK] Image budget: 8 images used in the last 24 hours, 12 images left of 20.')
    expect(out).toContain('[OK] Snapshots: No snapshot of the catalogue yet.')
    expect(code).toBe(1)
  })

  it('is npm run health', { timeout: 60_000 }, async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'health-'))
    dirs.push(dir)
    const file = path.join(dir, 'db.json')
    await writeFile(file, JSON.stringify({ products: seedProducts, messages: [] }))
    const run = await promisify(execFile)('npm', ['run', '--silent', 'health', '--', '--file', file], {
      cwd: ROOT,
    }).catch((e: { stdout: string; code: number }) => e)
    expect(run.stdout).toContain('Shop health:')
    expect(run.stdout).toContain('[Problem] Server: The server is not running.')
  })
})
