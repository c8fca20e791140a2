import type { Logger } from 'pino'
import type { Store } from '../data/store.server.ts'
import type { Config } from './config/config.server.ts'
import { formStateKey } from './http/form-state-cookie.server.ts'
import { formKeyFileFor, mediaDirFor } from './config/paths.server.ts'
import { returnedContactForms, type ReturnedContactForms } from './http/returned-contact-form.server.ts'
import { returnedOwnerForms, type ReturnedOwnerForms } from './http/returned-owner-form.server.ts'
import { createEnquiryService, type EnquiryService } from './services/enquiries.server.ts'
import type { ImageGenerator } from './services/image-generator.server.ts'
import { configuredImageGenerator } from './services/images/configured-generator.server.ts'
import { ownerCheck, type OwnerCheck } from './owner/owner.server.ts'
import { DailyImageLimit } from './services/images/daily-limit.server.ts'
import type { AvifTwins } from './services/images/avif-twins.server.ts'
import { photoFormatsFor, stopPhotoFormats } from './services/images/media.server.ts'
import { MailOutbox, type RetryPolicy } from './services/mail-outbox.server.ts'
import { CatalogueHistory, historyFileFor } from '../data/catalogue-history.server.ts'
import { snapshotDirFor, Snapshots } from '../data/snapshots.server.ts'
import { CatalogueService } from './services/catalogue.server.ts'
import { missingPhotoCheck, servedPhotoCheck } from './services/served-photo.server.ts'
import { offersFileFor, PhotoOffers } from './services/photo-offers.server.ts'
import { ProductPhotoRuns } from './services/product-photo-runs.server.ts'
import { appVersion, shopHealth } from './services/shop-health.server.ts'
import type { ShopHealth } from '../domain/shop-health.ts'
import { answerBackups } from './services/backup/shop-copy.server.ts'
import { Statistics } from './services/statistics/statistics.server.ts'
import { statisticsFileFor } from './services/statistics/statistics-file.server.ts'
import type { DayRange } from '../domain/merchant-listing.ts'
import { OrdersService } from './services/orders/orders.server.ts'
import { visitsReport } from './services/statistics/visits.server.ts'
import { ownerOrders, type OwnerOrders } from './services/orders/owner-orders.server.ts'
import type { ReportRange, StatisticsReport } from '../domain/statistics-report.ts'
import { ownerInbox, type OwnerInbox } from './services/owner-inbox.server.ts'

const PHOTOS_BEING_MADE = 'New photographs are being made for this product: change its web address once they are ready.'

/**
 * The long-lived parts, built once by server.ts and handed to the routes that use them and to every page's
 * `+data` (the page context's `services`, server side only: nothing here reaches the browser unless a page returns it).
 */
export type Services = {
  /** The one store: what pages read, and what every write goes through. */
  store: Store
  /** What delivery costs in pounds ('4.95', DELIVERY_PRICE), for the product pages' listings; undefined when not set. */
  deliveryPrice: string | undefined
  /** The time in the post in business days (DELIVERY_DAYS), for the same listings; undefined when not set. */
  deliveryDays: DayRange | undefined
  /** E-mails every saved enquiry to the owner, retrying until sent. */
  outbox: MailOutbox
  /** Checks, saves and schedules the e-mail of an enquiry, for both of its ways in. */
  enquiries: EnquiryService
  /** A refused form's state between its post and its page, in a signed cookie: the enquiry form's, the owner's. */
  returnedForms: { contact: ReturnedContactForms; owner: ReturnedOwnerForms }
  /** Product photographs: the generator, the daily spend cap, and whether OPENAI_API_KEY is set. */
  images: { generator: ImageGenerator; dailyLimit: DailyImageLimit; configured: boolean }
  /** Who counts as the owner, for the workspace, its API, image generation and /healthz. */
  owner: OwnerCheck
  /** The owner's changes to the catalogue, with their history and dated snapshots. */
  catalogue: CatalogueService
  /** One product's four angles, generated and offered for the owner to choose from. */
  productPhotos: ProductPhotoRuns
  /** Which photographs have AVIF twins; those stored before AVIF get theirs in the background after start. */
  photoFormats: AvifTwins
  /** The owner's health panel (/admin/health, and `npm run health` through the data file's lock). */
  health: () => Promise<ShopHealth>
  /** Page views, visitors and hand-offs to payment, counted per day in memory and written about once a minute. */
  statistics: Statistics
  /** The orders Stripe's events make, with their stock and the owner's e-mail of each (its events only with STRIPE_WEBHOOK_SECRET). */
  orders: OrdersService
  /** The Visits page's figures for a range of days (and its CSV's). */
  visits: (range: ReportRange) => Promise<StatisticsReport>
  /** The owner's inbox: its list, one enquiry, the count of new ones. */
  inbox: OwnerInbox
  /** The orders as the workspace's pages show them: the list, one order, "Needs you"'s counts. */
  ownerOrders: OwnerOrders
  /** Background work at start-up: e-mails left unsent by an earlier run, AVIF twins missing from the media folder. */
  start(): Promise<void>
  /** Stops a generation run and the outbox, waiting for work in progress (graceful shutdown). */
  stop(): Promise<void>
}

