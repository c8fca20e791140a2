import { mkdtemp, readFile, rename, rm, writeFile } from 'node:fs/promises'
import { connect, type Socket } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { spawnServer, type ChildServer } from '../../support/child-server.ts'
import { tcpEnd } from '../helpers/tcp-queues.ts'
import { rawGet } from '../helpers/wire.ts'

/**
 * Attacks on the page cache, each against the real server as `npm start` runs it (no proxy in front,
 * SITE_URL unset), reproduced as a red team would.
 */
let server: ChildServer
let dir: string

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'leather-cache-attacks-'))
  server = await spawnServer({ DATA_FILE: path.join(dir, 'db.json'), LOG_LEVEL: 'warn', SITE_URL: '' })
})

afterAll(async () => {
  server.child.kill('SIGKILL')
  await server.exited
  await rm(dir, { recursive: true, force: true })
})

/** A GET that gives up after `ms` (as the red team's 8 s client did): the status, or 'timeout'. */
async function getWithin(url: string, ms: number, headers: Record<string, string> = {}): Promise<number | 'timeout'> {
  let timer: NodeJS.Timeout | undefined
  const timeout = new Promise<'timeout'>((resolve) => (timer = setTimeout(() => resolve('timeout'), ms)))
  try {
    return await Promise.race([rawGet(url, headers).then((r) => r.status), timeout])
  } finally {
    clearTimeout(timer)
  }
}

/** A socket that sends `requests` back to back (HTTP/1.1 pipelining) and never reads an answer. */
async function pipelineWithoutReading(port: number, requests: string[]): Promise<Socket> {
  const socket = connect(port, '127.0.0.1')
  socket.on('error', () => {}) // the server may reset a client that never reads: that is the point
  await new Promise<void>((resolve) => socket.once('connect', () => resolve()))
  socket.pause()
  socket.write(requests.join(''))
  return socket
}

/** Until the attack holds: the attacker's end is full of unread answers and the server's end cannot send more. */
async function wedged(socket: Socket): Promise<void> {
  const stuck = async () => {
    const [attacker, shop] = await Promise.all([
      tcpEnd(socket.localPort!, server.port),
      tcpEnd(server.port, socket.localPort!),
    ])
    return (attacker?.unread ?? 0) > 0 && (shop?.unsent ?? 0) > 0
  }
  await expect.poll(stuck, { timeout: 20_000 }).toBe(true)
}

const request = (target: string) =>
  `GET ${target} HTTP/1.1\r\nHost: 127.0.0.1:${server.port}\r\nAccept-Encoding: identity\r\n\r\n`
const filler = () => Array.from({ length: 220 }, () => request('/products'))

describe('wedge: a client that pipelines and never reads', () => {
  it('cannot make anyone else wait for a page it asked for first, during the attack or after it', async () => {
    expect((await rawGet(`${server.url}/products`)).status).toBe(200) // kept: the attacker's filler
    // 220 kept pages nobody reads fill the socket's buffers; then the first request of a page not yet
    // kept, whose answer is queued behind them (Node never tells a queued answer its connection closed).
    const socket = await pipelineWithoutReading(server.port, [...filler(), request('/contact')])
    await wedged(socket)
    for (let i = 0; i < 3; i++) expect(await getWithin(`${server.url}/contact`, 8000)).toBe(200)
    socket.destroy()
    await expect
      .poll(async () => (await tcpEnd(server.port, socket.localPort!))?.state ?? 'gone', { timeout: 10_000 })
      .not.toBe('established')
    expect(await getWithin(`${server.url}/contact`, 8000)).toBe(200)
  })

  it('cannot wedge a page right after the owner edits the catalogue (every page not yet kept)', async () => {
    const dataFile = path.join(dir, 'db.json')
    const data = JSON.parse(await readFile(dataFile, 'utf8'))
    data.products[0].name = 'Edited By The Owner'
    await writeFile(`${dataFile}.edit`, JSON.stringify(data, null, 2))
    await rename(`${dataFile}.edit`, dataFile)
    await expect
      .poll(async () => (await rawGet(`${server.url}/api/products`)).body.toString(), { timeout: 30_000 })
      .toContain('Edited By The Owner')
    expect((await rawGet(`${server.url}/products`)).status).toBe(200)
    const socket = await pipelineWithoutReading(server.port, [...filler(), request('/')])
    await wedged(socket)
    const statuses = await Promise.all(['/', '/', '/'].map((p) => getWithin(`${server.url}${p}`, 8000)))
    expect(statuses).toEqual([200, 200, 200])
    socket.destroy()
  })
})

