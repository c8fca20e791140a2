import type { IncomingMessage, ServerResponse } from 'node:http'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { answerCacheHitsFirst } from '../../server/cache/cache-hits.server.ts'
import { ResponseCache } from '../../server/cache/response-cache.server.ts'
import { decoded, rawClient, type RawClient } from '../helpers/raw-http.ts'

const HIT = 'ashbourne; hit'
const BODY = Buffer.from('<p>The same answer for every visitor.</p>\n'.repeat(40))

/**
 * The listener the server uses, around the real response cache and a small app standing in for
 * Express: it counts what reaches it, so a test sees which requests were answered before the app ran.
 */
describe('cache hits answered before the app', () => {
  let version = 1
  const reached: string[] = []
  const logged: string[] = []
  const cache = new ResponseCache({
    version: () => version,
    siteUrl: 'https://www.example.co.uk',
    trustProxy: () => false,
  })
  const app = (req: IncomingMessage, res: ServerResponse) => {
    reached.push(`${req.method} ${req.url}`)
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405).end()
      return
    }
    res.setHeader('Content-Type', 'text/html; charset=utf-8')
    res.setHeader('Content-Security-Policy', "default-src 'self'")
    res.setHeader('Cache-Control', 'no-cache')
    cache.sendShared(req, res, () => BODY)
  }
  const handler = answerCacheHitsFirst({
    cache,
    seeRequest: (req) => void logged.push(`${req.method} ${req.url}`),
    app,
  })
  let http: RawClient
  const send = (path: string, options: Parameters<RawClient['send']>[1] = {}) =>
    http.send(path, { ...options, headers: { 'accept-encoding': 'gzip, deflate, br, zstd', ...options.headers } })

  beforeAll(async () => {
    http = await rawClient(handler)
    await send('/page') // the first answer, made by the app, then kept
    reached.length = 0
  })
  afterAll(() => http.close())

  it(
    'answers GET and HEAD for a kept address, with or without tracking ' +
      'parameters, without running the app, and logs each',
    async () => {
      const get = await send('/page')
      expect(get.headers['cache-status']).toBe(HIT)
      expect(get.headers['content-security-policy']).toBe("default-src 'self'")
      expect(decoded(get).equals(BODY)).toBe(true)
      const head = await send('/page', { method: 'HEAD' })
      expect(head.headers['cache-status']).toBe(HIT)
      expect(head.body.length).toBe(0)
      expect((await send('/page?utm_source=news&fbclid=IwAR1')).headers['cache-status']).toBe(HIT)
      expect((await send('/page', { headers: { 'if-none-match': get.headers.etag! } })).status).toBe(304)
      expect(reached).toEqual([])
      expect(logged).toEqual(['GET /page', 'HEAD /page', 'GET /page?utm_source=news&fbclid=IwAR1', 'GET /page'])
    },
  )

  it('leaves to the app every request that is not a plain hit', async () => {
    reached.length = 0
    await send('/page', { method: 'POST' })
    await send('/page', { method: 'DELETE' })
    await send('/page', { headers: { 'transfer-encoding': 'chunked' } }) // a request with a body (empty, chunked)
    await send('/page?fbclid=%E0%A4%A') // malformed: left to the app, which refuses it (400)
    await send('/page?x[]=1')
    await send('/other') // nothing kept for it yet
    expect(reached).toEqual([
      'POST /page',
      'DELETE /page',
      'GET /page',
      'GET /page?fbclid=%E0%A4%A',
      'GET /page?x[]=1',
      'GET /other',
    ])
  })

  it('goes to the app once the data has changed, and answers early again once the new answer is kept', async () => {
    reached.length = 0
    version++
    expect((await send('/page')).headers['cache-status']).toBe('ashbourne; fwd=uri-miss')
    expect((await send('/page')).headers['cache-status']).toBe(HIT)
    expect(reached).toEqual(['GET /page'])
  })

  it('is the app itself when the cache is off (development)', () => {
    const off = new ResponseCache({ version: () => 1, siteUrl: undefined, trustProxy: () => false, enabled: false })
    expect(answerCacheHitsFirst({ cache: off, seeRequest: () => {}, app })).toBe(app)
  })
})
