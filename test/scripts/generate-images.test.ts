/**
 * `npm run generate-images` as the owner runs it (a child process through tsx): on its own when no
 * server holds the data file, through the running server's endpoint when one does.
 */
import { spawn } from 'node:child_process'
import { existsSync } from 'node:fs'
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { seedProducts } from '../../data/seed/products.ts'
import { ROOT } from '../../server/config/paths.server.ts'
import { failFor, startFakeOpenAIForSdk, type FakeOpenAI } from '../helpers/fake-openai.ts'
import { startTestServer, type TestServer } from '../helpers/server.ts'

// Each run converts dozens of images with sharp; on a busy two-core machine that takes a while.
vi.setConfig({ testTimeout: 90_000 })

const KEY = 'sk-test-not-a-real-key'
// Two products, one of them named by the failure test: each run stores 8 images (and the script's AVIF twins).
const FEW = ['oxford-brogue', 'tote-bag']

let fake: FakeOpenAI
let dir: string
let t: TestServer | undefined

beforeAll(async () => {
  fake = await startFakeOpenAIForSdk(KEY)
})
afterAll(() => fake.close())
afterEach(async () => {
  await t?.close()
  t = undefined
  if (dir) await rm(dir, { recursive: true, force: true })
  fake.set({ delayMs: 0, reply: undefined })
  fake.reset()
})

async function catalogue(where: string) {
  const products = seedProducts.filter((p) => FEW.includes(p.id))
  await writeFile(path.join(where, 'db.json'), JSON.stringify({ products, messages: [] }, null, 2))
}

/** Runs the script with exactly `env` (plus PATH), as a separate process. */
function run(env: Record<string, string>): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [path.join(ROOT, 'node_modules', 'tsx', 'dist', 'cli.mjs'), path.join(ROOT, 'scripts', 'generate-images.ts')],
      {
        cwd: ROOT,
        env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? os.tmpdir(), ...env },
      },
    )
    let stdout = ''
    let stderr = ''
    child.stdout.on('data', (d) => (stdout += d))
    child.stderr.on('data', (d) => (stderr += d))
    child.on('error', reject)
    child.on('close', (code) => resolve({ code, stdout, stderr }))
  })
}

type Stored = { id: string; mainImage: string; images?: unknown[] }
const stored = async (file: string) => JSON.parse(await readFile(file, 'utf8')).products as Stored[]

describe('npm run generate-images without a server', () => {
  it('runs the generator itself with a progress bar, writes the data file and releases it', async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'leather-cli-'))
    await catalogue(dir)
    const dataFile = path.join(dir, 'db.json')
    const res = await run({
      DATA_FILE: dataFile,
      OPENAI_API_KEY: KEY,
      OPENAI_BASE_URL: fake.baseURL,
      OPENAI_MAX_RETRIES: '0',
      OPENAI_IMAGE_MODEL: 'dall-e-3',
    })
    expect(res.stderr).toBe('')
    expect(res.code).toBe(0)
    const images = FEW.length * 4
    expect(res.stdout).toContain(
      `Starting image generation... ${images} images (4 angles × ${FEW.length} products) with dall-e-3`,
    )
    expect(res.stdout).toMatch(new RegExp(`\\[█+░*\\]\\s+1/${images}\\s+\\d+%  Generating 1 of ${images}: `))
    // The count takes three columns, as the percentage does.
    expect(res.stdout).toContain(`[${'█'.repeat(28)}] ${String(images).padStart(3)}/${images} 100%`)
    expect(res.stdout).toContain('✓ Generation completed!')
    expect(res.stdout).toContain(`Successful: ${FEW.length}   Failed: 0   Total: ${FEW.length}`)
    // The same generator code: 4 requests per product, dall-e-3 at its highest quality.
    expect(fake.requests).toHaveLength(images)
    for (const r of fake.requests)
      expect(r.body).toMatchObject({ model: 'dall-e-3', size: '1024x1024', quality: 'hd', response_format: 'b64_json' })
    for (const p of await stored(dataFile)) {
      expect(p.mainImage).toMatch(new RegExp(`^/media/products/${p.id}/.+-main-1024\\.webp$`))
      expect(existsSync(path.join(dir, p.mainImage))).toBe(true)
    }
    expect(existsSync(`${dataFile}.lock`)).toBe(false)
  })

  it('exits 1 and names the failed products when some fail', async () => {
    fake.set({ reply: failFor(['Tote Bag', 'Market Tote']) })
    dir = await mkdtemp(path.join(os.tmpdir(), 'leather-cli-'))
    await catalogue(dir)
    const res = await run({
      DATA_FILE: path.join(dir, 'db.json'),
      OPENAI_API_KEY: KEY,
      OPENAI_BASE_URL: fake.baseURL,
      OPENAI_MAX_RETRIES: '0',
    })
    expect(res.code).toBe(1)
    expect(res.stdout).toMatch(/✗ Market Tote keeps its previous images\./)
    expect(res.stdout).toContain(`Successful: ${FEW.length - 1}   Failed: 1   Total: ${FEW.length}`)
  })

  it('refuses with a readable sentence, changing nothing, when OPENAI_API_KEY is unset', async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'leather-cli-'))
    await catalogue(dir)
    const dataFile = path.join(dir, 'db.json')
    const before = await readFile(dataFile, 'utf8')
    const res = await run({ DATA_FILE: dataFile, OPENAI_BASE_URL: fake.baseURL })
    expect(res.code).toBe(1)
    expect(res.stderr).toMatch(
      /Image generation is not set up: nothing was generated\. To turn it on, set OPENAI_API_KEY/,
    )
    expect(await readFile(dataFile, 'utf8')).toBe(before)
    expect(fake.requests).toHaveLength(0)
  })

  it('keeps to the daily image limit, counted in the data file', async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'leather-cli-'))
    await catalogue(dir)
    const dataFile = path.join(dir, 'db.json')
    const env = {
      DATA_FILE: dataFile,
      OPENAI_API_KEY: KEY,
      OPENAI_BASE_URL: fake.baseURL,
      OPENAI_MAX_RETRIES: '0',
      IMAGE_DAILY_LIMIT: String(FEW.length * 4),
    }
    expect((await run(env)).code).toBe(0)
    expect(JSON.parse(await readFile(dataFile, 'utf8')).imageRuns).toEqual([
      { id: expect.any(String), startedAt: expect.any(String), images: FEW.length * 4 },
    ])
    fake.reset()
    const again = await run(env)
    expect(again.code).toBe(1)
    const images = FEW.length * 4
    expect(again.stderr).toMatch(
      new RegExp(
        `^✗ Generation failed: The daily image limit is reached: ${images} of ${images} ` +
          `images were requested in the last 24 hours`,
      ),
    )
    expect(fake.requests).toHaveLength(0)
  })
})

