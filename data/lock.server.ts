/**
 * The single-writer lock: a Unix socket at `<data file>.lock`, because the kernel
 * closes a dead process's sockets whatever its pid (docs/decisions.md); taken by bind
 * then hard link, so it is atomic; long paths go through `/proc/self/fd/N/name`.
 */
import { createHash, randomBytes } from 'node:crypto'
import fs from 'node:fs'
import { link, realpath, rename, rm, stat, unlink } from 'node:fs/promises'
import net from 'node:net'
import path from 'node:path'

/** Start-up refused because of the data file; the message names the file and the problem. */
export class DataFileError extends Error {
  override name = 'DataFileError'
}

export function lockFileFor(file: string): string {
  return `${file}.lock`
}

/** A request from a local tool to the server holding the lock, and its answer (JSON, one line each). */
export type LockRequestHandler = (request: unknown) => Promise<unknown>

export type HeldLock = { release(): Promise<void> }

/** sockaddr_un holds 108 bytes on Linux and 104 elsewhere, the final NUL included. */
const MAX_SOCKET_PATH = 103
const PROBE_TIMEOUT_MS = 3000
const REQUEST_TIMEOUT_MS = 30_000
const MAX_REQUEST_BYTES = 64 * 1024

/** An address the socket calls accept for `p`, however long `p` is; `done` closes what it opened. */
function socketAddress(p: string): { address: string; done: () => void } {
  if (Buffer.byteLength(p) <= MAX_SOCKET_PATH) return { address: p, done: () => {} }
  if (process.platform === 'linux') {
    const fd = fs.openSync(path.dirname(p), 'r')
    const address = `/proc/self/fd/${fd}/${path.basename(p)}`
    if (Buffer.byteLength(address) <= MAX_SOCKET_PATH) return { address, done: () => fs.closeSync(fd) }
    fs.closeSync(fd)
  }
  throw new DataFileError(
    `The lock ${p} needs a shorter path than this system allows for a socket; give DATA_FILE a shorter path.`,
  )
}

/** Tells this process's lock from another's even across pid namespaces, where pids repeat. */
const INSTANCE = randomBytes(8).toString('hex')

type Greeting = { pid: number | null; self: boolean }
type Probe = ({ state: 'alive' } & Greeting) | { state: 'dead' } | { state: 'gone' }

/**
 * Whether a live process listens at `p`: it connects (alive),
 * refuses (dead: nothing listens, or not a socket) or is not there.
 */
function probe(p: string): Promise<Probe> {
  const { address, done } = socketAddress(p)
  return new Promise<Probe>((resolve) => {
    const socket = net.connect(address)
    let greeting = ''
    const finish = (result: Probe) => {
      clearTimeout(timer)
      socket.destroy()
      resolve(result)
    }
    // A holder too busy to greet is still alive: never take a lock on a guess.
    const timer = setTimeout(() => finish({ state: 'alive', pid: null, self: false }), PROBE_TIMEOUT_MS)
    socket.setEncoding('utf8')
    socket.on('data', (chunk: string) => {
      greeting += chunk
      const end = greeting.indexOf('\n')
      if (end >= 0) finish({ state: 'alive', ...parseGreeting(greeting.slice(0, end)) })
    })
    socket.on('end', () => finish({ state: 'alive', pid: null, self: false }))
    socket.on('error', (err: NodeJS.ErrnoException) => {
      if (err.code === 'ENOENT') finish({ state: 'gone' })
      else if (err.code === 'ECONNREFUSED' || err.code === 'ENOTSOCK') finish({ state: 'dead' })
      else finish({ state: 'alive', pid: null, self: false })
    })
  }).finally(done)
}

function parseGreeting(line: string): Greeting {
  try {
    const { pid, instance } = JSON.parse(line) as { pid?: unknown; instance?: unknown }
    return {
      pid: typeof pid === 'number' && Number.isInteger(pid) && pid > 0 ? pid : null,
      self: instance === INSTANCE,
    }
  } catch {
    return { pid: null, self: false }
  }
}

/** The pid of the live process holding the data file's lock (0 if it did not say), or null when none does. */
export async function lockHolder(file: string): Promise<number | null> {
  const found = await probe(lockFileFor(file)).catch(() => ({ state: 'gone' }) as const)
  if (found.state !== 'alive') return null
  return found.self ? process.pid : (found.pid ?? 0)
}

