import { createHash } from 'node:crypto'
import type { IncomingMessage, ServerResponse } from 'node:http'
import { promisify } from 'node:util'
import { brotliCompress, constants as zlib, gzip } from 'node:zlib'
import Negotiator from 'negotiator'
import { cacheTarget, requestOrigin, unescapeUnreserved, type CacheTarget, type TrustProxy } from './cache-keys.server.ts'
import { isOwnerPath, requestPath } from './route-path.server.ts'
import { SegmentedCache } from './segmented-cache.server.ts'

/** Shared answers kept with their headers and compressed once, off the event loop: see docs/decisions.md (The response cache) for what may be kept and why. */
export type Encoding = 'br' | 'gzip' | 'identity'

/** The codings we keep, best first: used when a browser accepts several equally (most do). */
const CODINGS: Encoding[] = ['br', 'gzip', 'identity']
const ETAG_SUFFIX: Record<Encoding, string> = { br: '-br', gzip: '-gz', identity: '' }

/** Header names and values, one after the other, as `writeHead` takes them without building an object. */
type HeaderList = (string | number | readonly string[])[]

type Variant = { body: Buffer; etag: string; head: HeaderList; notModified: HeaderList }

export type Entry = {
  status: number
  variants: Partial<Record<Encoding, Variant>> & { identity: Variant }
  /** Set until the compressed variants exist. */
  compressing: Promise<void> | undefined
}

/** Reported to clients in the standard Cache-Status header (RFC 9211), so a hit can be told from a miss. */
const CACHE_NAME = 'ashbourne'
export const CACHE_STATUS_HIT = `${CACHE_NAME}; hit`
const CACHE_STATUS_MISS = `${CACHE_NAME}; fwd=uri-miss`

/** Set per answer by us, never copied from the first answer. */
const OWN_HEADERS = new Set(['content-length', 'content-encoding', 'transfer-encoding', 'etag', 'vary', 'date', 'connection', 'keep-alive', 'cache-status'])
/** Representation metadata a 304 leaves out (the browser keeps its copy's). */
const NOT_IN_304 = new Set(['content-type', 'content-length', 'content-encoding'])

const KEPT_STATUSES = new Set([200, 404])
/** Room for a catalogue of several hundred products, each page kept in three codings (~80 kB). */
const MAX_BYTES = 32 * 1024 * 1024
/** What a slot holds besides its bodies (key, headers, bookkeeping), roughly. */
const SLOT_OVERHEAD = 2048
/** nginx's `proxy_cache_lock_timeout`: a render takes milliseconds, so only a stuck one is waited out. */
const FILL_WAIT_MS = 3000

const brotli = promisify(brotliCompress)
const gzipped = promisify(gzip)

/** Responses answered from the cache: the compression middleware leaves them alone. */
const servedFromCache = new WeakSet<ServerResponse>()
export const isServedFromCache = (res: ServerResponse) => servedFromCache.has(res)

export type ResponseCacheOptions = {
  /** The data's version: an entry made at another version is never served. */
  version: () => number
  /** SITE_URL; without it the request's own origin is part of each key (absolute links differ). */
  siteUrl: string | undefined
  /** Express's compiled `trust proxy` setting, to read the origin as Express does. */
  trustProxy: TrustProxy
  /** Off in development, where every edit must show. */
  enabled?: boolean
  maxBytes?: number
  fillWaitMs?: number
}

export class ResponseCache {
  private readonly entries: SegmentedCache<Slot>
  private readonly filling = new Map<string, Promise<void>>()
  private entriesVersion: number
  readonly enabled: boolean
  private readonly fillWaitMs: number

  constructor(private readonly options: ResponseCacheOptions) {
    this.enabled = options.enabled ?? true
    this.entries = new SegmentedCache({ maxBytes: options.maxBytes ?? MAX_BYTES, sizeOf: slotSize })
    this.fillWaitMs = options.fillWaitMs ?? FILL_WAIT_MS
    this.entriesVersion = options.version()
  }

  /** The data version now (entries are made for one version). */
  version(): number {
    return this.options.version()
  }

  /** Where a request's answer is kept (Express routers rewrite `url`, so `originalUrl` first). */
  targetFor(req: IncomingMessage & { originalUrl?: string }): CacheTarget | undefined {
    if (!this.enabled) return undefined
    const origin = requestOrigin(req, this.options.siteUrl, this.options.trustProxy)
    return origin === undefined ? undefined : cacheTarget(req.originalUrl ?? req.url ?? '', origin)
  }

  /** For an address spelled with escapes of plain characters: the target of its plain spelling, if it has one. */
  plainTargetFor(req: IncomingMessage & { originalUrl?: string }): CacheTarget | undefined {
    if (!this.enabled) return undefined
    const url = req.originalUrl ?? req.url ?? ''
    const plain = unescapeUnreserved(url)
    const origin = plain === url ? undefined : requestOrigin(req, this.options.siteUrl, this.options.trustProxy)
    return origin === undefined ? undefined : cacheTarget(plain, origin)
  }

