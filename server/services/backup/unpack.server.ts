/**
 * Reads a backup archive into a staging folder, checking each file against the manifest as it is read
 * (listed, its size, then its sha256), so no more than a file's listed size is ever written; the first
 * mismatch stops the reading with a sentence naming the problem.
 */
import { createHash } from 'node:crypto'
import { createReadStream, createWriteStream, type WriteStream } from 'node:fs'
import { mkdir, open } from 'node:fs/promises'
import path from 'node:path'
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

type Refuse = (why: string) => ArchiveRefused
type Listed = Manifest['files'][number]

/** Why `p` may not be written under the data folder, or null: only plain relative paths, never `..`, never absolute. */
function pathProblem(p: string): string | null {
  if (p.includes('\0') || p.includes('\\') || p.startsWith('/') || /^[A-Za-z]:/.test(p))
    return `holds ${JSON.stringify(p)}, a path outside the shop's folder`
  const parts = p.replace(/\/$/, '').split('/')
  if (parts.some((s) => s === '' || s === '.' || s === '..'))
    return `holds ${JSON.stringify(p)}, a path outside the shop's folder`
  return null
}

/** Why this entry can never be part of a backup (a path outside, a link, a device), or null. */
function entryProblem(entry: ReadEntry): string | null {
  return (
    pathProblem(entry.path) ??
    (entry.type === 'Directory' || entry.type === 'File' || entry.type === 'OldFile'
      ? null
      : `holds ${JSON.stringify(entry.path)}, a ` +
        `${entry.type === 'Link' || entry.type === 'SymbolicLink' ? 'link' : 'special file'}, ` +
        `where a backup holds only files`)
  )
}

const bytes = (n: number) => `${n.toLocaleString('en-GB')} ${n === 1 ? 'byte' : 'bytes'}`

/** One reading of an archive: the first failure ends it, at once, for every file still being written. */
class Reading {
  failure: Error | null = null
  readonly writes: Promise<void>[] = []
  private readonly open = new Set<{ entry: ReadEntry; out?: WriteStream }>()

  constructor(private readonly stop: () => void) {}

  fail = (err: Error): void => {
    if (this.failure) return
    this.failure = err
    this.stop()
    for (const { entry, out } of this.open) {
      out?.destroy()
      entry.resume()
    }
  }

  /**
   * Writes one listed file under `stage`: never past its listed size, and its last
   * bytes only once the whole file's sha256 is the listed one.
   */
  receive(entry: ReadEntry, listed: Listed, stage: string, refuse: Refuse): void {
    const writing: { entry: ReadEntry; out?: WriteStream } = { entry }
    this.open.add(writing)
    const to = path.join(stage, entry.path)
    const hash = createHash('sha256')
    let size = 0
    const mismatch = () =>
      hash.digest('hex') === listed.sha256
        ? null
        : refuse(`is damaged: ${entry.path} does not match its checksum in ${MANIFEST}`)
    const done = mkdir(path.dirname(to), { recursive: true, mode: 0o700 }).then(
      () =>
        new Promise<void>((resolve) => {
          if (this.failure) return resolve()
          const out = createWriteStream(to, { flags: 'wx', mode: 0o600 })
          writing.out = out
          out.on('close', resolve)
          out.on('error', this.fail)
          entry.on('data', (chunk: Buffer) => {
            if (this.failure) return
            size += chunk.length
            if (size > listed.size)
              return this.fail(refuse(`is damaged: ${entry.path} is longer than its ${MANIFEST} says`))
            hash.update(chunk)
            const wrong = size === listed.size ? mismatch() : null
            if (wrong) return this.fail(wrong)
            if (!out.write(chunk)) {
              entry.pause()
              out.once('drain', () => entry.resume())
            }
          })
          entry.on('end', () => {
            const wrong = !this.failure && listed.size === 0 ? mismatch() : null
            if (wrong) this.fail(wrong)
            out.end()
          })
        }),
      this.fail,
    )
    this.writes.push(done.finally(() => this.open.delete(writing)))
  }
}

