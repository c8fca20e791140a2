/**
 * The shop on a 1 GB VPS: the whole tree of `npm start` inside a 512 MB memory cgroup (systemd's
 * `MemoryMax=512M`), three 48-megapixel phone photographs uploaded at once beside ten visitors
 * browsing. Needs root and a memory controller, and fails saying so without them.
 */
import { describe, expect, it } from 'vitest'
import { LIMIT_MB, PEAK_TARGET_MB, runPhotoMemory, SETTLE_TARGET_MB } from '../../support/photo-memory.ts'

describe('512 MB, photographs and all', () => {
  it(
    'saves three 48-megapixel photographs uploaded at once beside ten ' +
      'browsing connections, peaks at 450 MB at most, and settles within 60 MB ' +
      'of before',
    async () => {
      const run = await runPhotoMemory({ limitMb: LIMIT_MB, settleWithinMb: SETTLE_TARGET_MB, settleDeadlineS: 45 })
      console.log('photographs in 512 MB:', JSON.stringify(run))
      expect(run.uploadStatuses).toEqual([201, 201, 201])
      expect(run.oomKills).toBe(0)
      expect(run.sameProcesses).toBe(true)
      expect(run.answersAfter).toBe(true)
      expect(run.pagesFailed).toBe(0)
      expect(run.pagesServed).toBeGreaterThan(0)
      expect(run.peakMb).toBeLessThanOrEqual(PEAK_TARGET_MB)
      expect(run.settledMb - run.beforeMb).toBeLessThanOrEqual(SETTLE_TARGET_MB)
    },
    240_000,
  )
})
