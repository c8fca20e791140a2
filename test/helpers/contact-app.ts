import { mkdtemp, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import type { Express } from 'express'
import { openStore, type Store } from '../../data/store.server.ts'
import { createApp } from '../../server/app.server.ts'
import { loadConfig } from '../../server/config.server.ts'
import { createLogger } from '../../server/logger.server.ts'
import { contactRouter, type ContactFeature, type ContactOptions } from '../../server/routes/contact.server.ts'
import type { Services } from '../../server/services.server.ts'

export type ContactHarness = { app: Express; store: Store; contact: ContactFeature; dataFile: string; dir: string; close: () => Promise<void> }

/**
 * The app as server.ts builds it, with only the enquiry feature, on a real data file in a temp dir,
 * and the feature's e-mail retries and timeouts shortened so tests run in seconds.
 */
export async function startContactApp(options: {
  env: Record<string, string>
  retry: ContactOptions['retry']
  smtpTimeoutMs?: ContactOptions['smtpTimeoutMs']
  prepare?: (dataFile: string) => Promise<void>
}): Promise<ContactHarness> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'leather-contact-'))
  const dataFile = path.join(dir, 'db.json')
  await options.prepare?.(dataFile)
  const config = loadConfig({ DATA_FILE: dataFile, LOG_LEVEL: 'silent', CONTACT_RATE_LIMIT: '0', ...options.env })
  const store = await openStore(config.dataFile)
  const logger = createLogger(config.logLevel)
  const contact = contactRouter({ config, store, logger }, { retry: options.retry, smtpTimeoutMs: options.smtpTimeoutMs })
  const services: Services = {
    mountApi: (app) => app.use('/api/contact', contact.api),
    mountPages: (app) => contact.mountPages?.(app),
    start: () => contact.start!(),
    stop: () => contact.stop!(),
  }
  const app = await createApp({ config, store, services, logger })
  await services.start()
  return {
    app,
    store,
    contact,
    dataFile,
    dir,
    async close() {
      await services.stop()
      await store.close()
      await rm(dir, { recursive: true, force: true })
    },
  }
}