const hostGet = (target: string, host: string) =>
  rawGet(`${server.url}${target}`, { host, 'accept-encoding': 'identity' })
const random = () => Math.random().toString(36).slice(2, 10)

describe('poison: a request that chooses its key', () => {
  it('refuses a Host that is not a host name, so no page is kept under a key another address shares', async () => {
    // Without anything between Host and path, `example/products` + `/%77eekender-holdall` made the key of
    // `/products/%77eekender-holdall` on host `example`, and stored a 404 there.
    const attack = await hostGet('/%77eekender-holdall', 'example/products')
    expect(attack.status).toBe(400)
    expect(attack.body.toString()).not.toMatch(/\n\s+at /) // a sentence, no stack
    for (const spelling of ['/products/%77eekender-holdall', '/products/weekender-holdall']) {
      const visitor = await hostGet(spelling, 'example')
      expect(visitor.status, spelling).toBe(200)
      expect(visitor.body.toString(), spelling).toContain('Weekender Holdall')
    }
  })

  it('keeps no spelling of a path other than the plain one, so none can answer for another', async () => {
    for (const spelling of [
      '/products/%77eekender-holdall',
      '/%70roducts',
      '/products/weekender-holdall/',
      '//products',
    ]) {
      await hostGet(spelling, `127.0.0.1:${server.port}`)
      const again = await hostGet(spelling, `127.0.0.1:${server.port}`)
      expect(again.headers['cache-status'], spelling).not.toBe('ashbourne; hit')
    }
  })

  it('answers every page 404 from one entry', async () => {
    const paths = Array.from({ length: 3 }, () => `/no-such-${random()}`)
    const answers = []
    for (const p of paths) {
      await hostGet(p, `127.0.0.1:${server.port}`)
      answers.push(await hostGet(p, `127.0.0.1:${server.port}`))
    }
    for (const a of answers) {
      expect(a.status).toBe(404)
      expect(a.headers['cache-status']).toBe('ashbourne; hit')
      expect(a.headers.etag).toBe(answers[0]!.headers.etag)
    }
  })
})

describe('flood: one-off keys', () => {
  const own = () => `127.0.0.1:${server.port}`

  it('answers 210 random categories from the catalogue page kept once, and keeps the landing page', async () => {
    await hostGet('/', own())
    expect((await hostGet('/', own())).headers['cache-status']).toBe('ashbourne; hit')
    await hostGet('/products', own())
    for (let i = 0; i < 210; i++) {
      const res = await hostGet(`/products?category=${random()}`, own())
      expect(res.status).toBe(200)
      expect(res.headers['cache-status']).toBe('ashbourne; hit')
    }
    expect((await hostGet('/', own())).headers['cache-status']).toBe('ashbourne; hit')
  })

  it(
    'keeps the pages asked for all the time through a flood of 404 paths ' + 'and host names each asked for once',
    async () => {
      for (const page of ['/', '/products', '/products?category=bags']) {
        await hostGet(page, own())
        await hostGet(page, own())
      }
      const flood = [
        ...Array.from({ length: 300 }, () => hostGet(`/${random()}`, own())),
        ...Array.from({ length: 100 }, () => hostGet('/', `${random()}.example`)),
      ]
      for (const res of await Promise.all(flood)) expect([200, 404]).toContain(res.status)
      for (const page of ['/', '/products', '/products?category=bags']) {
        expect((await hostGet(page, own())).headers['cache-status'], page).toBe('ashbourne; hit')
      }
    },
    120_000,
  )
})

