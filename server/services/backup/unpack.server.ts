/**
 * Reads a backup archive into a staging folder, refusing it, with a
 * sentence naming the problem, unless every file is as its manifest says.
 */
import { createHash } from 'node:crypto'
import { createReadStream, createWriteStream } from 'node:fs'
import { mkdir, open } from 'node:fs/promises'
import path from 'node:path'
import { pipeline } from 'node:stream/promises'
import { createGunzip } from 'node:zlib'
import { Parser, type ReadEntry } from 'tar'
import * as v from 'valibot'
import { MANIFEST, ManifestSchema, type Manifest } from './archive.server.ts'
import { isShopName } from './shop-files.server.ts'

/** The archive cannot be restored; the message says why, for the owner. */
export class ArchiveRefused extends Error {
  override name = 'ArchiveRefused'
}

const MAX_MANIFEST_BYTES = 64 * 1024 * 1024

/** Why `p` may not be written under the data folder, or null: only plain relative paths, never `..`, never absolute. */
function pathProblem(p: string): string | null {
  if (p.includes('\0') || p.includes('\\') || p.startsWith('/') || /^[A-Za-z]:/.test(p))
    return `holds ${JSON.stringify(p)}, a path outside the shop's folder`
  const parts = p.replace(/\/$/, '').split('/')
  if (parts.some((s) => s === '' || s === '.' || s === '..'))
    return `holds ${JSON.stringify(p)}, a path outside the shop's folder`
  return null
}

type Received = Map<string, { size: number; sha256: string }>

/** Writes one file of the archive under `stage`, hashing it as it goes. */
async function receive(entry: ReadEntry, stage: string, received: Received): Promise<void> {
  const to = path.join(stage, entry.path)
  await mkdir(path.dirname(to), { recursive: true, mode: 0o700 })
  const hash = createHash('sha256')
  let size = 0
  await pipeline(
    entry,
    async function* (chunks: AsyncIterable<Buffer>) {
      for await (const chunk of chunks) {
        hash.update(chunk)
        size += chunk.length
        yield chunk
      }
    },
    createWriteStream(to, { flags: 'wx', mode: 0o600 }),
  )
  received.set(entry.path, { size, sha256: hash.digest('hex') })
}

async function startsAsGzip(archive: string): Promise<boolean> {
  const fd = await open(archive, 'r').catch((err: NodeJS.ErrnoException) => {
    throw new ArchiveRefused(
      err.code === 'ENOENT' ? `There is no file at ${archive}.` : `Cannot read ${archive}: ${err.message}`,
    )
  })
  try {
    const { buffer, bytesRead } = await fd.read(Buffer.alloc(2), 0, 2, 0)
    return bytesRead === 2 && buffer[0] === 0x1f && buffer[1] === 0x8b
  } finally {
    await fd.close()
  }
}