export type ServiceOptions = {
  /** Backoff of the e-mail retries (tests shorten it). */
  retry?: Partial<RetryPolicy>
  /** SMTP connection, greeting and socket timeouts in ms (default 20 s; tests shorten it). */
  smtpTimeoutMs?: number
}

export function createServices(
  { config, store, logger }: { config: Config; store: Store; logger: Logger },
  options: ServiceOptions = {},
): Services {
  const outbox = new MailOutbox({
    store,
    logger,
    smtpUrl: config.smtpUrl,
    mailTo: config.mailTo,
    mailFrom: config.mailFrom,
    retry: options.retry,
    timeoutMs: options.smtpTimeoutMs,
  })
  const enquiries = createEnquiryService({ store, outbox, sameTextLimit: config.contactRateLimit })
  const formKey = formStateKey(formKeyFileFor(config.dataFile), logger)
  const returnedForms = { contact: returnedContactForms(formKey), owner: returnedOwnerForms(formKey) }

  const dailyLimit = new DailyImageLimit(store, config.imageDailyLimit)
  const catalogue = new CatalogueService(
    store,
    new CatalogueHistory(historyFileFor(store.file)),
    new Snapshots(snapshotDirFor(store.file)),
    servedPhotoCheck(mediaDirFor(config.dataFile)),
  )
  const generator = configuredImageGenerator(config, store, {
    logger: logger.child({ feature: 'image-generation' }),
    dailyLimit,
    saveProduct: (runId, id, patch) => catalogue.saveGenerated(runId, id, patch),
  })
  const photoFormats = photoFormatsFor(mediaDirFor(config.dataFile))
  const startedAt = new Date(Date.now() - process.uptime() * 1000).toISOString()
  const health = async () =>
    shopHealth({
      dataFile: store.file,
      data: store.data,
      enquiries: await store.allEnquiries(),
      problem: store.problem,
      writable: await store.isWritable(),
      mailConfigured: outbox.enabled,
      allowance: dailyLimit.allowance(),
      imagesConfigured: Boolean(config.openaiApiKey),
      photoMissing: missingPhotoCheck(mediaDirFor(config.dataFile)),
      server: { running: true, startedAt, version: await appVersion(), node: process.version },
    })
  store.answer('health', health)
  answerBackups(store)
  const offers = new PhotoOffers(offersFileFor(store.file))
  const statistics = new Statistics({
    file: statisticsFileFor(store.file),
    enabled: config.statistics,
    writeEveryMs: config.statisticsWriteMs,
    logger: logger.child({ feature: 'statistics' }),
  })

  const productPhotos = new ProductPhotoRuns({
    generator,
    offers,
    catalogue,
    store,
    mediaDir: mediaDirFor(config.dataFile),
    configured: Boolean(config.openaiApiKey),
    allowance: () => dailyLimit.allowance(),
  })
  // A draft's new web address takes its new photographs with it; not while a run (its own, or the whole
  // catalogue's) is making some for it.
  catalogue.followIds({
    busy: (id) => {
      const run = generator.current
      return run && (run.productId ?? id) === id ? PHOTOS_BEING_MADE : null
    },
    moved: (from, to) => offers.rename(from, to),
  })

  const orders = new OrdersService({ store, catalogue, outbox, logger: logger.child({ feature: 'orders' }) })

  return {
    store,
    deliveryPrice: config.deliveryPrice,
    deliveryDays: config.deliveryDays,
    outbox,
    enquiries,
    orders,
    health,
    returnedForms,
    images: { generator, dailyLimit, configured: Boolean(config.openaiApiKey) },
    owner: ownerCheck(config.adminPassword),
    catalogue,
    productPhotos,
    photoFormats,
    statistics,
    visits: visitsReport({ statistics, store, orders, takesOrders: Boolean(config.stripeWebhookSecret) }),
    ownerOrders: ownerOrders(orders, logger.child({ feature: 'orders' })),
    inbox: ownerInbox(store, outbox),
    async start() {
      await statistics.start()
      await photoFormats
        .start()
        .catch((err: unknown) =>
          logger.warn({ err }, 'The media folder could not be read for AVIF twins; photographs are offered in WebP.'),
        )
      await orders.start()
      await outbox.start()
    },
    async stop() {
      await Promise.all([
        generator.stop(),
        outbox.stop(),
        stopPhotoFormats(photoFormats.mediaDir),
        statistics.stop(),
        orders.stop(),
      ])
    },
  }
}
