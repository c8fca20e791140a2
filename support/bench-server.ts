import { randomUUID } from 'node:crypto'
import { mkdtemp, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { seedProducts } from '../data/seed/products.ts'
import { spawnServer, type ChildServer } from './child-server.ts'

/** A data file holding the seed catalogue and `count` saved enquiries, as a busy shop's would. */
export async function prepareDataDir(count: number): Promise<{ dir: string; dataFile: string }> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'leather-bench-'))
  const dataFile = path.join(dir, 'db.json')
  const now = Date.now()
  const data = {
    products: seedProducts,
    messages: Array.from({ length: count }, (_, i) => ({
      id: randomUUID(),
      createdAt: new Date(now - i * 60_000).toISOString(),
      firstName: `Visitor${i}`,
      lastName: 'Example',
      email: `visitor${i}@example.com`,
      subject: 'general',
      message: 'I would like to know whether the Oxford Brogue can be resoled, and how long that takes.',
      notification: { status: 'disabled', attempts: [] },
    })),
  }
  await writeFile(dataFile, JSON.stringify(data, null, 2))
  return { dir, dataFile }
}

/** Rate limit off so the benchmark measures throughput; `entry` another server file (bench/static-twin-server.ts). */
export async function startBenchServer(
  env: Record<string, string>,
  options: { entry?: string } = {},
): Promise<ChildServer> {
  return spawnServer(
    { LOG_LEVEL: 'info', CONTACT_RATE_LIMIT: '0', SITE_URL: 'https://www.example.co.uk', ...env },
    { keepOutput: false, entry: options.entry },
  )
}
