import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http'
import compression from 'compression'
import express, { type Express } from 'express'
import type { Logger } from 'pino'
import type { ViteDevServer } from 'vite'
import type { Store } from '../data/store.server.ts'
import type { GenerationSetup } from '../domain/image-generation.ts'
import { answerCacheHitsFirst } from './cache/cache-hits.server.ts'
import type { Config } from './config.server.ts'
import { apiNotFound, errorHandler, unhandled } from './http/http-errors.server.ts'
import { healthHandler } from './health.server.ts'
import { CLIENT_DIST, mediaDirFor, SEED_IMAGES, SERVER_ENTRY } from './paths.server.ts'
import { isServedFromCache, ResponseCache } from './cache/response-cache.server.ts'
import { warnOfUntrustedProxy } from './http/proxy-warning.server.ts'
import { createPageHandler } from './render/page-handler.server.ts'
import { limitUncachedRenders } from './render/render-limit.server.ts'
import { requestLog } from './http/request-log.server.ts'
import { paymentOriginsOf, refuseCrossSite, rejectMalformedUrls, securityHeaders } from './http/security.server.ts'
import { requireSiteHost } from './http/site-host.server.ts'
import { serveClientBuild } from './http/static-files.server.ts'
import { unpublishedPhotos } from './http/unpublished-photos.server.ts'
import { mountOrderForm } from './routes/order-form.server.ts'
import { productsRouter } from './routes/products.server.ts'
import { productStateRouter } from './routes/product-state.server.ts'
import { handoffCounter, handoffRouter } from './routes/handoff.server.ts'
import { contactRoutes } from './routes/contact.server.ts'
import { generateImagesApi } from './routes/generate-images.server.ts'
import { adminEnquiriesRoutes } from './routes/admin-enquiries.server.ts'
import { adminOverviewRoutes } from './routes/admin-overview.server.ts'
import { adminHealthRoutes } from './routes/admin-health.server.ts'
import { adminStatisticsRoutes } from './routes/admin-statistics.server.ts'
import { adminOrdersRoutes } from './routes/admin-orders.server.ts'
import { ownerAnswersPrivate, workspaceGuard } from './owner/workspace-guard.server.ts'
import { catalogueRoutes } from './routes/catalogue.server.ts'
import { photoRoutes } from './routes/photos.server.ts'
import { productAngleRoutes } from './routes/product-angles.server.ts'
import { seoRouter } from './routes/seo.server.ts'
import { stripeWebhook } from './routes/stripe-webhook.server.ts'
import { socialImagesRouter } from './routes/social-images.server.ts'
import type { Services } from './services.server.ts'
import { clientAddressOf, ownHostsOf, pageViewCounter } from './services/statistics/page-views.server.ts'

export type AppDeps = {
  config: Config
  store: Store
  services: Services
  logger: Logger
  /** Development only: Vite's dev server, for hot reload. */
  vite?: ViteDevServer
  /** How long an upload may send nothing before it gives its place back (15 s; tests shorten it). */
  uploadStallMs?: number
}

/** What the routes are built from: the app's parts and the response cache. */
export type RouteDeps = AppDeps & { responses: ResponseCache }

/**
 * Mounted in this order: the owner check first, the API before `/api`'s 404,
 * then what must run before the page handler; tests may replace a group.
 */
export type SiteRoutes = {
  owner: (app: Express) => void
  api: (app: Express) => void
  beforePages: (app: Express) => void
}

export function siteRoutes({ config, store, services, logger, responses, uploadStallMs }: RouteDeps): SiteRoutes {
  // One router pair for both ways in of an enquiry: they share one rate limiter.
  const countHandoff = handoffCounter(services.statistics, config.adminPassword)
  const contact = contactRoutes({
    config,
    store,
    logger,
    enquiries: services.enquiries,
    returnedForms: services.returnedForms,
  })
  // Worked out for each of the owner's requests, the allowance as it is then.
  const imageGeneration = (): GenerationSetup => ({
    configured: Boolean(config.openaiApiKey),
    allowance: services.images.dailyLimit.allowance(),
  })
  // Every page of the workspace may show a product's photographs, a refused upload's too: each gets the runs.
  const ownerPage = () => ({
    catalogue: services.catalogue,
    imageGeneration: imageGeneration(),
    productPhotoRuns: services.productPhotos,
  })
  return {
    owner(app) {
      app.use(workspaceGuard({ store, siteUrl: config.siteUrl, owner: services.owner, ownerPage }))
      app.use(catalogueRoutes({ catalogue: services.catalogue, store, siteUrl: config.siteUrl }))
      app.use(
        photoRoutes({
          catalogue: services.catalogue,
          store,
          siteUrl: config.siteUrl,
          mediaDir: mediaDirFor(config.dataFile),
          stallMs: uploadStallMs,
        }),
      )
      app.use(productAngleRoutes({ runs: services.productPhotos, store, siteUrl: config.siteUrl }))
    },
    api(app) {
      app.use('/api/products', productsRouter(store, responses))
      app.use('/api/products', productStateRouter(store))
      app.use('/api/handoff', handoffRouter({ store, countHandoff }))
      app.use('/api/contact', contact.api)
      app.use('/api/generate-images', generateImagesApi({ config, ...services.images, owner: services.owner }))
      // Without the secret the address is unknown (404), as the contract says.
      const secret = config.stripeWebhookSecret
      if (secret) {
        const webhook = stripeWebhook({ secret, orders: services.orders })
        app.use('/api/payments/stripe', (req, res, next) => void webhook.then((router) => router(req, res, next), next))
      }
    },
    beforePages(app) {
      app.use(contact.form)
      app.use(adminEnquiriesRoutes({ store, outbox: services.outbox }))
      app.use(adminHealthRoutes(services.health))
      app.use(adminOverviewRoutes({ catalogue: services.catalogue, health: services.health, orders: services.orders }))
      const takesOrders = Boolean(config.stripeWebhookSecret)
      app.use(adminStatisticsRoutes({ store, statistics: services.statistics, orders: services.orders, takesOrders }))
      app.use(adminOrdersRoutes({ orders: services.orders, logger }))
      mountOrderForm(app, { store, siteUrl: config.siteUrl, deliveryPrice: config.deliveryPrice, countHandoff })
    },
  }
}

