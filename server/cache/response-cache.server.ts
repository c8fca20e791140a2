import type { IncomingMessage, ServerResponse } from 'node:http'
import { cacheTarget, requestOrigin, type CacheTarget, type TrustProxy } from './cache-target.server.ts'
import { sitePath } from '../http/request-target.server.ts'
import { SegmentedCache } from './segmented-cache.server.ts'
import { CACHE_STATUS_MISS, keptAnswer, variantFor, type Entry } from './kept-answer.server.ts'

/**
 * Shared answers kept with their headers and compressed once, off the event
 * loop: see docs/decisions.md (The response cache) for what may be kept and why.
 */

const KEPT_STATUSES = new Set([200, 404])
/** Room for a catalogue of several hundred products, each page kept in three codings (~80 kB). */
const MAX_BYTES = 32 * 1024 * 1024
/** What a slot holds besides its bodies (key, headers, bookkeeping), roughly. */
const SLOT_OVERHEAD = 2048
/** nginx's `proxy_cache_lock_timeout`: a render takes milliseconds, so only a stuck one is waited out. */
const FILL_WAIT_MS = 3000

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
  /** Addresses whose answers are never kept, however they are marked (the owner's: owner-paths.server.ts). */
  neverKept?: (path: string) => boolean
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

  /**
   * The compression middleware compresses the first answer on
   * the way out; the kept variants are made after it has gone.
   */
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
    if (this.options.neverKept?.(sitePath(req))) return
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

  /** Resized once its compressed variants are in. */
  private newEntry(key: string, res: ServerResponse, body: Buffer): Entry {
    return keptAnswer(res, body, (entry) => this.entries.resize(key, entry))
  }

  /** The variant the request accepts best (HTTP's rules, brotli before gzip on a tie); 304 on a matching ETag. */
  send(req: IncomingMessage, res: ServerResponse, entry: Entry, asKey?: string): void {
    if (entry.compressing) {
      void entry.compressing.then(() => this.send(req, res, entry, asKey))
      return
    }
    const chosen = variantFor(entry, req.headers['accept-encoding'], asKey)
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

/** If-None-Match holds this ETag (compared weakly, as HTTP requires for this header) or `*`. */
function matchesIfNoneMatch(header: string | undefined, etag: string): boolean {
  if (!header) return false
  if (header === etag) return true
  return header.split(',').some((tag) => {
    const t = tag.trim()
    return t === '*' || (t.startsWith('W/') ? t.slice(2) : t) === etag
  })
}