/** Every file of `archive` under `stage` (which must be empty), checked against its manifest; returns the manifest. */
export async function unpackVerified(archive: string, stage: string): Promise<Manifest> {
  const refuse = (why: string) => new ArchiveRefused(`${archive} ${why}.`)
  if (!(await startsAsGzip(archive)))
    throw refuse('is not a backup of this shop: it is not a gzip-compressed tar archive (.tar.gz)')
  const received: Received = new Map()
  const writes: Promise<void>[] = []
  const reading = new Set<ReadEntry>()
  let manifestBytes: Buffer[] | null = null
  const parsed = new Promise<void>((resolve, reject) => {
    const input = createReadStream(archive)
    const gunzip = createGunzip()
    const parser = new Parser({ strict: true })
    let failed = false
    const fail = (err: Error) => {
      if (failed) return
      failed = true
      input.destroy()
      for (const entry of reading) entry.destroy() // no file is still being written once this is refused
      reject(err)
    }
    parser.on('entry', (entry: ReadEntry) => {
      if (failed) return entry.resume()
      const problem =
        pathProblem(entry.path) ??
        (entry.type === 'Directory' || entry.type === 'File' || entry.type === 'OldFile'
          ? null
          : `holds ${JSON.stringify(entry.path)}, a ` +
            `${entry.type === 'Link' || entry.type === 'SymbolicLink' ? 'link' : 'special file'}, ` +
            `where a backup holds only files`)
      if (problem) return (entry.resume(), fail(refuse(problem)))
      if (entry.type === 'Directory') return entry.resume()
      if (received.has(entry.path) || (entry.path === MANIFEST && manifestBytes))
        return (entry.resume(), fail(refuse(`holds ${entry.path} twice`)))
      if (entry.path === MANIFEST) {
        const bytes: Buffer[] = (manifestBytes = [])
        let size = 0
        entry.on('data', (chunk: Buffer) => {
          size += chunk.length
          if (size > MAX_MANIFEST_BYTES)
            fail(refuse(`is not a backup of this shop: its ${MANIFEST} is far larger than any this shop writes`))
          else bytes.push(chunk)
        })
        return
      }
      received.set(entry.path, { size: -1, sha256: '' })
      reading.add(entry)
      writes.push(
        receive(entry, stage, received)
          .catch(fail)
          .finally(() => reading.delete(entry)),
      )
    })
    parser.on('error', (err: Error) => fail(refuse(`is damaged: its tar structure is broken (${err.message})`)))
    parser.on('end', () => resolve())
    gunzip.on('error', (err: Error) => {
      const why = /unexpected end/i.test(err.message)
        ? 'it ends early, as a copy cut short does'
        : `its compressed data is broken (${err.message})`
      fail(refuse(`is damaged: ${why}`))
    })
    input.on('error', (err: Error) => fail(refuse(`cannot be read (${err.message})`)))
    input.pipe(gunzip).pipe(parser)
  })
  try {
    await parsed
  } finally {
    await Promise.allSettled(writes)
  }
  if (!manifestBytes) throw refuse(`is not a backup of this shop: it holds no ${MANIFEST}`)
  const manifest = parseManifest(Buffer.concat(manifestBytes as Buffer[]), refuse)
  checkAgainst(manifest, received, refuse)
  return manifest
}

function parseManifest(bytes: Buffer, refuse: (why: string) => ArchiveRefused): Manifest {
  let json: unknown
  try {
    json = JSON.parse(bytes.toString('utf8'))
  } catch {
    throw refuse(`is damaged: its ${MANIFEST} is not readable JSON`)
  }
  const parsed = v.safeParse(ManifestSchema, json)
  if (!parsed.success)
    throw refuse(
      `is not a backup of this shop: its ${MANIFEST} is not one this shop ` +
        `writes (${v.getDotPath(parsed.issues[0]) ?? 'its top'}: ` +
        `${parsed.issues[0].message})`,
    )
  return parsed.output
}

/** Each listed file present, whole and unchanged; nothing unlisted; only the shop's own names. */
function checkAgainst(manifest: Manifest, received: Received, refuse: (why: string) => ArchiveRefused): void {
  const listed = new Set<string>()
  for (const f of manifest.files) {
    const problem = pathProblem(f.path)
    if (problem) throw refuse(`${problem} (in its ${MANIFEST})`)
    if (!isShopName(manifest.dataFile, f.path.split('/')[0]!))
      throw refuse(
        `lists ${f.path} in its ${MANIFEST}, which is not a file of a shop whose data file is ${manifest.dataFile}`,
      )
    if (listed.has(f.path)) throw refuse(`lists ${f.path} twice in its ${MANIFEST}`)
    listed.add(f.path)
    const got = received.get(f.path)
    if (!got) throw refuse(`is damaged: ${f.path} is listed in its ${MANIFEST} but missing from the archive`)
    if (got.size !== f.size || got.sha256 !== f.sha256)
      throw refuse(`is damaged: ${f.path} does not match its checksum in ${MANIFEST}`)
  }
  if (!listed.has(manifest.dataFile)) throw refuse(`is damaged: it holds no data file (${manifest.dataFile})`)
  for (const p of received.keys())
    if (!listed.has(p))
      throw refuse(`holds ${p}, which its ${MANIFEST} does not list: it was changed after the backup was taken`)
}