  /** The compression middleware compresses the first answer on the way out; the kept variants are made after it has gone. */
  sendShared(req: IncomingMessage, res: ServerResponse, makeBody: () => Buffer): void {
    const target = this.targetFor(req)
    const hit = target && this.get(target.key)
    if (hit) return this.send(req, res, hit)
    const version = this.version()
    const body = makeBody()
    if (target) {
      markMiss(res)
      res.once('finish', () => this.keep(target, req, res, body, version))
    }
    res.end(body)
  }

  /** The current entry for a key, if any. */
  get(key: string): Entry | undefined {
    if (!this.isCurrent()) return undefined
    const slot = this.entries.get(key)
    return slot && 'sameAs' in slot ? (this.entries.get(slot.sameAs) as Entry | undefined) : slot
  }

  /** When the data changes, every entry is out of date at once: all go. */
  private isCurrent(): boolean {
    const version = this.options.version()
    if (version === this.entriesVersion) return true
    this.entries.clear()
    this.entriesVersion = version
    return false
  }

  /** Call the returned function once that answer is kept or turned out not to be keepable. */
  startFilling(key: string): () => void {
    let resolve!: () => void
    const filled = new Promise<void>((r) => (resolve = r))
    this.filling.set(key, filled)
    return () => {
      if (this.filling.get(key) === filled) this.filling.delete(key)
      resolve()
    }
  }

  /** Settles once the answer being made for `key` is kept (or not keepable), or after the wait's deadline. */
  whenFilled(key: string): Promise<void> | undefined {
    const filled = this.filling.get(key)
    if (!filled) return undefined
    let timer: NodeJS.Timeout | undefined
    const deadline = new Promise<void>((resolve) => (timer = setTimeout(resolve, this.fillWaitMs)))
    return Promise.race([filled, deadline]).finally(() => clearTimeout(timer))
  }

  /** Call once the answer has been sent: its headers are final then. */
  keep(target: CacheTarget, req: IncomingMessage, res: ServerResponse, body: Buffer, version: number): void {
    if (!this.enabled || version !== this.version() || !isStorable(req, res)) return
    // Owner answers are private anyway; this holds even if one forgot to say so.
    if (isOwnerPath(requestPath((req as { originalUrl?: string }).originalUrl ?? req.url ?? ''))) return
    this.isCurrent()
    if (this.entries.has(target.key)) return
    if (res.statusCode !== 404) return this.entries.add(target.key, this.newEntry(target.key, res, body))
    // Every page 404 of an origin is the same page: kept once, each address a small pointer to it.
    const shared = notFoundKey(target.origin)
    if (!this.entries.has(shared)) this.entries.add(shared, this.newEntry(shared, res, body))
    this.entries.add(target.key, { sameAs: shared })
  }

  /** The page 404 that every address of `origin` showing it shares, once one has been kept. */
  notFoundPage(origin: string): Entry | undefined {
    return this.get(notFoundKey(origin))
  }

  private newEntry(key: string, res: ServerResponse, body: Buffer): Entry {
    const captured = capturedHeaders(res)
    const hash = createHash('sha1').update(body).digest('base64url')
    const entry: Entry = { status: res.statusCode, variants: { identity: variant(captured, 'identity', body, hash) }, compressing: undefined }
    entry.compressing = compress(body).then(
      ({ br, gzip }) => {
        if (br) entry.variants.br = variant(captured, 'br', br, hash)
        if (gzip) entry.variants.gzip = variant(captured, 'gzip', gzip, hash)
        entry.compressing = undefined
        this.entries.resize(key, entry)
      },
      () => {
        entry.compressing = undefined // identity only, which every client accepts
      },
    )
    return entry
  }

  /** Accept-Encoding as HTTP defines it (q-values, `*`, `identity`), brotli before gzip on a tie; 304 on a matching ETag. */
  send(req: IncomingMessage, res: ServerResponse, entry: Entry, asKey?: string): void {
    if (entry.compressing) {
      void entry.compressing.then(() => this.send(req, res, entry, asKey))
      return
    }
    const chosen = asKey === undefined ? choose(entry, req.headers['accept-encoding']) : underKey(choose(entry, req.headers['accept-encoding']), asKey)
    servedFromCache.add(res)
    if (entry.status === 200 && matchesIfNoneMatch(req.headers['if-none-match'], chosen.etag)) {
      res.writeHead(304, chosen.notModified as never)
      res.end()
      return
    }
    res.writeHead(entry.status, chosen.head as never)
    if (req.method === 'HEAD') res.end()
    else res.end(chosen.body)
  }
}

const notFoundKey = (origin: string) => `${origin} 404`

