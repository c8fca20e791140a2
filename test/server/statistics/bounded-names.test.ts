/**
 * What visitors send cannot make the statistics grow: every name kept is printable and at most 100
 * characters, each list keeps its most seen names and adds up the rest, per day and per month.
 */
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import request from 'supertest'
import { afterEach, describe, expect, it } from 'vitest'
import { OPEN_DIMENSIONS, type DayTotals } from '../../../server/services/statistics/day-totals.ts'
import {
  readStatistics,
  statisticsFileFor,
  StatisticsText,
} from '../../../server/services/statistics/statistics-file.server.ts'
import type { View } from '../../../server/services/statistics/statistics.server.ts'
import { createTestApp, type TestServer } from '../../helpers/server.ts'
import { startedStatistics, statisticsOnDisk, todayOnDisk, type DayJson } from '../../helpers/statistics.ts'

const DESKTOP =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36'

/** A made-up name as an attacker sends it: long, distinct, full of characters a JSON file writes as six bytes. */
const hostile = (n: number) => `${n}-${'\u0001'.repeat(300)}${'x'.repeat(700)}`
const hostileHost = (n: number) => `${'a'.repeat(60)}${n}.${'b'.repeat(60)}.${'c'.repeat(60)}.example`

let t: TestServer | undefined
let dir: string | undefined
afterEach(async () => {
  await t?.close()
  t = undefined
  if (dir) await rm(dir, { recursive: true, force: true })
  dir = undefined
})

const get = (target: string, headers: Record<string, string> = {}) =>
  request(t!.handler)
    .get(target)
    .set({ 'User-Agent': DESKTOP, ...headers })
    .expect(200)

const names = (day: DayJson) => OPEN_DIMENSIONS.flatMap((d) => Object.keys(day[d]))

describe('names visitors send, in one day', () => {
  it('keep the file small after a day of long, distinct campaign tags full of control characters', async () => {
    t = await createTestApp()
    for (let n = 0; n < 300; n++) {
      const tags = new URLSearchParams({ utm_source: hostile(n), utm_medium: hostile(n), utm_campaign: hostile(n) })
      await get(`/?${tags}`, { Referer: `https://${hostileHost(n)}/` })
    }
    const day = (await todayOnDisk(t))!
    expect(day.views).toBe(300)
    for (const name of names(day)) {
      expect(name).not.toMatch(/\p{C}/u)
      expect(name.length).toBeLessThanOrEqual(100)
    }
    // 200 names of 100 characters in each of four lists; with six bytes a character it was 390 kB.
    expect((await stat(statisticsFileFor(t.dataFile))).size).toBeLessThan(128 * 1024)
  })

  it('keeps a name as printable text, at most 100 characters, and no name made of nothing printable', async () => {
    t = await createTestApp()
    await get(`/?utm_campaign=${encodeURIComponent('winter\u0000\u0007\u202e-sale\n')}`)
    await get(`/?utm_campaign=${encodeURIComponent('\u0001\u0002\u200b\u0003')}`)
    await get(`/?utm_source=${encodeURIComponent(`news  ${'\t'}letter`)}&utm_medium=${'m'.repeat(5000)}`)
    const day = (await todayOnDisk(t))!
    expect(day.campaigns).toEqual({ 'winter-sale': 1 })
    expect(day.sources).toEqual({ 'news letter': 1 })
    expect(day.mediums).toEqual({ ['m'.repeat(100)]: 1 })
    expect(day.views).toBe(3)
  })

  it('keeps a campaign seen often by its name, however many made-up names came first', async () => {
    t = await createTestApp()
    for (let n = 0; n < 250; n++) await get(`/?utm_campaign=made-up-${n}`)
    for (let n = 0; n < 5; n++) await get('/?utm_campaign=winter-sale')
    const { campaigns } = (await todayOnDisk(t))!
    expect(campaigns['winter-sale']).toBe(5)
    expect(Object.keys(campaigns)).toHaveLength(201)
    // The rest are added up: nothing counted is lost.
    expect(Object.values(campaigns).reduce((a, b) => a + b, 0)).toBe(255)
  })
})

describe('names visitors send, day after day', () => {
  it('keep each month’s lists to their top 20 and the file under 1 MB after 60 days of made-up names', async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'statistics-bounded-'))
    const file = path.join(dir, 'db.json.statistics.json')
    let now = Date.parse('2026-01-01T12:00:00Z')
    const statistics = await startedStatistics(file, () => now)
    const view = (n: number, campaign: string): View => ({
      page: '/',
      address: `198.51.100.${n % 250}`,
      userAgent: DESKTOP,
      device: 'desktop',
      referrer: hostileHost(n),
      campaign: { sources: hostile(n), mediums: hostile(n), campaigns: campaign },
    })
    for (let d = 0; d < 60; d++) {
      for (let n = 0; n < 250; n++) statistics.view(view(d * 1000 + n, hostile(d * 1000 + n)))
      for (let n = 0; n < 10; n++) statistics.view(view(n, 'newsletter'))
      await statistics.save()
      now += 86_400_000
    }
    await statistics.stop()

    expect((await stat(file)).size).toBeLessThan(1024 * 1024)
    const { days, months } = await readStatistics(file)
    // Saved line by line (a line made again only when its day changed), the file is what all of it makes.
    expect(await readFile(file, 'utf8')).toBe(new StatisticsText().of({ days, months }))
    const january = months.get('2026-01')!
    const listSizes = (totals: DayTotals) => OPEN_DIMENSIONS.map((d) => totals[d].size)
    expect(listSizes(january).every((n) => n <= 21)).toBe(true)
    // Each of January's 31 days had the newsletter 10 times: kept by name, counted whole. The month holds
    // the days older than five weeks; the last days of January still have their own detail.
    const januaryDays = [...days].filter(([date, day]) => date.startsWith('2026-01') && day.campaigns.size > 0)
    expect(januaryDays).toHaveLength(6)
    const inJanuary = (name: string) =>
      (january.campaigns.get(name) ?? 0) + januaryDays.reduce((n, [, day]) => n + (day.campaigns.get(name) ?? 0), 0)
    expect(inJanuary('newsletter')).toBe(310)
    const all = [january, ...januaryDays.map(([, day]) => day)].flatMap((d) => [...d.campaigns.values()])
    expect(all.reduce((a, b) => a + b, 0)).toBe(31 * 260)
    const yesterday = days.get('2026-02-28')!
    expect(listSizes(yesterday).every((n) => n <= 21)).toBe(true)
    expect(yesterday.campaigns.get('newsletter')).toBe(10)
    expect((await statisticsOnDisk(path.join(dir, 'db.json')))?.days['2026-02-28']?.views).toBe(260)
  })
})