let productionEntry: Promise<unknown> | undefined
const DAY_MS = 86_400_000

export type Site = {
  /** The Express application. */
  app: Express
  /** What server.ts listens with: cache hits answered before the app, everything else by it. */
  handler: RequestListener
  /** Pages, /api/products and the sitemap, kept compressed until the products change. */
  responses: ResponseCache
}

/** Cache hits before Express, then logging, compression, static files, the API, and pages through Vike. */
export async function createSite(deps: AppDeps, routes = siteRoutes): Promise<Site> {
  const { config, store, logger, vite } = deps
  if (!vite) {
    // The built server entry holds Vike's page files; import it explicitly, as its automatic
    // import can miss it (https://github.com/brillout/vite-plugin-server-entry#manual-import).
    productionEntry ??= import(/* @vite-ignore */ SERVER_ENTRY)
    await productionEntry
  }

  const app = express()
  app.disable('x-powered-by')
  app.set('trust proxy', config.trustProxy)
  app.set('etag', 'strong')

  const responses = new ResponseCache({
    // All three only go up, so their sum changes whenever one does. The day: the product feed gives a
    // made-to-order product the date it is ready, counted from today.
    version: () => store.productsVersion + deps.services.photoFormats.version + Math.floor(Date.now() / DAY_MS),
    siteUrl: config.siteUrl,
    trustProxy: app.get('trust proxy fn'),
    enabled: !vite, // hot reload must show every edit
  })
  const log = requestLog(logger)
  const proxyWarning = warnOfUntrustedProxy(config.trustProxy, logger)

  const countView = pageViewCounter({
    statistics: deps.services.statistics,
    store,
    adminPassword: config.adminPassword,
    ownHosts: ownHostsOf(config.siteUrl),
    clientAddress: clientAddressOf(app.get('trust proxy fn')),
  })

  app.use(log.middleware)
  app.use((req, res, next) => {
    countView(req, res)
    next()
  })
  app.use(proxyWarning)
  app.use(requireSiteHost({ siteUrl: config.siteUrl }))
  app.use(ownerAnswersPrivate)
  app.use(securityHeaders({ isProduction: !vite, paymentOrigins: paymentOriginsOf(store) }))
  app.use(refuseCrossSite({ siteUrl: config.siteUrl }))
  // Kept answers carry their own compressed bytes: never compressed again.
  app.use(
    compression({ threshold: 512, filter: (req, res) => !isServedFromCache(res) && compression.filter(req, res) }),
  )
  const { owner, api, beforePages } = routes({ ...deps, responses })
  // A visitor is refused the workspace (401/403) however its address is spelled, a malformed one too.
  owner(app)
  app.use(rejectMalformedUrls)

  if (vite) {
    app.use(vite.middlewares)
  } else {
    app.use(serveClientBuild(CLIENT_DIST))
    // A missing asset is a 404 sentence, never a page.
    app.use('/assets', unhandled)
  }
  // A draft's photographs and share card are the owner's alone; the rest are everyone's.
  const servePhotos = unpublishedPhotos({
    store,
    mediaDir: mediaDirFor(config.dataFile),
    seedDir: SEED_IMAGES,
    owner: deps.services.owner,
  })
  app.use('/images/seed', servePhotos(SEED_IMAGES, { maxAge: '7d' }))
  // Generated pictures change while the site runs; each has a name of its own, so it never changes under it.
  app.use('/media', servePhotos(mediaDirFor(config.dataFile), { immutable: true, maxAge: '1y' }))
  app.use('/social', socialImagesRouter({ store, mediaDir: mediaDirFor(config.dataFile) }))

  app.use(
    seoRouter({
      siteUrl: config.siteUrl,
      store,
      responses,
      history: deps.services.catalogue.history,
      photoFormats: deps.services.photoFormats,
      delivery: { deliveryPrice: config.deliveryPrice, deliveryDays: config.deliveryDays },
    }),
  )

  app.get('/healthz', healthHandler(store, deps.services.owner))

  api(app)
  app.use('/api', apiNotFound)

  app.use(limitUncachedRenders(responses))
  beforePages(app)
  app.get(
    '/{*splat}',
    createPageHandler({
      store,
      siteUrl: config.siteUrl,
      cache: responses,
      photoFormats: deps.services.photoFormats,
      deliveryPrice: config.deliveryPrice,
      deliveryDays: config.deliveryDays,
    }),
  )
  app.use(unhandled)
  app.use(errorHandler)
  // A hit gets what the first middlewares give every request: its log line, its count and the proxy check.
  const seeHit = (req: IncomingMessage, res: ServerResponse) => {
    log.answered(req, res)
    countView(req, res)
    proxyWarning(req, res, () => {})
  }
  return { app, handler: answerCacheHitsFirst({ cache: responses, seeRequest: seeHit, app }), responses }
}
