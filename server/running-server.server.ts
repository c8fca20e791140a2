/**
 * Where the running server's data file is, for the shell's commands: the server, started by systemd
 * with its own DATA_FILE, leaves a record of it; a plain shell in the same folder finds it there.
 * One record per server, in a folder of this user's own under the temporary directory (0700), so
 * no write access to the project's folder is needed; a record counts only while its server holds
 * the file's lock, so one left by a killed server is never believed.
 */
import { lstat, mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { lockHolder } from '../data/lock.server.ts'
import { ROOT } from './config/paths.server.ts'

const DEFAULT_FILE = 'data/db.json'

type Record = { pid: number; root: string; dataFile: string; port?: number; host?: string }

/** A server running from this folder: its data file, and where it listens when it said. */
export type RunningServer = { dataFile: string; port?: number; host?: string }

const recordDir = () => path.join(os.tmpdir(), `ashbourne-leather-${process.getuid?.() ?? 'user'}`)

/** Ours alone: a folder someone else made (or a link) is not trusted, either way. */
async function ownDir(create: boolean): Promise<string | null> {
  const dir = recordDir()
  if (create) await mkdir(dir, { recursive: true, mode: 0o700 }).catch(() => {})
  const info = await lstat(dir).catch(() => null)
  if (!info?.isDirectory() || (process.getuid && info.uid !== process.getuid()) || (info.mode & 0o077) !== 0)
    return null
  return dir
}

/**
 * Leaves the record; the answer removes it (at shutdown). Never stops the server: without it, commands name the file.
 */
export async function recordRunningServer(
  dataFile: string,
  where: { port?: number; host?: string } = {},
): Promise<() => Promise<void>> {
  const dir = await ownDir(true)
  if (!dir) return async () => {}
  const file = path.join(dir, `${process.pid}.json`)
  const record: Record = { pid: process.pid, root: ROOT, dataFile: path.resolve(dataFile), ...where }
  const written = await writeFile(file, `${JSON.stringify(record)}\n`, { mode: 0o600 }).then(
    () => true,
    () => false,
  )
  return async () => {
    if (written) await rm(file, { force: true })
  }
}

/** The servers running from this folder now, by data file. */
export async function runningServers(): Promise<RunningServer[]> {
  const dir = await ownDir(false)
  if (!dir) return []
  const found = new Map<string, RunningServer>()
  for (const name of await readdir(dir).catch(() => [] as string[])) {
    if (!/^\d+\.json$/.test(name)) continue
    let record: Partial<Record>
    try {
      record = JSON.parse(await readFile(path.join(dir, name), 'utf8')) as Partial<Record>
    } catch {
      continue
    }
    if (record.root !== ROOT || typeof record.dataFile !== 'string') continue
    if ((await lockHolder(record.dataFile)) === null) await rm(path.join(dir, name), { force: true })
    else
      found.set(record.dataFile, {
        dataFile: record.dataFile,
        ...(Number.isInteger(record.port) && record.port! > 0 ? { port: record.port } : {}),
        ...(typeof record.host === 'string' ? { host: record.host } : {}),
      })
  }
  return [...found.values()].sort((a, b) => (a.dataFile < b.dataFile ? -1 : a.dataFile > b.dataFile ? 1 : 0))
}

/** The data files of the servers running from this folder now. */
export async function runningDataFiles(): Promise<string[]> {
  return (await runningServers()).map((s) => s.dataFile)
}

/**
 * The data file a shell command reads: the one named (--file, or DATA_FILE), else the running
 * server's, else data/db.json. When it was not named, `say` tells which it is and how to name another.
 */
export async function shopDataFile(named: string | undefined, say: (line: string) => void): Promise<string> {
  if (named?.trim()) return path.resolve(named.trim())
  const running = await runningDataFiles()
  const fallback = path.resolve(DEFAULT_FILE)
  if (running.length === 0) return fallback
  const file = running.includes(fallback) ? fallback : running[0]!
  const others = running.filter((f) => f !== file)
  say(
    `Reading ${file}, the running server's data ` +
      `file${others.length ? ` (servers also run on ${others.join(', ')})` : ''}; ` +
      `DATA_FILE=path/to/db.json names another.\n`,
  )
  return file
}
