// Every file the server writes goes to disk this one way: a crash leaves the old file or the new one, never half of either.
import { randomBytes } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { promisify } from 'node:util'
import { syncFolder } from './fsync.server.ts'

/** Every file the store writes beside the data file is the owner's alone: enquiries hold visitors' details. */
export const PRIVATE_MODE = 0o600
/** Photographs are served to everyone: written as any new file is, the umask deciding who may read them. */
export const PUBLIC_MODE = 0o666

/** Bytes as written: the parts of a file, in order (a write hands them to the disk without joining them on the event loop). */
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

/** Writes `bytes` to a temporary file, fsync'd, renamed over `file`, then flushes the folder: a crash leaves the old file or the new one. `onWritten` gets the new file's inode. */
export async function writeDurably(
  file: string,
  bytes: FileBytes | Buffer | string,
  { mode = PRIVATE_MODE, onWritten }: { mode?: number; onWritten?: (ino: bigint) => void } = {},
): Promise<void> {
  const parts = typeof bytes === 'string' ? [Buffer.from(bytes, 'utf8')] : Buffer.isBuffer(bytes) ? [bytes] : bytes
  // A server restarted in a container may get the pid of the one killed mid-write: its temporary file is overwritten, never refused.
  const tmp = `${file}.${process.pid}.${++temporaryFiles}.${randomBytes(4).toString('hex')}.tmp`
  // Through the `fs` object at each call, so test/reliability/durability.slow.test.ts can watch the calls.
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
    await promisify(fs.rename)(tmp, file)
  } catch (err) {
    await promisify(fs.unlink)(tmp).catch(() => {})
    throw err
  }
  await syncFolder(path.dirname(file))
}
