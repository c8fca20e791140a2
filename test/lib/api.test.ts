import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { apiGet, apiRequest, ApiError } from '../../lib/api.ts'

// A real HTTP server records what the helper sends and answers per path.
type Seen = { method: string; url: string; headers: http.IncomingHttpHeaders; body: string }
const seen: Seen[] = []
let base = ''
let server: http.Server

beforeAll(async () => {
  server = http.createServer((req, res) => {
    let body = ''
    req.on('data', (c) => (body += c))
    req.on('end', () => {
      seen.push({ method: req.method!, url: req.url!, headers: req.headers, body })
      if (req.url === '/ok') return res.writeHead(200, { 'content-type': 'application/json' }).end('{"a":1}')
      if (req.url === '/unauth') return res.writeHead(401).end('login first')
      if (req.url === '/empty-error') return res.writeHead(503, 'Service Unavailable').end()
      res.writeHead(400).end('{"error":"bad"}')
    })
  })
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})
afterAll(() => new Promise<void>((r) => server.close(() => r())))

const last = () => seen[seen.length - 1]!

describe('browser API helper', () => {
  it('sends JSON with its content type only when there is a body', async () => {
    await apiRequest('POST', `${base}/ok`, { x: 1 })
    expect(last().headers['content-type']).toBe('application/json')
    expect(last().body).toBe('{"x":1}')
    await apiRequest('POST', `${base}/ok`)
    expect(last().headers['content-type']).toBeUndefined()
    expect(last().body).toBe('')
  })

  it('parses a GET as JSON', async () => {
    expect(await apiGet(`${base}/ok`)).toEqual({ a: 1 })
    expect(last().method).toBe('GET')
  })

  it("raises '<status>: <body>' for a non-OK answer, or the status text when the body is empty", async () => {
    await expect(apiRequest('POST', `${base}/bad`, {})).rejects.toThrow('400: {"error":"bad"}')
    await expect(apiGet(`${base}/empty-error`)).rejects.toThrow('503: Service Unavailable')
    const err = (await apiGet(`${base}/bad`).catch((e: unknown) => e)) as ApiError
    expect(err).toBeInstanceOf(ApiError)
    expect(err.status).toBe(400)
  })

  it('raises on 401 by default and returns null in the returnNull mode', async () => {
    await expect(apiGet(`${base}/unauth`)).rejects.toThrow('401: login first')
    expect(await apiGet(`${base}/unauth`, { on401: 'returnNull' })).toBeNull()
  })

  it('asks for credentials (cookies) on every request', async () => {
    const real = globalThis.fetch
    const inits: (RequestInit | undefined)[] = []
    globalThis.fetch = ((input: RequestInfo | URL, init?: RequestInit) => {
      inits.push(init)
      return real(input, init)
    }) as typeof fetch
    try {
      await apiGet(`${base}/ok`)
      await apiRequest('POST', `${base}/ok`, { x: 1 })
      await apiRequest('DELETE', `${base}/ok`)
    } finally {
      globalThis.fetch = real
    }
    expect(inits.map((i) => i?.credentials)).toEqual(['include', 'include', 'include'])
  })
})