/** A variant sent for another spelling of its address: Cache-Status names the key it came from (RFC 9211's `key`). */
function underKey(v: Variant, key: string): Variant {
  const status = `${CACHE_STATUS_HIT}; key=${JSON.stringify(key)}`
  const swap = (list: HeaderList) => list.map((value, i) => (i > 0 && list[i - 1] === 'cache-status' ? status : value))
  return { ...v, head: swap(v.head), notModified: swap(v.notModified) }
}

/** What the cache holds under a key: an entry, or (for a page 404) the key of the entry it shares. */
type Slot = Entry | { sameAs: string }

function slotSize(slot: Slot): number {
  if ('sameAs' in slot) return SLOT_OVERHEAD
  let bytes = SLOT_OVERHEAD
  for (const v of Object.values(slot.variants)) bytes += v.body.length
  return bytes
}

/** Marks an answer that could be kept but was not in the cache (set before it is sent). */
export function markMiss(res: ServerResponse): void {
  res.setHeader('Cache-Status', CACHE_STATUS_MISS)
}

function isStorable(req: IncomingMessage, res: ServerResponse): boolean {
  if (!KEPT_STATUSES.has(res.statusCode) || req.headers.authorization !== undefined) return false
  if (res.hasHeader('set-cookie')) return false
  if (/(^|[\s,])(private|no-store)\b/i.test(String(res.getHeader('cache-control') ?? ''))) return false
  const vary = String(res.getHeader('vary') ?? '')
  return vary.split(',').every((name) => name.trim() === '' || name.trim().toLowerCase() === 'accept-encoding')
}

/** The first answer's headers (names in lower case), minus those each answer from here sets itself. */
function capturedHeaders(res: ServerResponse): HeaderList {
  const out: HeaderList = []
  for (const name of res.getHeaderNames()) {
    if (OWN_HEADERS.has(name)) continue
    const value = res.getHeader(name)
    if (value !== undefined) out.push(name, value)
  }
  return out
}

function variant(captured: HeaderList, encoding: Encoding, body: Buffer, hash: string): Variant {
  const etag = `"${hash}${ETAG_SUFFIX[encoding]}"`
  const own: HeaderList = ['vary', 'Accept-Encoding', 'etag', etag, 'cache-status', CACHE_STATUS_HIT]
  const head: HeaderList = [...captured, ...own, 'content-length', body.length]
  if (encoding !== 'identity') head.push('content-encoding', encoding)
  const notModified: HeaderList = []
  for (let i = 0; i < captured.length; i += 2) {
    if (!NOT_IN_304.has(captured[i] as string)) notModified.push(captured[i]!, captured[i + 1]!)
  }
  notModified.push(...own)
  return { body, etag, head, notModified }
}

/** Brotli at quality 11 and gzip at level 9, each kept only when smaller than the original. */
async function compress(body: Buffer): Promise<{ br?: Buffer; gzip?: Buffer }> {
  const [br, gz] = await Promise.all([
    brotli(body, { params: { [zlib.BROTLI_PARAM_QUALITY]: zlib.BROTLI_MAX_QUALITY, [zlib.BROTLI_PARAM_SIZE_HINT]: body.length } }),
    gzipped(body, { level: zlib.Z_BEST_COMPRESSION }),
  ])
  return { br: br.length < body.length ? br : undefined, gzip: gz.length < body.length ? gz : undefined }
}

/** Browsers send a handful of distinct Accept-Encoding values: each is negotiated once. */
const preferences = new Map<string, Encoding[]>()

/** The codings a request accepts, best first (negotiator applies HTTP's rules). */
export function preferredEncodings(acceptEncoding: string | undefined): Encoding[] {
  const header = acceptEncoding ?? ''
  let order = preferences.get(header)
  if (!order) {
    const negotiator = new Negotiator({ headers: { 'accept-encoding': header } }) as unknown as {
      // The `preferred` option (ties between equally accepted codings) is documented, not yet typed.
      encodings(available: readonly string[], options: { preferred: readonly string[] }): string[]
    }
    order = negotiator.encodings(CODINGS, { preferred: CODINGS }) as Encoding[]
    if (preferences.size >= 100) preferences.clear() // the header is the client's to choose: bounded
    preferences.set(header, order)
  }
  return order
}

function choose(entry: Entry, acceptEncoding: string | undefined): Variant {
  for (const encoding of preferredEncodings(acceptEncoding)) {
    const found = entry.variants[encoding]
    if (found) return found
  }
  // Nothing acceptable (identity refused too): the original, which every client can read.
  return entry.variants.identity
}

/** If-None-Match holds this ETag (compared weakly, as HTTP requires for this header) or `*`. */
export function matchesIfNoneMatch(header: string | undefined, etag: string): boolean {
  if (!header) return false
  if (header === etag) return true
  return header.split(',').some((tag) => {
    const t = tag.trim()
    return t === '*' || (t.startsWith('W/') ? t.slice(2) : t) === etag
  })
}