/** Reads MANIFEST.json whole (it is small), then `then` checks it before any other entry is read. */
function readManifest(entry: ReadEntry, reading: Reading, refuse: Refuse, then: (manifest: Manifest) => void): void {
  if (entry.size > MAX_MANIFEST_BYTES) {
    entry.resume()
    return reading.fail(refuse(`is not a backup of this shop: its ${MANIFEST} is far larger than any this shop writes`))
  }
  const parts: Buffer[] = []
  entry.on('data', (chunk: Buffer) => parts.push(chunk))
  // The parser reads on only after this entry's end: the manifest is checked before the first file arrives.
  entry.on('end', () => {
    if (reading.failure) return
    try {
      then(checkManifest(parseManifest(Buffer.concat(parts), refuse), refuse))
    } catch (err) {
      reading.fail(err as Error)
    }
  })
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

/**
 * Every file of `archive` under `stage` (which must be empty), each checked as it is read against the
 * manifest, which a backup holds first; returns the manifest.
 */
export async function unpackVerified(archive: string, stage: string): Promise<Manifest> {
  const refuse: Refuse = (why) => new ArchiveRefused(`${archive} ${why}.`)
  if (!(await startsAsGzip(archive)))
    throw refuse('is not a backup of this shop: it is not a gzip-compressed tar archive (.tar.gz)')
  const input = createReadStream(archive)
  let finished = () => {}
  const reading = new Reading(() => {
    input.destroy()
    finished()
  })
  let manifest: Manifest | null = null
  let listed = new Map<string, Listed>()
  let seenManifest = false
  let firstUnchecked: string | null = null
  const received = new Set<string>()
  await new Promise<void>((resolve) => {
    finished = resolve
    const gunzip = createGunzip()
    const parser = new Parser({ strict: true })
    parser.on('entry', (entry: ReadEntry) => {
      if (reading.failure) return entry.resume()
      const problem = entryProblem(entry)
      if (problem) return (entry.resume(), reading.fail(refuse(problem)))
      if (entry.type === 'Directory') return entry.resume()
      if (entry.path === MANIFEST) {
        if (seenManifest) return (entry.resume(), reading.fail(refuse(`holds ${entry.path} twice`)))
        seenManifest = true
        if (firstUnchecked)
          return (
            entry.resume(),
            reading.fail(
              refuse(
                `is not a backup of this shop: its ${MANIFEST} comes after ${firstUnchecked}, ` +
                  `where a backup holds it first`,
              ),
            )
          )
        return readManifest(entry, reading, refuse, (m) => {
          manifest = m
          listed = new Map(m.files.map((f) => [f.path, f]))
        })
      }
      if (!manifest) {
        // Nothing says yet what this file should be: it is read past, never written.
        firstUnchecked ??= entry.path
        return entry.resume()
      }
      if (received.has(entry.path)) return (entry.resume(), reading.fail(refuse(`holds ${entry.path} twice`)))
      received.add(entry.path)
      const expected = listed.get(entry.path)
      if (!expected)
        return (
          entry.resume(),
          reading.fail(
            refuse(
              `holds ${entry.path}, which its ${MANIFEST} does not list: it was changed after the backup was taken`,
            ),
          )
        )
      if (entry.size !== expected.size)
        return (
          entry.resume(),
          reading.fail(
            refuse(
              `is damaged: ${entry.path} holds ${bytes(entry.size)} where its ${MANIFEST} ` +
                `lists ${bytes(expected.size)}`,
            ),
          )
        )
      reading.receive(entry, expected, stage, refuse)
    })
    parser.on('error', (err: Error) => reading.fail(refuse(`is damaged: its tar structure is broken (${err.message})`)))
    parser.on('end', () => resolve())
    gunzip.on('error', (err: Error) => {
      const why = /unexpected end/i.test(err.message)
        ? 'it ends early, as a copy cut short does'
        : `its compressed data is broken (${err.message})`
      reading.fail(refuse(`is damaged: ${why}`))
    })
    input.on('error', (err: Error) => reading.fail(refuse(`cannot be read (${err.message})`)))
    input.pipe(gunzip).pipe(parser)
  })
  await Promise.allSettled(reading.writes)
  if (reading.failure) throw reading.failure
  if (!manifest) throw refuse(`is not a backup of this shop: it holds no ${MANIFEST}`)
  for (const p of listed.keys())
    if (!received.has(p)) throw refuse(`is damaged: ${p} is listed in its ${MANIFEST} but missing from the archive`)
  return manifest
}

function parseManifest(bytes: Buffer, refuse: Refuse): Manifest {
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

/** Only plain paths, each once, only the shop's own names, and the data file among them. */
function checkManifest(manifest: Manifest, refuse: Refuse): Manifest {
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
  }
  if (!listed.has(manifest.dataFile)) throw refuse(`is damaged: it holds no data file (${manifest.dataFile})`)
  return manifest
}
