/**
 * A .tar.gz written entry by entry, as an attacker would make one: any name, any size, any bytes;
 * an entry of zeros is streamed, so a small file on disk can hold gigabytes once unpacked.
 */
import { createWriteStream } from 'node:fs'
import { pipeline } from 'node:stream/promises'
import { createGzip } from 'node:zlib'
import { Header } from 'tar'

export type CraftedEntry = { path: string } & ({ bytes: Buffer } | { zeros: number })

const BLOCK = 512

async function* tarBlocks(entries: readonly CraftedEntry[]): AsyncGenerator<Buffer> {
  const zeros = Buffer.alloc(1024 * 1024)
  for (const entry of entries) {
    const size = 'bytes' in entry ? entry.bytes.length : entry.zeros
    const header = new Header({ path: entry.path, mode: 0o600, size, mtime: new Date(), type: 'File', uid: 0, gid: 0 })
    const block = Buffer.alloc(BLOCK)
    header.encode(block)
    yield block
    if ('bytes' in entry) yield entry.bytes
    else for (let left = size; left > 0; left -= zeros.length) yield zeros.subarray(0, Math.min(left, zeros.length))
    if (size % BLOCK) yield Buffer.alloc(BLOCK - (size % BLOCK))
  }
  yield Buffer.alloc(2 * BLOCK)
}

export async function craftArchive(file: string, entries: readonly CraftedEntry[]): Promise<void> {
  await pipeline(tarBlocks(entries), createGzip({ level: 1 }), createWriteStream(file))
}