/** Null when no server holds the file (then the caller may open it itself). */
export async function askHolder(
  file: string,
  request: unknown,
): Promise<{ pid: number | null; answer: unknown } | null> {
  let target: { address: string; done: () => void }
  try {
    target = socketAddress(lockFileFor(file))
  } catch {
    return null
  }
  return new Promise<{ pid: number | null; answer: unknown } | null>((resolve, reject) => {
    const socket = net.connect(target.address)
    let buffer = ''
    let pid: number | null | undefined
    const timer = setTimeout(() => {
      socket.destroy()
      reject(new Error('The running server did not answer in time.'))
    }, REQUEST_TIMEOUT_MS)
    const finish = (value: { pid: number | null; answer: unknown } | null) => {
      clearTimeout(timer)
      socket.destroy()
      resolve(value)
    }
    socket.setEncoding('utf8')
    socket.on('data', (chunk: string) => {
      buffer += chunk
      for (let end = buffer.indexOf('\n'); end >= 0; end = buffer.indexOf('\n')) {
        const line = buffer.slice(0, end)
        buffer = buffer.slice(end + 1)
        if (pid === undefined) {
          pid = parseGreeting(line).pid
          socket.write(`${JSON.stringify(request)}\n`)
        } else {
          try {
            finish({ pid, answer: JSON.parse(line) })
          } catch {
            finish({ pid, answer: null })
          }
        }
      }
    })
    socket.on('end', () => (pid === undefined ? finish(null) : finish({ pid, answer: null })))
    socket.on('error', (err: NodeJS.ErrnoException) => {
      clearTimeout(timer)
      if (pid === undefined && ['ENOENT', 'ECONNREFUSED', 'ENOTSOCK'].includes(err.code ?? '')) resolve(null)
      else reject(err)
    })
  }).finally(target.done)
}

/** Answers each connection: our pid first (a one-line greeting), then one request and its answer. */
function serveConnections(handle: LockRequestHandler | undefined): net.Server {
  return net.createServer((socket) => {
    socket.setEncoding('utf8')
    socket.setTimeout(REQUEST_TIMEOUT_MS, () => socket.destroy())
    socket.on('error', () => {})
    socket.write(`${JSON.stringify({ pid: process.pid, instance: INSTANCE })}\n`)
    let buffer = ''
    socket.on('data', (chunk: string) => {
      buffer += chunk
      if (buffer.length > MAX_REQUEST_BYTES) return socket.destroy()
      const end = buffer.indexOf('\n')
      if (end < 0) return
      socket.pause()
      let request: unknown
      try {
        request = JSON.parse(buffer.slice(0, end))
      } catch {
        return socket.end(`${JSON.stringify({ ok: false, error: 'The request was not JSON.' })}\n`)
      }
      const answer = handle ? handle(request) : Promise.resolve({ ok: false, error: 'This process takes no requests.' })
      answer.then(
        (result) => socket.end(`${JSON.stringify(result)}\n`),
        (err: Error) => socket.end(`${JSON.stringify({ ok: false, error: err.message })}\n`),
      )
    })
  })
}

/** Whoever may connect may ask for enquiries to be deleted: the socket is its owner's alone, whatever the umask. */
const OWNER_ONLY = 0o600

/** umask() cannot be set in a worker thread; the chmod after listening then closes the gap alone. */
function withUmask<T>(mask: number, fn: () => T): T {
  let previous: number | undefined
  try {
    previous = process.umask(mask)
  } catch {
    /* a worker thread */
  }
  try {
    return fn()
  } finally {
    if (previous !== undefined) process.umask(previous)
  }
}

function listen(server: net.Server, p: string): Promise<void> {
  const { address, done } = socketAddress(p)
  return new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    // Binding happens within listen(), so the socket is created owner-only, not chmod'ed after a moment open to all.
    withUmask(0o777 & ~OWNER_ONLY, () =>
      server.listen(address, () => {
        server.off('error', reject)
        fs.promises.chmod(address, OWNER_ONLY).then(resolve, reject)
      }),
    )
  }).finally(done)
}

/** Sockets a server killed while taking the lock left under their temporary names: dead ones go. */
async function removeLeftovers(lock: string): Promise<void> {
  const dir = path.dirname(lock)
  const prefix = `.${path.basename(lock)}.`
  const names = await fs.promises.readdir(dir).catch(() => [] as string[])
  for (const name of names) {
    if (!name.startsWith(prefix) || !/^(new|stale)-[0-9a-f]{12}$/.test(name.slice(prefix.length))) continue
    const leftover = path.join(dir, name)
    if ((await probe(leftover).catch(() => null))?.state === 'dead') await unlink(leftover).catch(() => {})
  }
}

const isCode = (err: unknown, ...codes: string[]) => codes.includes((err as NodeJS.ErrnoException).code ?? '')

