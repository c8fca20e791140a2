import { readFile } from 'node:fs/promises'
import { statisticsFileFor } from '../../server/services/statistics/statistics-file.server.ts'
import pino from 'pino'
import { Statistics, ukDay } from '../../server/services/statistics/statistics.server.ts'
import type { Browser } from 'playwright-core'
import { expect } from 'vitest'
import { openContext } from '../../support/browser.ts'
import type { TestServer } from './server.ts'

export type DayJson = {
  views: number
  visitors: number
  pages: Record<string, { views: number; visitors: number }>
  handoffs: Record<string, number>
  referrers: Record<string, number>
  sources: Record<string, number>
  mediums: Record<string, number>
  campaigns: Record<string, number>
  devices: Record<string, number>
}

/** The statistics file as the owner would find it; none when it was never written. */
export async function statisticsOnDisk(dataFile: string): Promise<{ days: Record<string, DayJson> } | undefined> {
  const text = await readFile(statisticsFileFor(dataFile), 'utf8').catch(() => undefined)
  return text === undefined ? undefined : (JSON.parse(text) as { days: Record<string, DayJson> })
}

/** Today's totals in the file, once the server has written what it counted (as it does each minute). */
export async function todayOnDisk(t: Pick<TestServer, 'services' | 'dataFile'>): Promise<DayJson | undefined> {
  await t.services.statistics.save()
  return (await statisticsOnDisk(t.dataFile))?.days[ukDay(Date.now())]
}

/** A counting service writing to `file`, started, on a clock the test may move (`now`). */
export async function startedStatistics(file: string, now?: () => number): Promise<Statistics> {
  const statistics = new Statistics({
    file,
    enabled: true,
    writeEveryMs: 60_000,
    logger: pino({ level: 'silent' }),
    now,
  })
  await statistics.start()
  return statistics
}

/** A phone's browser as the statistics count it: Chrome on Android. */
export const ANDROID =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, ' +
  'like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36'

/** Visits each of `paths` on a running site from Instagram's app on ANDROID, as a visitor the statistics count. */
export async function visitFromInstagram(siteUrl: string, paths: readonly string[]): Promise<void> {
  for (const target of paths) {
    const res = await fetch(`${siteUrl}${target}`, {
      headers: { 'User-Agent': ANDROID, Referer: 'https://www.instagram.com/' },
    })
    expect(res.status, target).toBe(200)
    // Read to the end: the site counts a view once its answer has gone, not when its headers have.
    await res.arrayBuffer()
  }
}

/** The owner's browser on ANDROID, 390 px wide. */
export async function openOnAndroid(browser: Browser, siteUrl: string, javaScriptEnabled: boolean) {
  const opened = await openContext(browser, siteUrl, { viewport: 'phone', javaScriptEnabled, userAgent: ANDROID })
  await opened.page.setViewportSize({ width: 390, height: 844 })
  return opened
}
