/**
 * What the page cache's tests share: the headers a hit must repeat, and a fresh app for a describe block
 * with a client on what the server listens with (hits answered before the app).
 */
import { afterAll, beforeAll } from 'vitest'
import { rawClient, type RawClient } from './raw-http.ts'
import { createTestApp, type TestServer } from './server.ts'

export const CHROMIUM = 'gzip, deflate, br, zstd'
export const HIT = 'ashbourne; hit'

/** Headers each answer sets for itself; everything else must be the same on a hit as on the miss. */
const PER_ANSWER = [
  'date',
  'connection',
  'keep-alive',
  'transfer-encoding',
  'content-length',
  'content-encoding',
  'etag',
  'cache-status',
]
export const sharedHeaders = (res: { headers: Record<string, unknown> }) =>
  Object.fromEntries(Object.entries(res.headers).filter(([name]) => !PER_ANSWER.includes(name)))

export const SECURITY_HEADERS = [
  'content-security-policy',
  'cross-origin-opener-policy',
  'referrer-policy',
  'x-content-type-options',
  'x-frame-options',
  'permissions-policy',
]

/** A fresh app for a describe block, and a client on what the server listens with (hits answered before the app). */
export function freshSite(options?: Parameters<typeof createTestApp>[0]) {
  const site = {} as { t: TestServer; http: RawClient }
  beforeAll(async () => {
    site.t = await createTestApp(options)
    site.http = await rawClient(site.t.handler)
  })
  afterAll(async () => {
    await site.http.close()
    await site.t.close()
  })
  return site
}