/** How long starters wait in line to replace one dead lock before giving up. */
const TURN_WAIT_MS = 10_000

/**
 * The right to replace `lock` when it is dead, held by one process at a time: a socket in Linux's abstract
 * namespace named after the lock, which the kernel frees when its holder dies, so no turn is ever left
 * stale. Null where there is none (other systems); 'busy' while another starter holds it.
 */
async function takeTurn(lock: string): Promise<{ release(): Promise<void> } | 'busy' | null> {
  if (process.platform !== 'linux') return null
  const where = path.join(await realpath(path.dirname(lock)), path.basename(lock))
  const name = `\0leather-lock-turn-${createHash('sha256').update(where).digest('hex').slice(0, 32)}`
  const turn = net.createServer()
  turn.unref()
  try {
    await new Promise<void>((resolve, reject) => {
      turn.once('error', reject)
      turn.listen(name, resolve)
    })
  } catch (err) {
    if (isCode(err, 'EADDRINUSE')) return 'busy'
    return null
  }
  return { release: () => new Promise<void>((resolve) => turn.close(() => resolve())) }
}

/** A lock left by a dead process is taken over; `handle` answers requests from local tools. */
export async function acquireLock(file: string, handle?: LockRequestHandler): Promise<HeldLock> {
  const lock = lockFileFor(file)
  const dir = path.dirname(lock)
  const fresh = (what: string) => path.join(dir, `.${path.basename(lock)}.${what}-${randomBytes(6).toString('hex')}`)
  const server = serveConnections(handle)
  server.unref()
  const bound = fresh('new')
  try {
    await listen(server, bound)
  } catch (err) {
    throw new DataFileError(`Cannot create the lock ${lock}: ${(err as Error).message}`)
  }
  const ours = (await stat(bound)).ino
  const giveUp = async (err: Error): Promise<never> => {
    await new Promise<void>((resolve) => server.close(() => resolve()))
    await unlink(bound).catch(() => {})
    throw err
  }

  const waitUntil = Date.now() + TURN_WAIT_MS
  for (let attempt = 0; attempt < 10; attempt++) {
    try {
      await link(bound, lock) // atomic: fails if any lock is there
      await unlink(bound).catch(() => {})
      await removeLeftovers(lock)
      let released = false
      return {
        async release() {
          if (released) return
          released = true
          // Only our own socket: never remove a lock another server has taken since.
          if ((await stat(lock).catch(() => null))?.ino === ours) await unlink(lock).catch(() => {})
          await new Promise<void>((resolve) => server.close(() => resolve()))
        },
      }
    } catch (err) {
      if (!isCode(err, 'EEXIST'))
        return giveUp(new DataFileError(`Cannot create the lock ${lock}: ${(err as Error).message}`))
    }
    const found = await probe(lock)
    if (found.state === 'alive') {
      const who = found.self
        ? 'is already open in this process'
        : `is in use by another process${found.pid ? ` (pid ${found.pid})` : ''}`
      return giveUp(new DataFileError(`The data file ${file} ${who}. Only one server may write it.`))
    }
    if (found.state === 'gone') continue
    // Dead: one starter at a time removes it. Under the turn nothing else can replace the lock (a new
    // one is only linked where none is), so a lock still dead when looked at again is the dead one.
    const turn = await takeTurn(lock)
    if (turn === 'busy') {
      if (Date.now() > waitUntil)
        return giveUp(new DataFileError(`Cannot take the lock ${lock}: another server is replacing it.`))
      attempt-- // waiting in line is not a failed attempt
      await new Promise((resolve) => setTimeout(resolve, 10 + Math.random() * 20))
      continue
    }
    if (turn) {
      try {
        if ((await probe(lock)).state === 'dead') await rm(lock, { force: true })
      } catch (err) {
        return giveUp(new DataFileError(`Cannot replace the stale lock ${lock}: ${(err as Error).message}`))
      } finally {
        await turn.release()
      }
      continue
    }
    // Without turns (not Linux): move it aside, then make sure what was moved is the dead lock and not
    // one a server starting at the same moment has just put there (narrower: another starter may take
    // the empty name meanwhile).
    const aside = fresh('stale')
    try {
      await rename(lock, aside)
    } catch (err) {
      if (isCode(err, 'ENOENT')) continue
      return giveUp(new DataFileError(`Cannot replace the stale lock ${lock}: ${(err as Error).message}`))
    }
    if ((await probe(aside)).state === 'alive') await link(aside, lock).catch(() => {}) // put it back
    await unlink(aside).catch(() => {})
  }
  return giveUp(new DataFileError(`Cannot take the lock ${lock}: other processes keep changing it.`))
}
