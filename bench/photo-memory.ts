/**
 * Three 48-megapixel phone photographs uploaded at once beside ten browsing connections, the whole tree of `npm
 * start` in a 512 MB cgroup: the peak and where memory settles (targets: at most 450 MB, within 60 MB of before).
 */
import { pathToFileURL } from 'node:url'
import { LIMIT_MB, PEAK_TARGET_MB, runPhotoMemory, SETTLE_TARGET_MB } from '../support/photo-memory.ts'

/** Null, with the reason printed, where a memory cgroup cannot be made (not root, no memory controller). */
export async function runPhotoMemoryBench(): Promise<Record<string, unknown> | null> {
  let run
  try {
    run = await runPhotoMemory({ limitMb: LIMIT_MB, settleWithinMb: SETTLE_TARGET_MB, settleDeadlineS: 45 })
  } catch (err) {
    console.log(`Not measured: ${(err as Error).message}`)
    return null
  }
  const row = {
    'before MB': run.beforeMb,
    'peak MB': run.peakMb,
    'peak target': `<= ${PEAK_TARGET_MB}`,
    'settled MB': run.settledMb,
    'settled - before': run.settledMb - run.beforeMb,
    'settle target': `<= ${SETTLE_TARGET_MB}`,
    'settled after s': run.settledAfterS,
    'uploads (status, s)': run.uploadStatuses.map((s, i) => `${s} ${run.uploadSeconds[i]!.toFixed(1)}`).join(', '),
    'pages served / failed': `${run.pagesServed} / ${run.pagesFailed}`,
    'OOM kills': run.oomKills,
    ok:
      run.uploadStatuses.every((s) => s === 201) &&
      run.oomKills === 0 &&
      run.sameProcesses &&
      run.peakMb <= PEAK_TARGET_MB &&
      run.settledMb - run.beforeMb <= SETTLE_TARGET_MB,
  }
  console.table([row])
  console.log(
    `Where it was (resident MB per process; the cgroup's process memory and ` +
      `page cache): before ${run.detail.before}; settled ${run.detail.settled}`,
  )
  return { ...run, ok: row.ok }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await runPhotoMemoryBench()
