/**
 * A fake OpenAI images API on loopback, for driving the real `openai` SDK through OPENAI_BASE_URL.
 * `POST /v1/images/generations` records every request and answers a plain PNG made with sharp,
 * as `b64_json` or as a `url` that this server also serves. Per call (`reply`) it can instead
 * fail with 500, refuse the key (401), hang, send a malformed body, an empty list or bytes that
 * are not an image; `delayMs` slows every answer. It tracks how many requests were in flight at once.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo, Socket } from 'node:net'
import sharp from 'sharp'
import { vi } from 'vitest'
import { IMAGE_SIZE } from '../../domain/image-generation.ts'

export type FakeReply =
  | 'ok'
  | 'fail' // 500 with an OpenAI-style error body
  | 'unauthorized' // 401 invalid_api_key
  | 'hang' // never answers
  | 'malformed' // 200 with a body that is not JSON
  | 'empty' // 200 with no image in `data`
  | 'not-image' // 200 with base64 bytes that are not a picture
  | 'url-hang' // answers a URL whose download never completes

export type RecordedRequest = {
  /** 0-based, in arrival order. */
  index: number
  body: {
    model?: string
    prompt?: string
    size?: string
    quality?: string
    n?: number
    response_format?: string
    [k: string]: unknown
  }
  authorization: string | undefined
}

export type FakeOpenAIOptions = {
  /** How a successful answer carries the picture. */
  format?: 'b64_json' | 'url'
  /** Milliseconds to wait before each answer. */
  delayMs?: number
  /** An answer waits until what this returns settles, so a test can act while a run is certainly going on. */
  hold?: (req: RecordedRequest) => Promise<unknown> | undefined
  /** What to answer to a request (per product: look at `req.body.prompt`). */
  reply?: (req: RecordedRequest) => FakeReply
}

export type FakeOpenAI = {
  /** Give this as OPENAI_BASE_URL. */
  baseURL: string
  origin: string
  requests: RecordedRequest[]
  /** Image downloads served for `url` answers. */
  downloads: string[]
  readonly inFlight: number
  readonly maxInFlight: number
  set(options: FakeOpenAIOptions): void
  /** Forgets recorded requests and the in-flight maximum; keeps the options. */
  reset(): void
  close(): Promise<void>
}

/** A reply function failing every request whose prompt names one of `productNames`. */
export function failFor(productNames: string[], how: FakeReply = 'fail'): (req: RecordedRequest) => FakeReply {
  return (req) => (productNames.some((n) => req.body.prompt?.includes(`Product: ${n}.`)) ? how : 'ok')
}

const PALETTE = ['#7b3f1d', '#9a5a2c', '#b07a45', '#3b2416', '#b8923a', '#4a2c18']

const drawn = new Map<string, Promise<Buffer>>()
const [WIDTH, HEIGHT] = IMAGE_SIZE.split('x').map(Number) as [number, number]

/**
 * A plain square at the size the shop asks for, as the real service answers: our pipeline then cuts it
 * to size rather than enlarging a thumbnail (a third of its CPU per image). One per colour, drawn once.
 */
function plainPng(index: number): Promise<Buffer> {
  const colour = PALETTE[index % PALETTE.length]!
  let png = drawn.get(colour)
  if (!png) {
    png = sharp({ create: { width: WIDTH, height: HEIGHT, channels: 3, background: colour } })
      .png()
      .toBuffer()
    drawn.set(colour, png)
  }
  return png
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = []
  for await (const chunk of req) chunks.push(chunk as Buffer)
  return Buffer.concat(chunks).toString('utf8')
}

/**
 * Starts the fake and points the openai SDK at it through the environment, which the SDK reads
 * itself (`new OpenAI()`), as it does in production.
 */
export async function startFakeOpenAIForSdk(apiKey = 'sk-test-not-a-real-key'): Promise<FakeOpenAI> {
  const fake = await startFakeOpenAI()
  vi.stubEnv('OPENAI_BASE_URL', fake.baseURL)
  vi.stubEnv('OPENAI_API_KEY', apiKey)
  // Closing puts the environment back as found: the next test file of this worker shares the process.
  const close = fake.close
  fake.close = async () => {
    vi.unstubAllEnvs()
    await close()
  }
  return fake
}

