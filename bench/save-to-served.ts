/** From the owner's 'Save' to the change being served, with 2,000 enquiries in the data file. */
import { rm } from 'node:fs/promises'
import { performance } from 'node:perf_hooks'
import { prepareDataDir, startBenchServer } from '../support/bench-server.ts'

const ROUNDS = 20

export type SaveToServedResult = { rounds: number; medianMs: number; p95Ms: number; maxMs: number; target: string; ok: boolean }

const hidden = (html: string, name: string) =>
  new RegExp(`<input type="hidden" name="${name}" value="([^"]*)"`).exec(html)![1]!.replace(/&quot;/g, '"').replace(/&#x27;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&')

const quantile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!

export async function runSaveToServedBench(): Promise<SaveToServedResult> {
  const { dir, dataFile } = await prepareDataDir(2000)
  const server = await startBenchServer({ DATA_FILE: dataFile })
  const times: number[] = []
  try {
    for (let round = 0; round < ROUNDS; round++) {
      const form = await (await fetch(`${server.url}/admin/products/oxford-brogue`)).text()
      const values = JSON.parse(hidden(form, 'base')) as Record<string, string>
      const price = `£${200 + round}.00`
      const body = new URLSearchParams({ ...values, price, revision: hidden(form, 'revision'), base: hidden(form, 'base') })
      const started = performance.now()
      const saved = await fetch(`${server.url}/admin/products/oxford-brogue`, { method: 'POST', body, redirect: 'manual' })
      if (saved.status !== 303) throw new Error(`Save answered ${saved.status}`)
      const served = async (path: string, wanted: string) => {
        while (!(await (await fetch(`${server.url}${path}`)).text()).includes(wanted)) await new Promise((r) => setTimeout(r, 5))
      }
      await Promise.all([served('/products', price), served('/products/oxford-brogue', price), served('/api/products', price)])
      times.push(performance.now() - started)
    }
  } finally {
    server.child.kill('SIGTERM')
    await server.exited
    await rm(dir, { recursive: true, force: true })
  }
  const sorted = [...times].sort((a, b) => a - b)
  const round1 = (n: number) => Math.round(n * 10) / 10
  const p95 = quantile(sorted, 0.95)
  return { rounds: ROUNDS, medianMs: round1(quantile(sorted, 0.5)), p95Ms: round1(p95), maxMs: round1(sorted.at(-1)!), target: 'p95 < 1000 ms', ok: p95 < 1000 }
}
