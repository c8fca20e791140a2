/**
 * The day's salt and the day's visitors go at midnight (UK
 * time): a visitor cannot be followed from one day to the next.
 */
import { mkdtemp, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import pino from 'pino'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { Statistics, type View } from '../../../server/services/statistics/statistics.server.ts'
import { readStatistics } from '../../../server/services/statistics/statistics-file.server.ts'

let dir: string
beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'statistics-day-'))
})
afterEach(() => rm(dir, { recursive: true, force: true }))

const view: View = {
  page: '/',
  address: '198.51.100.7',
  userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Firefox/133.0',
  device: 'desktop',
  campaign: {},
}

describe('a UK day', () => {
  it(
    'counts a visitor once within it, again the next day, with a new salt ' +
      'from midnight in London (summer time too)',
    async () => {
      let now = Date.parse('2026-07-14T22:58:00Z') // 23:58 in London (BST)
      const file = path.join(dir, 'db.json.statistics.json')
      const statistics = new Statistics({
        file,
        enabled: true,
        writeEveryMs: 60_000,
        logger: pino({ level: 'silent' }),
        now: () => now,
      })
      await statistics.start()
      statistics.view(view)
      statistics.view(view)
      const salt = (statistics as unknown as { salt: string }).salt
      now = Date.parse('2026-07-14T23:01:00Z') // 00:01 on the 15th in London
      statistics.view(view)
      expect((statistics as unknown as { salt: string }).salt).not.toBe(salt)
      await statistics.stop()
      const { days } = await readStatistics(file)
      expect(days.get('2026-07-14')).toMatchObject({ views: 2, visitors: 1 })
      expect(days.get('2026-07-15')).toMatchObject({ views: 1, visitors: 1 })
    },
  )
})
