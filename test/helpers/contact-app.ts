import { mkdtemp, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import type { Express } from 'express'
import { openStore, type Store } from '../../data/store.server.ts'
import { createSite } from '../../server/site.server.ts'
import { loadConfig } from '../../server/config/config.server.ts'
import { createLogger } from '../../server/logger.server.ts'
import { createServices, type ServiceOptions } from '../../server/services.server.ts'

export type ContactHarness = {
  app: Express
  store: Store
  /** Stopping the services, as a shutdown does (sends under way finish first). */
  contact: { stop: () => Promise<void> }
  dataFile: string
  dir: string
  close: () => Promise<void>
}

/**
 * The app as server.ts builds it, on a real data file in a temp dir, with the e-mail retries and
 * timeouts shortened so tests run in seconds.
 */
export async function startContactApp(options: {
  env: Record<string, string>
  retry: ServiceOptions['retry']
  smtpTimeoutMs?: ServiceOptions['smtpTimeoutMs']
  prepare?: (dataFile: string) => Promise<void>
}): Promise<ContactHarness> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'leather-contact-'))
  const dataFile = path.join(dir, 'db.json')
  await options.prepare?.(dataFile)
  const config = loadConfig({ DATA_FILE: dataFile, LOG_LEVEL: 'silent', CONTACT_RATE_LIMIT: '0', ...options.env })
  const store = await openStore(config.dataFile)
  const logger = createLogger(config.logLevel)
  const services = createServices(
    { config, store, logger },
    { retry: options.retry, smtpTimeoutMs: options.smtpTimeoutMs },
  )
  const { app } = await createSite({ config, store, services, logger })
  await services.start()
  return {
    app,
    store,
    contact: { stop: () => services.stop() },
    dataFile,
    dir,
    async close() {
      await services.stop()
      await store.close()
      await rm(dir, { recursive: true, force: true })
    },
  }
}