export async function startFakeOpenAI(initial: FakeOpenAIOptions = {}): Promise<FakeOpenAI> {
  let options: FakeOpenAIOptions = { format: 'b64_json', delayMs: 0, ...initial }
  const requests: RecordedRequest[] = []
  const downloads: string[] = []
  const files = new Map<string, Buffer>()
  const sockets = new Set<Socket>()
  let inFlight = 0
  let maxInFlight = 0
  let origin = ''

  const json = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'Content-Type': 'application/json' })
    res.end(JSON.stringify(body))
  }

  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake')
    if (req.method === 'GET' && url.pathname.startsWith('/files/')) {
      const name = url.pathname.slice('/files/'.length)
      downloads.push(name)
      if (name === 'hang.png') return // never answers
      const file = files.get(name)
      if (!file) return json(res, 404, { error: 'no such file' })
      res.writeHead(200, { 'Content-Type': 'image/png', 'Content-Length': file.length })
      res.end(file)
      return
    }
    if (req.method !== 'POST' || url.pathname !== '/v1/images/generations') {
      return json(res, 404, { error: { message: `fake: no route ${req.method} ${url.pathname}` } })
    }
    inFlight++
    maxInFlight = Math.max(maxInFlight, inFlight)
    let counted = true
    const done = () => {
      if (counted) inFlight--
      counted = false
    }
    res.on('close', done)
    const text = await readBody(req)
    let body: RecordedRequest['body']
    try {
      body = JSON.parse(text)
    } catch {
      body = { unparsable: text }
    }
    const recorded: RecordedRequest = { index: requests.length, body, authorization: req.headers.authorization }
    requests.push(recorded)
    const reply = options.reply?.(recorded) ?? 'ok'
    // A slow API: time itself is what this fake plays (a test waits for events with `hold`).
    if (options.delayMs) await new Promise((r) => setTimeout(r, options.delayMs))
    await options.hold?.(recorded)
    if (res.destroyed) return
    switch (reply) {
      case 'hang':
        return
      case 'fail':
        return json(res, 500, {
          error: { message: 'The fake server failed on purpose.', type: 'server_error', code: null },
        })
      case 'unauthorized':
        return json(res, 401, {
          error: { message: 'Incorrect API key provided.', type: 'invalid_request_error', code: 'invalid_api_key' },
        })
      case 'malformed':
        res.writeHead(200, { 'Content-Type': 'application/json' })
        return res.end('{"created": 1, "data": [{"b64_json": ')
      case 'empty':
        return json(res, 200, { created: 1, data: [] })
      case 'not-image':
        return json(res, 200, {
          created: 1,
          data: [{ b64_json: Buffer.from('this is not a picture').toString('base64') }],
        })
      case 'url-hang':
        return json(res, 200, { created: 1, data: [{ url: `${origin}/files/hang.png` }] })
      case 'ok': {
        const png = await plainPng(recorded.index)
        if (options.format === 'url') {
          const name = `img-${recorded.index}.png`
          files.set(name, png)
          return json(res, 200, { created: 1, data: [{ url: `${origin}/files/${name}` }] })
        }
        return json(res, 200, { created: 1, data: [{ b64_json: png.toString('base64') }], usage: { total_tokens: 1 } })
      }
    }
  })
  server.on('connection', (socket) => {
    sockets.add(socket)
    socket.on('close', () => sockets.delete(socket))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`

  return {
    baseURL: `${origin}/v1`,
    origin,
    requests,
    downloads,
    get inFlight() {
      return inFlight
    },
    get maxInFlight() {
      return maxInFlight
    },
    set(next) {
      options = { ...options, ...next }
    },
    reset() {
      requests.length = 0
      downloads.length = 0
      maxInFlight = inFlight
    },
    async close() {
      for (const s of sockets) s.destroy()
      await new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}