describe('flood: one-off keys cost no render', () => {
  const own = () => `127.0.0.1:${server.port}`

  it('answers a 404 path, an unknown product and an escaped spelling asked for once from what is kept', async () => {
    await hostGet('/no-such-page', own())
    await hostGet('/products/oxford-brogue', own())
    const plain = await hostGet('/products/oxford-brogue', own())
    const missing = await hostGet(`/no-such-${random()}`, own())
    expect(missing.status).toBe(404)
    expect(missing.headers['cache-status']).toBe('ashbourne; hit')
    const unknown = await hostGet(`/products/${random()}`, own())
    expect(unknown.status).toBe(404)
    expect(unknown.headers['cache-status']).toBe('ashbourne; hit')
    const spelled = await hostGet(`/products/%6Fxford-brogue?n=${random()}`, own())
    expect(spelled.status).toBe(200)
    expect(spelled.headers['cache-status']).toBe('ashbourne; hit; key="/products/oxford-brogue"')
    expect(spelled.body.equals(plain.body)).toBe(true)
    const unknownSpelled = await hostGet(`/products/%68${random()}`, own())
    expect(unknownSpelled.status).toBe(404)
    expect(unknownSpelled.headers['cache-status']).toMatch(/^ashbourne; hit; key="\/products\/h/)
  })
})

describe('deadlines: a client sending its headers a byte at a time (slowloris)', () => {
  it('is answered 408 and cut off within the headers deadline, while others are served', async () => {
    const socket = connect(server.port, '127.0.0.1')
    socket.on('error', () => {}) // cut off by the server, as it should be
    await new Promise<void>((resolve) => socket.once('connect', () => resolve()))
    let answer = ''
    socket.on('data', (d) => (answer += d))
    const closed = new Promise<number>((resolve) => socket.once('close', () => resolve(Date.now())))
    const started = Date.now()
    socket.write('GET / HTTP/1.1\r\n')
    const drip = setInterval(() => socket.writable && socket.write('X'), 500)
    const served = await getWithin(`${server.url}/`, 8000)
    const cutAt = await Promise.race([
      closed,
      new Promise<number>((resolve) => setTimeout(() => resolve(Infinity), 20_000)),
    ])
    clearInterval(drip)
    socket.destroy()
    expect(served).toBe(200)
    expect(cutAt - started).toBeLessThan(13_000) // 10 s for the headers, checked every second
    expect(answer).toMatch(/^HTTP\/1\.1 408/)
  }, 30_000)
})

/** One request exactly as written (any request target), on its own connection: the status line's code. */
async function rawStatus(target: string): Promise<number> {
  const socket = connect(server.port, '127.0.0.1')
  let answer = ''
  socket.on('data', (d) => (answer += d))
  socket.on('error', () => {}) // the status line, if any came, is the answer
  socket.write(`GET ${target} HTTP/1.1\r\nHost: 127.0.0.1:${server.port}\r\nConnection: close\r\n\r\n`)
  await new Promise((resolve) => socket.once('close', resolve))
  return Number(/^HTTP\/1\.1 (\d{3})/.exec(answer)?.[1])
}

describe('odd request targets', () => {
  it(
    'answers targets that are not addresses on this site 400, with no stack ' +
      'in the log; an absolute address as its path',
    async () => {
      for (const target of ['ipfs://x/', 'tauri://x/products', 'file:///etc/passwd', '*', 'x', 'http:/x']) {
        expect(await rawStatus(target), target).toBe(400)
      }
      expect(await rawStatus(`http://127.0.0.1:${server.port}/products`)).toBe(200)
      expect(await rawStatus('http://example/products')).toBe(200) // SITE_URL unset: a well-formed host is the site's
      expect(await rawStatus('http://example%2Fproducts/x')).toBe(400)
      expect(server.output()).not.toMatch(/\n\s+at /)
      expect(server.output()).not.toMatch(/"level":50/)
    },
  )
})

describe('renders the cache cannot answer (last: it uses up this client’s allowance)', () => {
  it('limits one visitor to 120 a minute (429), while pages from the cache still answer', async () => {
    const own = `127.0.0.1:${server.port}`
    await hostGet('/products', own)
    const statuses: number[] = []
    for (let i = 0; i < 130; i++) statuses.push((await hostGet(`/%70roducts?n=${i}`, own)).status)
    // Earlier tests' spellings count too: at most 120 renders, then 429 only.
    const firstRefused = statuses.indexOf(429)
    expect(firstRefused).toBeGreaterThan(100)
    expect(statuses.slice(0, firstRefused).every((s) => s === 200)).toBe(true)
    expect(statuses.slice(firstRefused).every((s) => s === 429)).toBe(true)
    // The order form posted back with its messages is one of them.
    const order = await fetch(`${server.url}/products/oxford-brogue`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'firstName=',
    })
    expect(order.status).toBe(429)
    expect((await hostGet('/products', own)).headers['cache-status']).toBe('ashbourne; hit')
  })
})