describe('npm run generate-images while the server runs', () => {
  it("asks the server holding the data file, as admin, and shows the server's streamed progress", async () => {
    fake.set({ delayMs: 30 })
    t = await startTestServer({
      env: { OPENAI_API_KEY: KEY, OPENAI_MAX_RETRIES: '0', ADMIN_PASSWORD: 'saddle-stitch-42' },
      prepare: catalogue,
      avifTwins: false,
    })
    const port = new URL(t.url).port
    // The shell has no OpenAI key of its own: the server's is used.
    const res = await run({ DATA_FILE: t.dataFile, PORT: port, HOST: '127.0.0.1', ADMIN_PASSWORD: 'saddle-stitch-42' })
    expect(res.stderr).toBe('')
    expect(res.code).toBe(0)
    expect(res.stdout).toContain(`The server (pid ${process.pid}) is using ${t.dataFile}`)
    expect(res.stdout).toContain(`Generating 1 of ${FEW.length * 4}: `)
    expect(res.stdout).toContain(`Successful: ${FEW.length}   Failed: 0   Total: ${FEW.length}`)
    expect(fake.requests).toHaveLength(FEW.length * 4)
    // Written by the server's own store (the single writer): its memory and the file agree.
    for (const p of t.store.products) expect(p.mainImage).toMatch(/^\/media\/products\//)
    await t.store.drain()
    expect((await stored(t.dataFile)).map((p) => p.mainImage)).toEqual(t.store.products.map((p) => p.mainImage))
  })

  it('says so when the admin password is wrong, and nothing runs', async () => {
    t = await startTestServer({
      env: { OPENAI_API_KEY: KEY, ADMIN_PASSWORD: 'saddle-stitch-42' },
      prepare: catalogue,
      avifTwins: false,
    })
    const res = await run({
      DATA_FILE: t.dataFile,
      PORT: new URL(t.url).port,
      HOST: '127.0.0.1',
      ADMIN_PASSWORD: 'not-the-password',
    })
    expect(res.code).toBe(1)
    expect(res.stderr).toContain('The server refused the admin password. Set ADMIN_PASSWORD')
    expect(fake.requests).toHaveLength(0)
  })

  it('is let in as the machine itself when the server has no admin password', async () => {
    t = await startTestServer({
      env: { OPENAI_API_KEY: KEY, OPENAI_MAX_RETRIES: '0' },
      prepare: catalogue,
      avifTwins: false,
    })
    const res = await run({ DATA_FILE: t.dataFile, PORT: new URL(t.url).port, HOST: '127.0.0.1' })
    expect(res.stderr).toBe('')
    expect(res.code).toBe(0)
    expect(res.stdout).toContain(`Successful: ${FEW.length}   Failed: 0   Total: ${FEW.length}`)
  })

  it("passes on the server's 429 when a run would pass the daily image limit", async () => {
    t = await startTestServer({
      env: { OPENAI_API_KEY: KEY, IMAGE_DAILY_LIMIT: '4' },
      prepare: catalogue,
      avifTwins: false,
    })
    const res = await run({ DATA_FILE: t.dataFile, PORT: new URL(t.url).port, HOST: '127.0.0.1' })
    expect(res.code).toBe(1)
    expect(res.stderr).toContain(
      `✗ Generation failed: A run of the whole catalogue needs ` +
        `${FEW.length * 4} images, more than the daily limit of 4.`,
    )
    expect(fake.requests).toHaveLength(0)
  })

  it("passes on the server's 503 when the server has no OpenAI key", async () => {
    t = await startTestServer({ env: {}, prepare: catalogue, avifTwins: false })
    const res = await run({ DATA_FILE: t.dataFile, PORT: new URL(t.url).port, HOST: '127.0.0.1', OPENAI_API_KEY: KEY })
    expect(res.code).toBe(1)
    expect(res.stderr).toContain(
      '✗ Generation failed: Image generation is not set up on this server: OPENAI_API_KEY is not set.',
    )
    expect(fake.requests).toHaveLength(0)
  })
})
