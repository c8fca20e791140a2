/**
 * A memory cgroup, as systemd's `MemoryMax=` makes one: cgroup v1 (`memory.limit_in_bytes`) or v2
 * (`memory.max`). It needs root and a memory controller; without them it throws a sentence saying so.
 */
import { existsSync } from 'node:fs'
import { mkdir, readFile, rmdir, writeFile } from 'node:fs/promises'
import path from 'node:path'

export type MemoryCgroup = {
  /** Write a pid here to put that process (and what it starts afterwards) inside. */
  procsFile: string
  /** Bytes in use now (anonymous memory and page cache, as the limit counts them). */
  usage: () => Promise<number>
  /** The most bytes used since the cgroup was made or `resetPeak` was called. */
  peak: () => Promise<number>
  /** Starts the peak afresh where the kernel allows it (v1; v2 on Linux 6.12+); false where it does not. */
  resetPeak: () => Promise<boolean>
  /** How many times the kernel's OOM killer ran in it, and how often the limit was hit. */
  pressure: () => Promise<{ oomKills: number; limitHits: number }>
  pids: () => Promise<number[]>
  /** Of the usage, MB: process memory (anonymous) and page cache (files read and written). */
  split: () => Promise<{ processMb: number; cacheMb: number }>
  /** Removes the cgroup; its processes must have exited. */
  remove: () => Promise<void>
}

const V1 = '/sys/fs/cgroup/memory'
const V2_ROOTS = ['/sys/fs/cgroup/unified', '/sys/fs/cgroup']

const read = async (file: string) => (await readFile(file, 'utf8')).trim()
const readNumber = async (file: string) => Number(await read(file))
const field = (text: string, name: string) => Number(new RegExp(`^${name} (\\d+)$`, 'm').exec(text)?.[1] ?? 0)

async function v2Root(): Promise<string | undefined> {
  for (const root of V2_ROOTS) {
    const controllers = await read(path.join(root, 'cgroup.controllers')).catch(() => '')
    if (controllers.split(/\s+/).includes('memory')) return root
  }
  return undefined
}

/** Makes `/…/<name>` limited to `limitBytes`. */
export async function createMemoryCgroup(name: string, limitBytes: number): Promise<MemoryCgroup> {
  const needs =
    'This test needs root and a cgroup memory controller (cgroup v1 at ' +
    '/sys/fs/cgroup/memory, or v2 with "memory" in cgroup.controllers)'
  if (process.getuid?.() !== 0) throw new Error(`${needs}; it runs as uid ${process.getuid?.()}.`)
  const procs = (dir: string) => path.join(dir, 'cgroup.procs')
  const pids = (dir: string) => async () => (await read(procs(dir))).split('\n').filter(Boolean).map(Number)
  if (existsSync(path.join(V1, 'memory.limit_in_bytes'))) {
    const dir = path.join(V1, name)
    await mkdir(dir)
    await writeFile(path.join(dir, 'memory.limit_in_bytes'), String(limitBytes))
    return {
      procsFile: procs(dir),
      usage: () => readNumber(path.join(dir, 'memory.usage_in_bytes')),
      peak: () => readNumber(path.join(dir, 'memory.max_usage_in_bytes')),
      resetPeak: async () => (await writeFile(path.join(dir, 'memory.max_usage_in_bytes'), '0'), true),
      pressure: async () => ({
        oomKills: field(await read(path.join(dir, 'memory.oom_control')), 'oom_kill'),
        limitHits: await readNumber(path.join(dir, 'memory.failcnt')),
      }),
      pids: pids(dir),
      split: async () => {
        const stat = await read(path.join(dir, 'memory.stat'))
        return {
          processMb: Math.round(field(stat, 'total_rss') / 2 ** 20),
          cacheMb: Math.round(field(stat, 'total_cache') / 2 ** 20),
        }
      },
      remove: () => rmdir(dir),
    }
  }
  const root = await v2Root()
  if (!root) throw new Error(`${needs}; neither is available here.`)
  await writeFile(path.join(root, 'cgroup.subtree_control'), '+memory').catch(() => {})
  const dir = path.join(root, name)
  await mkdir(dir)
  await writeFile(path.join(dir, 'memory.max'), String(limitBytes))
  // Without memory.peak (Linux before 5.19) the highest usage seen by sampling stands in for it.
  let sampled = 0
  const sample = setInterval(
    () =>
      void readNumber(path.join(dir, 'memory.current')).then(
        (n) => (sampled = Math.max(sampled, n)),
        () => {},
      ),
    50,
  )
  return {
    procsFile: procs(dir),
    usage: () => readNumber(path.join(dir, 'memory.current')),
    peak: async () => Math.max(sampled, await readNumber(path.join(dir, 'memory.peak')).catch(() => 0)),
    resetPeak: async () => {
      sampled = 0
      return writeFile(path.join(dir, 'memory.peak'), 'reset').then(
        () => true,
        () => false,
      )
    },
    pressure: async () => {
      const events = await read(path.join(dir, 'memory.events'))
      return { oomKills: field(events, 'oom_kill'), limitHits: field(events, 'max') }
    },
    pids: pids(dir),
    split: async () => {
      const stat = await read(path.join(dir, 'memory.stat'))
      return {
        processMb: Math.round(field(stat, 'anon') / 2 ** 20),
        cacheMb: Math.round(field(stat, 'file') / 2 ** 20),
      }
    },
    remove: async () => {
      clearInterval(sample)
      await rmdir(dir)
    },
  }
}
