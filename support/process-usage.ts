import { readFileSync } from 'node:fs'
import { readFile } from 'node:fs/promises'

/** A process's resident memory (VmRSS) in MB, one decimal. */
export async function residentMb(pid: number): Promise<number> {
  const kb = Number(/^VmRSS:\s+(\d+)\s+kB/m.exec(await readFile(`/proc/${pid}/status`, 'utf8'))?.[1])
  if (!Number.isFinite(kb)) throw new Error(`No VmRSS in /proc/${pid}/status`)
  return Math.round((kb / 1024) * 10) / 10
}

/**
 * The CPU time a process has used (user and system), in ms. Per answer it is what a request costs
 * whatever else the shared machine does, which moves req/s far more.
 */
export function cpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ')
  // utime, stime in clock ticks (USER_HZ = 100 on Linux)
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100
}
