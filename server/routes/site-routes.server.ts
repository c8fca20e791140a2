import type { Express, RequestHandler } from 'express'
import type { Logger } from 'pino'
import type { Store } from '../../data/store.server.ts'
import type { ResponseCache } from '../cache/response-cache.server.ts'
import type { Config } from '../config/config.server.ts'
import { whoAsks } from '../owner/owner.server.ts'
import { mediaDirFor } from '../config/paths.server.ts'
import type { PageRenderer } from '../render/page-handler.server.ts'
import { ownerRoutes } from './admin/index.server.ts'
import { contactRoutes } from './contact.server.ts'
import { generateImagesApi } from './generate-images.server.ts'
import { handoffCounter, handoffRouter } from './handoff.server.ts'
import { mountOrderForm } from './order-form.server.ts'
import { productStateRouter } from './product-state.server.ts'
import { productsRouter } from './products.server.ts'
import { stripeWebhook } from './stripe-webhook.server.ts'

/** The server's long-lived parts (server/services.server.ts), as every page's context holds them. */
type Services = Vike.PageContextServer['services']

/** What the routes are built from: the app's parts, the response cache and the one page render. */
export type RouteDeps = {
  config: Config
  store: Store
  services: Services
  logger: Logger
  /** How long an upload may send nothing before it gives its place back (15 s; tests shorten it). */
  uploadStallMs?: number
  responses: ResponseCache
  /** Every page, and a route's answer with a page (a refused form's). */
  pages: PageRenderer
  /** The allowance of renders per visitor, for a post answered with a page. */
  renders: RequestHandler
}

/**
 * The site's route table, mounted in this order by createSite: the owner check first (before the address is
 * made plain, so every spelling gets it), the APIs before `/api`'s 404, then what must run before the page
 * handler. Tests may replace a group.
 */
export type SiteRoutes = {
  owner: (app: Express) => void
  api: (app: Express) => void
  beforePages: (app: Express) => void
}

export function siteRoutes({ config, store, services, logger, responses, pages, renders, uploadStallMs }: RouteDeps) {
  // One router pair for both ways in of an enquiry: they share one rate limiter.
  const countHandoff = handoffCounter(services.statistics, services.owner)
  const contact = contactRoutes({
    config,
    logger,
    enquiries: services.enquiries,
    returnedForms: services.returnedForms.contact,
    pages,
  })
  // The owner's actions and API, one router each: every workspace page's routes (routes/admin/).
  const owner = ownerRoutes({
    services,
    pages,
    returnedForms: services.returnedForms.owner,
    mediaDir: mediaDirFor(config.dataFile),
    logger,
    uploadStallMs,
  })
  return {
    owner(app) {
      app.use(whoAsks(services.owner))
    },
    api(app) {
      app.use('/api/admin', owner.api)
      app.use('/api/products', productsRouter(store, responses))
      app.use('/api/products', productStateRouter(store))
      app.use('/api/handoff', handoffRouter({ store, countHandoff }))
      app.use('/api/contact', contact.api)
      app.use('/api/generate-images', generateImagesApi({ config, ...services.images }))
      // Without the secret the address is unknown (404), as the contract says.
      const secret = config.stripeWebhookSecret
      if (secret) {
        const webhook = stripeWebhook({ secret, orders: services.orders })
        app.use('/api/payments/stripe', (req, res, next) => void webhook.then((router) => router(req, res, next), next))
      }
    },
    beforePages(app) {
      app.use(contact.form)
      app.use('/admin', owner.actions)
      mountOrderForm(app, { store, countHandoff, pages, renders })
    },
  } satisfies SiteRoutes
}
