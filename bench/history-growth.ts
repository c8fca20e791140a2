/**
 * `npm run bench:history`: the catalogue's history after years of orders (each paid order moves a
 * stock and records the product before and after), read as the server first reads it. Each size runs
 * in a process of its own; the figure that must not grow is the longest the server is held up.
 */
import { execFileSync } from 'node:child_process'
import { mkdtemp, rm, stat, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { CatalogueHistory } from '../data/catalogue-history.server.ts'
import { seedProducts } from '../data/seed/products.ts'

const SIZES = [1_000, 50_000]
/** The longest the server may be held up by the first read, at any size (ms). */
const MOST_PAUSE_MS = 20

type Measured = { entries: number; fileMb: number; readMs: number; longestPauseMs: number; peakRssMb: number }

const mb = (bytes: number) => Math.round((bytes / 1048576) * 10) / 10

/** A product as years of use leave it: four generated angles, two more photographs, a stock. */
const product = {
  ...seedProducts[0]!,
  images: ['main', '45-degree', 'side profile', 'detail'].map((angle) => ({
    angle,
    src: `/media/oxford-brogue/${angle}-1024.webp`,
    original: `/media/oxford-brogue/${angle}.png`,
  })),
  photos: [{ src: '/media/oxford-brogue/a-1024.webp' }, { src: '/media/oxford-brogue/b-1024.webp' }],
  imagesGeneratedAt: '2026-01-05T10:00:00.000Z',
  imageModel: 'gpt-image-1',
  stock: 5,
}

async function writeHistory(file: string, entries: number): Promise<void> {
  const lines: string[] = []
  for (let i = 0; i < entries; i++) {
    const entry = {
      id: crypto.randomUUID(),
      at: new Date(Date.UTC(2020, 0, 1) + i * 3_600_000).toISOString(),
      who: 'order',
      action: 'stock',
      productId: product.id,
      before: { ...product, stock: 5 },
      after: { ...product, stock: 4 },
      orderId: `order-${i}`,
    }
    lines.push(`${JSON.stringify(entry)}\n`)
  }
  await writeFile(file, lines.join(''))
}

/** In a fresh process: the first read of `file`, with the longest gap between 2 ms ticks and the peak RSS. */
async function measure(file: string): Promise<Measured> {
  let peak = process.memoryUsage().rss
  let last = performance.now()
  let longest = 0
  const tick = setInterval(() => {
    const now = performance.now()
    longest = Math.max(longest, now - last)
    last = now
    peak = Math.max(peak, process.memoryUsage().rss)
  }, 2)
  const started = performance.now()
  const entries = (await new CatalogueHistory(file).all()).length
  const readMs = performance.now() - started
  await new Promise((r) => setTimeout(r, 20)) // a tick after the read, to see a pause it ended with
  clearInterval(tick)
  return {
    entries,
    fileMb: mb((await stat(file)).size),
    readMs: Math.round(readMs),
    longestPauseMs: Math.round(longest),
    peakRssMb: mb(peak),
  }
}

const child = process.argv.indexOf('--child')
if (child > 0) {
  console.log(JSON.stringify(await measure(process.argv[child + 1]!)))
} else {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'history-bench-'))
  try {
    const rows: Measured[] = []
    for (const size of SIZES) {
      const file = path.join(dir, `history-${size}.jsonl`)
      await writeHistory(file, size)
      const out = execFileSync(process.execPath, [...process.execArgv, fileURLToPath(import.meta.url), '--child', file])
      rows.push(JSON.parse(out.toString()) as Measured)
    }
    console.log('\n== The catalogue history read at first use, after years of orders (one process per size) ==')
    console.table(
      rows.map((r) => ({ ...r, target: `pause <= ${MOST_PAUSE_MS} ms`, ok: r.longestPauseMs <= MOST_PAUSE_MS })),
    )
    const [small, large] = [rows[0]!, rows.at(-1)!]
    console.log(
      `${large.entries / small.entries}x the entries: read ${(large.readMs / Math.max(1, small.readMs)).toFixed(1)}x as long, ` +
        `longest pause ${(large.longestPauseMs / Math.max(1, small.longestPauseMs)).toFixed(1)}x, ` +
        `peak RSS ${(large.peakRssMb / small.peakRssMb).toFixed(1)}x`,
    )
  } finally {
    await rm(dir, { recursive: true, force: true })
  }
}
