/**
 * The owner's inbox with 10,000 enquiries, timed by the server's own log line;
 * target under 200 ms median and p95 (INBOX_ENQUIRIES changes the count).
 */
import { randomUUID } from 'node:crypto'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { seedProducts } from '../data/seed/products.ts'
import { CONTACT_SUBJECTS } from '../domain/business.ts'
import { spawnServer } from '../support/child-server.ts'

export const INBOX_TARGET_MS = 200
const RUNS = 25
const WORDS = ['resoled', 'holdall', 'brogue', 'belt', 'wallet', 'colour', 'size', 'delivery', 'gift', 'repair']

async function prepare(count: number) {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'leather-inbox-bench-'))
  const dataFile = path.join(dir, 'db.json')
  const now = Date.now()
  const span = 2 * 365 * 24 * 3600_000
  const enquiries = Array.from({ length: count }, (_, i) => ({
    id: randomUUID(),
    createdAt: new Date(now - Math.round((i * span) / count)).toISOString(),
    firstName: `Visitor${i}`,
    lastName: i % 7 === 0 ? 'Smith' : 'Example',
    email: `visitor${i}@example.com`,
    subject: CONTACT_SUBJECTS[i % CONTACT_SUBJECTS.length]!.value,
    message:
      `Hello, a question about the ${WORDS[i % WORDS.length]} and the ` +
      `${WORDS[(i * 3) % WORDS.length]}: could you tell me more?\nThank you, ` +
      `number ${i}.`,
    notification: { status: 'sent', attempts: [], sentAt: new Date(now - i * 60_000).toISOString() },
    ...(i % 3 === 0 ? { readAt: new Date(now).toISOString() } : {}),
    ...(i % 5 === 0 ? { archived: true } : {}),
  }))
  await writeFile(dataFile, JSON.stringify({ products: seedProducts, messages: enquiries }, null, 2))
  return { dir, dataFile, someId: enquiries[4321 % count]!.id }
}

/** The server's own time for one request: the response time its log line records. */
function lastResponseTime(output: string): number {
  const lines = output.trim().split('\n').reverse()
  for (const line of lines) {
    const m = /"responseTime":(\d+(?:\.\d+)?)/.exec(line)
    if (m) return Number(m[1])
  }
  return NaN
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))]!

export type InboxRow = {
  request: string
  'median ms': number
  'p95 ms': number
  'client median ms': number
  target: string
  ok: boolean | string
}

export async function runInboxBench(count = Number(process.env.INBOX_ENQUIRIES ?? 10_000)): Promise<InboxRow[]> {
  const { dir, dataFile, someId } = await prepare(count)
  // The first start moves the older enquiries to their dated files: it may take longer than a test server's start.
  const server = await spawnServer(
    { LOG_LEVEL: 'info', SITE_URL: 'https://www.example.co.uk', DATA_FILE: dataFile },
    { keepOutput: true, waitReady: false },
  )
  for (
    let waited = 0;
    !(await fetch(`${server.url}/healthz`).then(
      (r) => r.ok,
      () => false,
    ));
    waited += 50
  ) {
    if (server.child.exitCode !== null || waited > 300_000)
      throw new Error(`the server did not start:\n${server.output()}`)
    await new Promise((r) => setTimeout(r, 50))
  }
  const cases: [string, string, boolean][] = [
    ['list, first page', '/admin/enquiries', true],
    ['list, page 200', '/admin/enquiries?state=all&page=200', true],
    ['search, a name (few)', '/admin/enquiries?q=visitor4321', true],
    ['search, two words (many)', '/admin/enquiries?q=brogue+wallet&state=all', true],
    ['filter: new, bags, not e-mailed', '/admin/enquiries?state=new&subject=bags&unsent=1', true],
    ['one enquiry', `/admin/enquiries/${someId}`, true],
    ['CSV export, all', '/admin/enquiries.csv?all=1', false],
  ]
  const rows: InboxRow[] = []
  try {
    for (const [name, url, targeted] of cases) {
      for (let i = 0; i < 3; i++) await (await fetch(server.url + url)).arrayBuffer()
      const serverMs: number[] = []
      const clientMs: number[] = []
      for (let i = 0; i < RUNS; i++) {
        const started = performance.now()
        const res = await fetch(server.url + url)
        await res.arrayBuffer()
        clientMs.push(performance.now() - started)
        if (res.status !== 200) throw new Error(`${url} answered ${res.status}`)
        await new Promise((r) => setTimeout(r, 5)) // its log line is written once the answer ends
        serverMs.push(lastResponseTime(server.output()))
      }
      serverMs.sort((a, b) => a - b)
      clientMs.sort((a, b) => a - b)
      const median = percentile(serverMs, 50)
      const p95 = percentile(serverMs, 95)
      rows.push({
        request: name,
        'median ms': Math.round(median * 10) / 10,
        'p95 ms': Math.round(p95 * 10) / 10,
        'client median ms': Math.round(percentile(clientMs, 50) * 10) / 10,
        target: targeted ? `< ${INBOX_TARGET_MS}` : 'none',
        ok: targeted ? p95 < INBOX_TARGET_MS : '-',
      })
    }
  } finally {
    server.child.kill('SIGTERM')
    await server.exited
    await rm(dir, { recursive: true, force: true })
  }
  console.table(rows)
  return rows
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  console.log(
    `== The owner's inbox with ` +
      `${Number(process.env.INBOX_ENQUIRIES ?? 10_000).toLocaleString('en-GB')} ` +
      `enquiries (server time per request) ==`,
  )
  await runInboxBench()
}
