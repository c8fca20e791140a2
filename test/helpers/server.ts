import { mkdtemp, rm } from 'node:fs/promises'
import { createServer, type RequestListener } from 'node:http'
import type { AddressInfo } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import type { Express } from 'express'
import { pino, type Logger } from 'pino'
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest'
import { openStore, type Store } from '../../data/store.server.ts'
import { createSite } from '../../server/site.server.ts'
import { loadConfig, type Config } from '../../server/config/config.server.ts'
import { createLogger } from '../../server/logger.server.ts'
import { createServices, type Services } from '../../server/services.server.ts'

export type TestServer = {
  app: Express
  /** What the server listens with: cache hits answered before the app, the rest by it. */
  handler: RequestListener
  store: Store
  config: Config
  services: Services
  dir: string
  dataFile: string
  /** http://127.0.0.1:PORT once listen() was called (see startTestServer). */
  url: string
  close: () => Promise<void>
}

/**
 * A real app on a real lowdb file in a fresh temp dir. `env` overrides the environment as the
 * server would read it (SMTP_URL, OPENAI_API_KEY, ...). `prepare` may write files before the store opens;
 * `logger` replaces the silent one (to read the log lines); `dir` reuses the folder of an earlier app
 * (closed with `keepDir`), as a restart would.
 */
export async function createTestApp(
  options: {
    env?: Record<string, string>
    prepare?: (dir: string) => Promise<void>
    keepDir?: boolean
    logger?: Logger
    dir?: string
    /**
     * False leaves AVIF twins unmade (pages offer WebP alone): for tests that check none, as they cost the most CPU.
     */
    avifTwins?: boolean
  } = {},
): Promise<TestServer> {
  if (process.env.TEST_TIER === 'quick')
    throw new Error(
      'The site serves the production build, which `npm run test:quick` does not make: keep this file out of it.',
    )
  const dir = options.dir ?? (await mkdtemp(path.join(os.tmpdir(), 'leather-test-')))
  const dataFile = path.join(dir, 'db.json')
  await options.prepare?.(dir)
  const config = loadConfig({
    DATA_FILE: dataFile,
    LOG_LEVEL: 'silent',
    SITE_URL: 'https://www.example.co.uk',
    ...options.env,
  })
  const store = await openStore(config.dataFile)
  const logger = options.logger ?? createLogger(config.logLevel)
  const services = createServices({ config, store, logger })
  const { app, handler } = await createSite({ config, store, services, logger })
  await services.start()
  if (options.avifTwins === false) await services.photoFormats.stop()
  return {
    app,
    handler,
    store,
    config,
    services,
    dir,
    dataFile,
    url: '',
    async close() {
      await services.stop()
      await store.close()
      if (!options.keepDir) await rm(dir, { recursive: true, force: true })
    },
  }
}

/** A logger that keeps in `lines` each line the app logs at `level` or above, as written (JSON). */
export const loggerInto = (lines: string[], level = 'info'): Logger =>
  pino({ level }, { write: (line: string) => void lines.push(line) })

/** The same, listening on a free loopback port, for browser tests. */
export async function startTestServer(options: Parameters<typeof createTestApp>[0] = {}): Promise<TestServer> {
  const t = await createTestApp(options)
  const server = createServer(t.handler).listen(0, '127.0.0.1')
  await new Promise<void>((resolve) => server.once('listening', () => resolve()))
  const { port } = server.address() as AddressInfo
  const close = t.close
  return {
    ...t,
    url: `http://127.0.0.1:${port}`,
    async close() {
      server.closeAllConnections()
      await new Promise<void>((resolve) => server.close(() => resolve()))
      await close()
    },
  }
}

/**
 * A stand-in for what a hook makes later (a server, a browser): every read goes to the current one, so
 * a test file names it once at the top and its tests read `t.app` as if it were a plain variable.
 */
export function startedLater<T extends object>(current: () => T | undefined, what: string): T {
  return new Proxy({} as T, {
    get(_, key) {
      const target = current()
      if (!target) throw new Error(`${what} is made by a hook: read it inside a test or a later hook.`)
      const value: unknown = Reflect.get(target, key, target)
      // A method of a class instance (a Browser's) keeps its `this`; own values (an Express app) are given as they are.
      return typeof value === 'function' && !Object.hasOwn(target, key) ? value.bind(target) : value
    },
  })
}

/**
 * One test app for the whole file: for tests that leave the shop as they found it. `listen` has it listen
 * on a free loopback port too (`t.url`).
 */
export function testAppForFile(options: Parameters<typeof createTestApp>[0] & { listen?: boolean } = {}): TestServer {
  let t: TestServer | undefined
  beforeAll(async () => void (t = await (options.listen ? startTestServer : createTestApp)(options)))
  afterAll(() => t?.close())
  return startedLater(() => t, 'The test app')
}

/** A fresh test app for each test: for tests that change the shop. */
export function testAppForEachTest(options: Parameters<typeof createTestApp>[0] = {}): TestServer {
  let t: TestServer | undefined
  beforeEach(async () => void (t = await createTestApp(options)))
  afterEach(async () => {
    await t?.close()
    t = undefined
  })
  return startedLater(() => t, 'The test app')
}
