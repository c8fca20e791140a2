/**
 * The production site plus `/__static/` (BENCH_STATIC_DIR) through the same
 * Express stack, to compare a kept page with the same bytes as a static file.
 */
import { createServer } from 'node:http'
import express from 'express'
import { openStore } from '../data/store.server.ts'
import { createSite } from '../server/site.server.ts'
import { siteRoutes } from '../server/routes/site-routes.server.ts'
import { loadConfig } from '../server/config/config.server.ts'
import { createLogger } from '../server/logger.server.ts'
import { pacedDispatch } from '../server/http/paced-dispatch.server.ts'
import { createServices } from '../server/services.server.ts'

const staticDir = process.env.BENCH_STATIC_DIR
if (!staticDir) throw new Error('BENCH_STATIC_DIR must name the folder of static twins')

const config = loadConfig(process.env)
const logger = createLogger(config.logLevel)
const store = await openStore(config.dataFile, { logger })
const services = createServices({ config, store, logger })
const site = await createSite({ config, store, services, logger }, (deps) => {
  const routes = siteRoutes(deps)
  return {
    ...routes,
    beforePages(app) {
      app.use('/__static', express.static(staticDir, { index: false }))
      routes.beforePages(app)
    },
  }
})
const server = createServer(pacedDispatch(site.handler)).listen(config.port, config.host ?? '::')
await services.start()

process.on('SIGTERM', () => {
  server.close()
  server.closeAllConnections()
  void services
    .stop()
    .then(() => store.close())
    .then(() => process.exit(0))
})
