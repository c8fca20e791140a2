// How the server's files reach the disk, so a crash never leaves half of one where it is read: whole files
// (the data file, dated files, snapshots, statistics, photographs) through writeDurably; the two that only
// grow, the enquiry journal and the catalogue history, through appendDurably, as rewriting them would cost
// their whole size at each change. Copies of files (backups, the copy kept during a start-up move) are
// made and flushed their own way, as they need not pass through memory; the form key, the running-server
// record and the cached social images are written plainly, since each is made again when lost.
import { randomBytes } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { promisify } from 'node:util'
import { syncFolder } from './fsync.server.ts'

/**
 * Every file the server writes beside the data file, photographs
 * aside, is the owner's alone: enquiries hold visitors' details.
 */
export const PRIVATE_MODE = 0o600
/** Photographs are served to everyone: written as any new file is, the umask deciding who may read them. */
export const PUBLIC_MODE = 0o666

/**
 * Bytes as written: the parts of a file, in order (a write hands
 * them to the disk without joining them on the event loop).
 */
export type FileBytes = readonly Buffer[]

export const byteLength = (bytes: FileBytes) => bytes.reduce((n, b) => n + b.length, 0)

/** Whether `file` holds exactly `bytes`. */
export function sameBytes(bytes: FileBytes, file: Buffer): boolean {
  if (byteLength(bytes) !== file.length) return false
  let at = 0
  for (const part of bytes) {
    if (!part.equals(file.subarray(at, at + part.length))) return false
    at += part.length
  }
  return true
}

let temporaryFiles = 0

const partsOf = (bytes: FileBytes | Buffer | string): FileBytes =>
  typeof bytes === 'string' ? [Buffer.from(bytes, 'utf8')] : Buffer.isBuffer(bytes) ? [bytes] : bytes

/**
 * Writes `bytes` to a temporary file, fsync'd, renamed over `file`, then flushes the folder:
 * a crash leaves the old file or the new one. `onWritten` gets the new file's inode.
 * With `keepExisting` it is linked into place instead, failing (EEXIST) when
 * `file` is there: never over another file, even one written meanwhile.
 */
export async function writeDurably(
  file: string,
  bytes: FileBytes | Buffer | string,
  {
    mode = PRIVATE_MODE,
    onWritten,
    keepExisting = false,
  }: { mode?: number; onWritten?: (ino: bigint) => void; keepExisting?: boolean } = {},
): Promise<void> {
  const parts = partsOf(bytes)
  // A server restarted in a container may get the pid of the one killed
  // mid-write: its temporary file is overwritten, never refused.
  const tmp = `${file}.${process.pid}.${++temporaryFiles}.${randomBytes(4).toString('hex')}.tmp`
  // Through the `fs` object at each call, so tests can watch the calls (test/reliability/durability.slow.test.ts).
  const fd = await promisify(fs.open)(tmp, 'w', mode)
  try {
    try {
      const { bytesWritten: written } = await promisify(fs.writev)(fd, parts)
      if (written !== byteLength(parts)) throw new Error(`wrote ${written} of ${byteLength(parts)} bytes to ${tmp}`)
      await promisify(fs.fsync)(fd)
      onWritten?.((await promisify(fs.fstat)(fd, { bigint: true })).ino)
    } finally {
      await promisify(fs.close)(fd)
    }
    if (keepExisting) await promisify(fs.link)(tmp, file)
    else await promisify(fs.rename)(tmp, file)
  } catch (err) {
    await promisify(fs.unlink)(tmp).catch(() => {})
    throw err
  }
  // Linked, the file is in place whole: a temporary name left by a crash here is never read.
  if (keepExisting) await promisify(fs.unlink)(tmp).catch(() => {})
  await syncFolder(path.dirname(file))
}

/**
 * Appends `bytes` to `file` and flushes it, and the folder when it
 * made the file: a crash can leave only the last line cut short.
 */
export async function appendDurably(
  file: string,
  bytes: FileBytes | Buffer | string,
  mode = PRIVATE_MODE,
): Promise<void> {
  const parts = partsOf(bytes)
  const fd = await promisify(fs.open)(file, 'a', mode)
  let created: boolean
  try {
    created = (await promisify(fs.fstat)(fd)).size === 0
    const { bytesWritten: written } = await promisify(fs.writev)(fd, parts)
    if (written !== byteLength(parts)) throw new Error(`appended ${written} of ${byteLength(parts)} bytes to ${file}`)
    await promisify(fs.fsync)(fd)
  } finally {
    await promisify(fs.close)(fd)
  }
  if (created) await syncFolder(path.dirname(file))
}
