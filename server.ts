/** The composition root: config → store → services → app → listen → shutdown; `--dev` for Vite's hot reload. */
import { existsSync } from 'node:fs'
import type { Server } from 'node:http'
import path from 'node:path'
import { DataFileError, openStore } from './data/store.server.ts'
import { createSite } from './server/site.server.ts'
import { loadConfig } from './server/config/config.server.ts'
import { readEnvFile } from './server/config/env-file.server.ts'
import { announceStart } from './server/first-start.server.ts'
import { createLogger, logFormatFor } from './server/logger.server.ts'
import { pacedDispatch } from './server/http/paced-dispatch.server.ts'
import { ROOT } from './server/config/paths.server.ts'
import { recordRunningServer } from './server/running-server.server.ts'
import { createSiteServer } from './server/http/site-server.server.ts'
import { createServices } from './server/services.server.ts'
import { SHUTTING_DOWN } from './server/services/image-generator.server.ts'

const isDev = process.argv.includes('--dev')

async function main() {
  let config
  let settingsFile
  try {
    settingsFile = readEnvFile() // `.env` in the repository root, when there is one; the environment wins
    config = loadConfig({ NODE_ENV: isDev ? 'development' : 'production', ...process.env })
  } catch (err) {
    if (err instanceof Error) fail(err.message)
    throw err
  }
  const logFormat = logFormatFor(config.logFormat, process.stdout.isTTY)
  const logger = createLogger(config.logLevel, logFormat)

  let store
  const createdFromSeed = !existsSync(path.resolve(config.dataFile))
  try {
    store = await openStore(config.dataFile, { logger })
  } catch (err) {
    if (err instanceof DataFileError) fail(err.message)
    throw err
  }
  if (config.openaiApiKey && !config.adminPassword) {
    // Without a password the owner is whoever uses the server machine itself; a proxy in front must
    // then mark what it passes on (X-Forwarded-For), or every visitor would look local.
    const message =
      'ADMIN_PASSWORD is not set: image generation is open only to requests ' +
      'from this machine itself (for example /admin through an SSH tunnel). ' +
      'Set ADMIN_PASSWORD to use /admin from elsewhere.'
    // On a terminal the start's own lines say so.
    if (config.trustProxy === false) {
      if (logFormat === 'json') logger.info(message)
    } else logger.warn(`${message} Behind a proxy, make sure it sends X-Forwarded-For with every request it passes on.`)
  }

  // `npm run snapshots` and the other commands, typed in a plain shell, find this server's file by it.
  const forgetRecord = await recordRunningServer(store.file, { port: config.port, host: config.host })
  const services = createServices({ config, store, logger })
  const vite = isDev
    ? await (await import('vite')).createServer({ root: ROOT, server: { middlewareMode: true }, appType: 'custom' })
    : undefined
  const site = await createSite({ config, store, services, logger, vite })

  // Requests reach the site through a paced queue, so a flood cannot hold the event loop; cache hits
  // are answered before Express runs. The server's deadlines: server/http/site-server.server.ts.
  // Vite's dev server serves source files by path: on this machine only, unless HOST says otherwise.
  const host = config.host ?? (isDev ? 'localhost' : '::')
  const server: Server = createSiteServer(pacedDispatch(site.handler)).listen(config.port, host, () => {
    const address = server.address()
    const port = typeof address === 'object' && address ? address.port : config.port
    const facts = { port, host, dataFile: store.file, createdFromSeed, products: store.products.length }
    announceStart({ ...facts, mode: isDev ? 'development' : 'production', settingsFile, config }, logFormat, logger)
  })
  server.on('error', (err) => fail(`Cannot listen on port ${config.port}: ${err.message}`))

  // Installed at once, so a stop signal at any moment after this point shuts down gracefully.
  let stopping = false
  const shutdown = async (signal: string) => {
    if (stopping) return
    stopping = true
    logger.info({ signal }, 'Shutting down: finishing requests in flight and pending writes')
    // A generation run holds its event streams open: stop it at once, so they end and close() can finish.
    services.images.generator.current?.cancel(SHUTTING_DOWN)
    const force = setTimeout(() => {
      logger.error('Shutdown took longer than 10 s; exiting anyway')
      process.exit(1)
    }, 10_000)
    force.unref()
    // Stop accepting connections; close idle keep-alive ones so close() can finish.
    const closed = new Promise<void>((resolve) => server.close(() => resolve()))
    server.closeIdleConnections()
    await closed
    await services.stop()
    await vite?.close()
    await store.close()
    await forgetRecord()
    logger.info('Stopped cleanly')
    logger.flush?.()
    process.exit(0)
  }
  // The one shutdown path: nothing else in the process listens for these signals.
  process.on('SIGTERM', () => void shutdown('SIGTERM'))
  process.on('SIGINT', () => void shutdown('SIGINT'))

  await services.start()
}

function fail(message: string): never {
  console.error(`Cannot start: ${message}`)
  process.exit(1)
}

main().catch((err) => {
  console.error('Cannot start:', err)
  process.exit(1)
})
