/**
 * Distinct visitors are counted in a fixed amount of memory: a flood of made-up browsers from one
 * address never stops the count from rising with the real visitors who come after it.
 */
import { mkdtemp, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { readStatistics } from '../../../server/services/statistics/statistics-file.server.ts'
import type { View } from '../../../server/services/statistics/statistics.server.ts'
import { startedStatistics } from '../../helpers/statistics.ts'

let dir: string
beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'statistics-flood-'))
})
afterEach(() => rm(dir, { recursive: true, force: true }))

const view = (address: string, userAgent: string, page = '/'): View => ({
  page,
  address,
  userAgent,
  device: 'desktop',
  campaign: {},
})

describe('visitors under a flood', () => {
  it('go on rising with new visitors after 600,000 made-up browsers from one address', async () => {
    const file = path.join(dir, 'db.json.statistics.json')
    const statistics = await startedStatistics(file)
    for (let n = 0; n < 600_000; n++) statistics.view(view('198.51.100.7', `Flood/${n}`))
    const today = () => [...statistics.totals().days.values()].at(-1)!
    const afterFlood = today().visitors
    // An estimate past the first 2,000 (typical error 0.8%): within 5%, six times that, so that a
    // random day's salt never fails it.
    expect(Math.abs(afterFlood - 600_000)).toBeLessThan(30_000)

    for (let n = 0; n < 50_000; n++) statistics.view(view(`203.0.${n >> 8}.${n & 255}`, 'Mozilla/5.0', '/terms'))
    const rose = today().visitors - afterFlood
    // Over many salts the rise is 50,000 with a spread (σ) near 2,200: seven of those either side.
    // A count the flood had filled would rise by next to nothing.
    expect(rose).toBeGreaterThan(35_000)
    expect(rose).toBeLessThan(65_000)
    // The page's own count rises the same way (12 bits: σ 1.6%, 800).
    expect(Math.abs(today().pages.get('/terms')!.visitors - 50_000)).toBeLessThan(5_000)
    // Seen again, nobody counts twice.
    const before = today().visitors
    for (let n = 0; n < 1000; n++) statistics.view(view(`203.0.${n >> 8}.${n & 255}`, 'Mozilla/5.0', '/terms'))
    expect(today().visitors).toBe(before)

    await statistics.stop()
    const [day] = (await readStatistics(file)).days.values()
    expect(day?.views).toBe(651_000)
    expect(day?.visitors).toBe(today().visitors)
  })

  it('are exact for a small shop’s day (up to 2,000 a day, 200 a page)', async () => {
    const statistics = await startedStatistics(path.join(dir, 'db.json.statistics.json'))
    for (let round = 0; round < 3; round++)
      for (let n = 0; n < 1500; n++) statistics.view(view(`203.0.113.${n % 250}`, `Phone/${n}`, `/page-${n % 10}`))
    const [day] = statistics.totals().days.values()
    expect(day?.visitors).toBe(1500)
    expect(day?.pages.get('/page-0')).toEqual({ views: 450, visitors: 150 })
    await statistics.stop()
  })
})
