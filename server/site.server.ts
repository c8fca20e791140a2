import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http'
import compression from 'compression'
import express, { type Express } from 'express'
import type { ViteDevServer } from 'vite'
import { answerCacheHitsFirst } from './cache/cache-hits.server.ts'
import { apiNotFound, errorHandler, unhandled } from './http/http-errors.server.ts'
import { CLIENT_DIST, mediaDirFor, SEED_IMAGES, SERVER_ENTRY } from './config/paths.server.ts'
import { isServedFromCache, ResponseCache } from './cache/response-cache.server.ts'
import { oneSpelling } from './http/one-spelling.server.ts'
import { clientAddressOf, ownHostsOf, pageViewCounter } from './http/page-views.server.ts'
import { warnOfUntrustedProxy } from './http/proxy-warning.server.ts'
import { requestLog } from './http/request-log.server.ts'
import { paymentOriginsOf, refuseCrossSite, securityHeaders } from './http/security.server.ts'
import { requireSiteHost } from './http/site-host.server.ts'
import { serveClientBuild } from './http/static-files.server.ts'
import { ownerAddress, privateWorkspace } from './owner/owner-paths.server.ts'
import { pageRenderer } from './render/page-handler.server.ts'
import { limitUncachedRenders } from './render/render-limit.server.ts'
import { healthHandler } from './routes/health.server.ts'
import { seoRouter } from './routes/seo.server.ts'
import { siteRoutes, type RouteDeps } from './routes/site-routes.server.ts'
import { socialImagesRouter } from './routes/social-images.server.ts'
import { unpublishedPhotos } from './routes/unpublished-photos.server.ts'

/** What createSite is built from: server.ts's config, store, services and logger. */
export type AppDeps = Pick<RouteDeps, 'config' | 'store' | 'services' | 'logger' | 'uploadStallMs'> & {
  /** Development only: Vite's dev server, for hot reload. */
  vite?: ViteDevServer
}

let productionEntry: Promise<unknown> | undefined

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
    // Both only go up, so their sum changes whenever either does.
    version: () => store.productsVersion + deps.services.photoFormats.version,
    siteUrl: config.siteUrl,
    trustProxy: app.get('trust proxy fn'),
    enabled: !vite, // hot reload must show every edit
    neverKept: (path) => ownerAddress(path) !== undefined,
  })
  const pages = pageRenderer({ services: deps.services, siteUrl: config.siteUrl, cache: responses })
  const renders = limitUncachedRenders(responses)
  const log = requestLog(logger)
  const proxyWarning = warnOfUntrustedProxy(config.trustProxy, logger)

  const countView = pageViewCounter({
    statistics: deps.services.statistics,
    store,
    ownerSignedIn: deps.services.owner.signedIn,
    isOwners: (path) => ownerAddress(path) !== undefined,
    isKept: isServedFromCache,
    ownHosts: ownHostsOf(config.siteUrl),
    clientAddress: clientAddressOf(app.get('trust proxy fn')),
  })

  app.use(log.middleware)
  app.use((req, res, next) => {
    countView(req, res)
    next()
  })
  app.use(proxyWarning)
  // Every answer carries these, a refusal of the request's host or target included.
  app.use(privateWorkspace)
  app.use(securityHeaders({ isProduction: !vite, paymentOrigins: paymentOriginsOf(store) }))
  app.use(requireSiteHost({ siteUrl: config.siteUrl }))
  app.use(refuseCrossSite({ siteUrl: config.siteUrl }))
  // Kept answers carry their own compressed bytes: never compressed again.
  app.use(
    compression({ threshold: 512, filter: (req, res) => !isServedFromCache(res) && compression.filter(req, res) }),
  )
  const { owner, api, beforePages } = routes({ ...deps, responses, pages, renders: renders.posts })
  // A visitor is refused the workspace (401/403) however its address is spelled, a malformed one too.
  owner(app)
  app.use(oneSpelling)

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

  app.use(renders.pages)
  beforePages(app)
  app.get('/{*splat}', pages.handler)
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
