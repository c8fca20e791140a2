/**
 * The statistics file: a year of a busy small shop stays well
 * under a megabyte, and a file it cannot read is left alone.
 */
import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import pino from 'pino'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { addBounded, emptyDay, type DayTotals } from '../../../server/services/statistics/day-totals.ts'
import { KEPT_DAYS, noStatistics, rollUp } from '../../../server/services/statistics/kept-days.ts'
import { readStatistics, writeStatistics } from '../../../server/services/statistics/statistics-file.server.ts'
import { Statistics } from '../../../server/services/statistics/statistics.server.ts'

let dir: string
beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'statistics-file-'))
})
afterEach(() => rm(dir, { recursive: true, force: true }))

/** A busy day of a small shop: every page and 60 products seen, 40 referring sites, a dozen campaigns. */
function busyDay(seed: number): DayTotals {
  const day = emptyDay()
  day.views = 5000 + seed
  day.visitors = 1200 + seed
  for (const page of [
    '/',
    '/products',
    '/products?category=bags',
    '/products?category=belts',
    '/products?category=footwear',
    '/terms',
    '/privacy',
    '/cookies',
    '/returns',
  ]) {
    day.pages.set(page, { views: 400 + seed, visitors: 200 + seed })
  }
  for (let p = 0; p < 60; p++) {
    day.pages.set(`/products/handmade-leather-product-${p}`, { views: 80 + p, visitors: 50 + p })
    day.handoffs.set(`handmade-leather-product-${p}`, p % 7)
  }
  for (let r = 0; r < 40; r++) addBounded(day.referrers, `referring-site-${r}.example.com`)
  for (let c = 0; c < 12; c++) {
    addBounded(day.campaigns, `winter-sale-newsletter-${c}`)
    addBounded(day.sources, `source-${c}`)
    addBounded(day.mediums, `medium-${c % 4}`)
  }
  day.devices = new Map([
    ['phone', 3000],
    ['tablet', 500],
    ['desktop', 1500],
  ])
  return day
}

const dateOf = (ms: number) => new Date(ms).toISOString().slice(0, 10)

describe('the statistics file', () => {
  it(
    'holds a year of a busy small shop in well under 1 MB, readable by the ' + 'owner alone, and reads back the same',
    async () => {
      const data = noStatistics()
      const start = Date.UTC(2025, 10, 1)
      for (let d = 0; d < 365; d++) data.days.set(dateOf(start + d * 86_400_000), busyDay(d))
      const today = dateOf(start + 364 * 86_400_000)
      rollUp(data, today)
      const file = path.join(dir, 'db.json.statistics.json')
      await writeStatistics(file, data)
      const { size, mode } = await stat(file)
      expect(size).toBeLessThan(512 * 1024)
      expect(mode & 0o777).toBe(0o600)
      const read = await readStatistics(file)
      expect(read).toEqual(data)
      // Every day keeps its totals; the recent weeks their detail; older detail is added up by month.
      expect(read.days.size).toBe(365)
      expect(read.days.get(dateOf(start))?.views).toBe(5000)
      expect(read.days.get(today)?.pages.get('/products/handmade-leather-product-3')).toEqual({
        views: 83,
        visitors: 53,
      })
      expect(read.days.get(dateOf(start))?.pages.size).toBe(0)
      expect(read.months.get('2025-11')?.pages.get('/products/handmade-leather-product-3')).toEqual({
        views: 83 * 30,
        visitors: 53 * 30,
      })
    },
  )

  it(`keeps the last ${KEPT_DAYS} days`, async () => {
    const data = noStatistics()
    const start = Date.UTC(2024, 0, 1)
    for (let d = 0; d < KEPT_DAYS + 30; d++) data.days.set(dateOf(start + d * 86_400_000), busyDay(d))
    rollUp(data, dateOf(start + (KEPT_DAYS + 29) * 86_400_000))
    const file = path.join(dir, 'db.json.statistics.json')
    await writeStatistics(file, data)
    const kept = [...(await readStatistics(file)).days.keys()]
    expect(kept).toHaveLength(KEPT_DAYS)
    expect(kept[0]).toBe(dateOf(start + 30 * 86_400_000))
  })

  it('leaves a file it cannot read exactly as it is, and says so', async () => {
    const file = path.join(dir, 'db.json.statistics.json')
    await writeFile(file, '{ "days": { "2026-11-01": { "views": 12 ')
    const lines: string[] = []
    const statistics = new Statistics({
      file,
      enabled: true,
      writeEveryMs: 60_000,
      logger: pino({}, { write: (l: string) => void lines.push(l) }),
    })
    await statistics.start()
    statistics.handoff('oxford-brogue')
    await statistics.stop()
    expect(await readFile(file, 'utf8')).toBe('{ "days": { "2026-11-01": { "views": 12 ')
    expect(lines.join('')).toContain('The statistics file cannot be read')
  })
})
