import { mkdir, readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import autocannon from 'autocannon'
import { prepareDataDir, startBenchServer } from './server.ts'

export type Row = { name: string; reqPerSec: number; p99Ms: number; errors: number; non2xx: number; note?: string }

export async function measure(opts: autocannon.Options): Promise<Omit<Row, 'name'>> {
  const r = await autocannon({ connections: 50, duration: 8, ...opts })
  return { reqPerSec: Math.round(r.requests.average), p99Ms: r.latency.p99, errors: r.errors + r.timeouts, non2xx: r.non2xx }
}

const PAGES = [
  { name: '/', path: '/', file: 'home.html' },
  { name: '/products', path: '/products', file: 'products.html' },
  { name: '/products?category=bags', path: '/products?category=bags', file: 'products-bags.html' },
]

/**
 * Each page beside the same HTML bytes served as a static file by the same server, in the same run;
 * /api/products; and POST /api/contact with 10,000 enquiries already saved, every one persisted.
 */
export async function runPageBench(): Promise<{ rows: Row[]; ratios: Record<string, number>; contact: Record<string, unknown> }> {
  const { dir, dataFile } = await prepareDataDir(10_000)
  const staticDir = path.join(dir, 'static')
  await mkdir(staticDir)
  const server = await startBenchServer({ DATA_FILE: dataFile, BENCH_STATIC_DIR: staticDir })
  const rows: Row[] = []
  const ratios: Record<string, number> = {}
  try {
    for (const p of PAGES) {
      const html = await (await fetch(server.url + p.path)).text()
      await writeFile(path.join(staticDir, p.file), html)
      // Warm both paths, then measure them back to back.
      await measure({ url: server.url + p.path, duration: 2 })
      const page = await measure({ url: server.url + p.path })
      await measure({ url: `${server.url}/__static/${p.file}`, duration: 2 })
      const twin = await measure({ url: `${server.url}/__static/${p.file}` })
      rows.push({ name: `page ${p.name}`, ...page }, { name: `static twin of ${p.name}`, ...twin })
      ratios[p.name] = Math.round((page.reqPerSec / twin.reqPerSec) * 100) / 100
    }
    rows.push({ name: 'GET /api/products', ...(await measure({ url: `${server.url}/api/products` })) })

    const before = JSON.parse(await readFile(dataFile, 'utf8')).messages.length as number
    let created = 0
    const body = JSON.stringify({ firstName: 'Bench', lastName: 'Mark', email: 'bench@example.com', subject: 'general', message: 'Is the Weekender Holdall available in dark brown?' })
    const r = await autocannon({
      url: `${server.url}/api/contact`,
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: server.url },
      body,
      connections: 50,
      duration: 8,
    })
    // autocannon counts answers within its 8 s; requests in flight at the end also land, so >=.
    created = r['2xx']
    rows.push({ name: 'POST /api/contact (10,000 saved)', reqPerSec: Math.round(r.requests.average), p99Ms: r.latency.p99, errors: r.errors + r.timeouts, non2xx: r.non2xx })
    // Let the last group of writes land, then count what is on disk.
    await new Promise((res) => setTimeout(res, 500))
    const after = JSON.parse(await readFile(dataFile, 'utf8')).messages.length as number
    const contact = { before, created201: created, onDisk: after, persisted: after - before, allPersisted: after - before >= created }
    return { rows, ratios, contact }
  } finally {
    server.child.kill('SIGTERM')
    await server.exited
  }
}
