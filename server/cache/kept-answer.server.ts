import { createHash } from 'node:crypto'
import type { ServerResponse } from 'node:http'
import { promisify } from 'node:util'
import { brotliCompress, constants as zlib, gzip } from 'node:zlib'
import { preferredEncodings, type Encoding } from '../http/accept-encoding.server.ts'

const ETAG_SUFFIX: Record<Encoding, string> = { br: '-br', gzip: '-gz', identity: '' }

/** Header names and values, one after the other, as `writeHead` takes them without building an object. */
type HeaderList = (string | number | readonly string[])[]

type Variant = { body: Buffer; etag: string; head: HeaderList; notModified: HeaderList }

/** An answer as the page cache keeps it: the first answer's headers, its body in each coding that is smaller. */
export type Entry = {
  status: number
  variants: Partial<Record<Encoding, Variant>> & { identity: Variant }
  /** Set until the compressed variants exist. */
  compressing: Promise<void> | undefined
}

/** Reported to clients in the standard Cache-Status header (RFC 9211), so a hit can be told from a miss. */
const CACHE_NAME = 'ashbourne'
export const CACHE_STATUS_HIT = `${CACHE_NAME}; hit`
export const CACHE_STATUS_MISS = `${CACHE_NAME}; fwd=uri-miss`

/** Set per answer by us, never copied from the first answer. */
const OWN_HEADERS = new Set([
  'content-length',
  'content-encoding',
  'transfer-encoding',
  'etag',
  'vary',
  'date',
  'connection',
  'keep-alive',
  'cache-status',
])
/** Representation metadata a 304 leaves out (the browser keeps its copy's). */
const NOT_IN_304 = new Set(['content-type', 'content-length', 'content-encoding'])

const brotli = promisify(brotliCompress)
const gzipped = promisify(gzip)

/**
 * Call once the answer has been sent (its headers are final);
 * `compressed` runs once the brotli and gzip variants are in.
 */
export function keptAnswer(res: ServerResponse, body: Buffer, compressed: (entry: Entry) => void): Entry {
  const captured = capturedHeaders(res)
  const hash = createHash('sha1').update(body).digest('base64url')
  const entry: Entry = {
    status: res.statusCode,
    variants: { identity: variant(captured, 'identity', body, hash) },
    compressing: undefined,
  }
  entry.compressing = compress(body).then(
    ({ br, gzip }) => {
      if (br) entry.variants.br = variant(captured, 'br', br, hash)
      if (gzip) entry.variants.gzip = variant(captured, 'gzip', gzip, hash)
      entry.compressing = undefined
      compressed(entry)
    },
    () => {
      entry.compressing = undefined // identity only, which every client accepts
    },
  )
  return entry
}

/**
 * The variant for a request's Accept-Encoding (brotli before gzip on
 * a tie); `asKey` when it answers another spelling of its address.
 */
export function variantFor(entry: Entry, acceptEncoding: string | undefined, asKey?: string): Variant {
  const chosen = choose(entry, acceptEncoding)
  return asKey === undefined ? chosen : underKey(chosen, asKey)
}

function choose(entry: Entry, acceptEncoding: string | undefined): Variant {
  for (const encoding of preferredEncodings(acceptEncoding)) {
    const found = entry.variants[encoding]
    if (found) return found
  }
  // Nothing acceptable (identity refused too): the original, which every client can read.
  return entry.variants.identity
}

/** A variant sent for another spelling of its address: Cache-Status names the key it came from (RFC 9211's `key`). */
function underKey(v: Variant, key: string): Variant {
  const status = `${CACHE_STATUS_HIT}; key=${JSON.stringify(key)}`
  const swap = (list: HeaderList) => list.map((value, i) => (i > 0 && list[i - 1] === 'cache-status' ? status : value))
  return { ...v, head: swap(v.head), notModified: swap(v.notModified) }
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
    brotli(body, {
      params: { [zlib.BROTLI_PARAM_QUALITY]: zlib.BROTLI_MAX_QUALITY, [zlib.BROTLI_PARAM_SIZE_HINT]: body.length },
    }),
    gzipped(body, { level: zlib.Z_BEST_COMPRESSION }),
  ])
  return { br: br.length < body.length ? br : undefined, gzip: gz.length < body.length ? gz : undefined }
}
