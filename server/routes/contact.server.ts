import { randomUUID } from 'node:crypto'
import express, { Router, type ErrorRequestHandler, type Express, type Request, type RequestHandler, type Response } from 'express'
import { rateLimit } from 'express-rate-limit'
import {
  EMPTY_CONTACT,
  contactValuesFrom,
  isHoneypotFilled,
  type ContactFormState,
} from '../../domain/contact-fields.ts'
import { StoreWriteError, type Store } from '../../data/store.server.ts'
import { COMPANY } from '../../domain/business.ts'
import { checkContact, type ContactMessage } from '../../domain/contact-schema.ts'
import type { StoredMessage } from '../../data/message.server.ts'
import { HttpError } from '../http-errors.server.ts'
import { sendPersonalPage } from '../page-response.server.ts'
import type { Feature, ServiceDeps } from '../services.server.ts'
import { FormFlash } from '../services/form-flash.server.ts'
import { MailOutbox, type RetryPolicy } from '../services/mail-outbox.server.ts'

/**
 * Enquiries: the contact form's two ways in (answers listed in docs/api-and-data.md, HTTP API).
 *
 * - `POST /api/contact` (JSON, from the form's script): 201 `{ id }` once the message is in the data file.
 * - `POST /contact` (a plain form post, for visitors without JavaScript): the same checks and save,
 *   then post/redirect/get: 303 to `/contact/sent`, or back to `/contact?form=<id>` where the page
 *   shows the errors beside the fields and the values kept (held server-side; the URL has no personal data).
 *
 * The owner's e-mail goes out after the answer, through the outbox (server/services/mail-outbox.server.ts).
 */

/** The rate limit's window: CONTACT_RATE_LIMIT enquiries per client per this many minutes. */
export const RATE_WINDOW_MINUTES = 10
/** A full enquiry is ~5,000 characters of message: even in 3-byte characters that is under 32 kB. */
export const BODY_LIMIT = '32kb'

const FIX_FIELDS = 'Please correct the highlighted fields.'
const TOO_LARGE = 'Your message is too long to send. Please shorten it and try again.'
const NOT_JSON = 'Please send the enquiry as JSON (Content-Type: application/json).'
const SAVE_FAILED = `Sorry, your message could not be saved just now. Please try again in a few minutes, or e-mail us at ${COMPANY.emails.enquiries}.`
const tooMany = (limit: number) =>
  `You have sent ${limit === 1 ? 'a message' : `${limit} messages`} in the last ${RATE_WINDOW_MINUTES} minutes. Please wait a few minutes before sending another, or e-mail us at ${COMPANY.emails.enquiries}.`

export type ContactOptions = {
  /** Backoff of the e-mail retries (tests shorten it). */
  retry?: Partial<RetryPolicy>
  /** SMTP connection, greeting and socket timeouts in ms (default 20 s; tests shorten it). */
  smtpTimeoutMs?: number
  /** How long a no-JS form's values are kept for the page that shows its errors. */
  flashTtlMs?: number
}

export type ContactFeature = Feature & { outbox: MailOutbox }

export function contactRouter({ config, store, logger }: ServiceDeps, options: ContactOptions = {}): ContactFeature {
  const outbox = new MailOutbox({
    store,
    logger,
    smtpUrl: config.smtpUrl,
    mailTo: config.mailTo,
    mailFrom: config.mailFrom,
    retry: options.retry,
    timeoutMs: options.smtpTimeoutMs,
  })
  const flash = new FormFlash<ContactFormState>({ ttlMs: options.flashTtlMs ?? 30 * 60_000, max: 500 })

  /** Saves a valid enquiry; the e-mail is scheduled by the caller once the answer is on its way. */
  const save = (fields: ContactMessage): Promise<StoredMessage> => store.addMessage({ ...fields, notification: outbox.initialNotification() })

  const backToForm = (res: Response, state: ContactFormState) => {
    res.redirect(303, `/contact?form=${flash.put(state)}#contact-form`)
  }

  // One limiter for both ways in, so a bot cannot dodge it by switching. Only saved enquiries count
  // (skipFailedRequests + requestWasSuccessful): a visitor who mistypes is never locked out.
  const limiter: RequestHandler =
    config.contactRateLimit > 0
      ? rateLimit({
          windowMs: RATE_WINDOW_MINUTES * 60_000,
          limit: config.contactRateLimit,
          standardHeaders: 'draft-7',
          legacyHeaders: false,
          skipFailedRequests: true,
          // The app warns of forwarding headers without TRUST_PROXY itself, once, naming the setting.
          validate: { xForwardedForHeader: false, forwardedHeader: false },
          requestWasSuccessful: (_req, res) => res.locals.enquirySaved === true,
          handler: (req, res) => {
            const error = tooMany(config.contactRateLimit)
            req.log?.warn('enquiry refused: rate limit')
            if (req.originalUrl.startsWith('/api/')) {
              res.status(429).json({ error })
            } else {
              backToForm(res, { values: contactValuesFrom(req.body), errors: {}, formError: error })
            }
          },
          logger: {
            error: (err, msg) => logger.error({ err }, msg ?? 'rate limiter error'),
            warn: (err, msg) => logger.warn({ err }, msg ?? 'rate limiter warning'),
          },
        })
      : (_req, _res, next) => next()

  // --- POST /api/contact -------------------------------------------------------------------
  const api = Router()
  api.use((_req, res, next) => {
    res.setHeader('Cache-Control', 'no-store')
    next()
  })
  api.post(
    '/',
    (req, _res, next) => next(req.is('application/json') === 'application/json' ? undefined : new HttpError(415, NOT_JSON)),
    express.json({ limit: BODY_LIMIT }),
    limiter,
    async (req, res, next) => {
      if (isHoneypotFilled(req.body)) {
        // A bot: answer as if saved so it learns nothing, save and send nothing.
        req.log?.info('enquiry dropped: honeypot filled')
        res.status(201).json({ id: randomUUID() })
        return
      }
      // Read through contactValuesFrom: a missing or non-text field gets the form's own message, not valibot's.
      const parsed = checkContact(contactValuesFrom(req.body))
      if (!parsed.success) {
        res.status(400).json({ error: FIX_FIELDS, issues: parsed.errors })
        return
      }
      let saved: StoredMessage
      try {
        saved = await save(parsed.output)
      } catch (err) {
        if (err instanceof StoreWriteError) {
          req.log?.error({ err }, 'enquiry not saved')
          res.status(503).json({ error: SAVE_FAILED })
          return
        }
        return next(err)
      }
      res.locals.enquirySaved = true
      req.log?.info({ enquiry: saved.id }, 'enquiry saved')
      res.status(201).json({ id: saved.id })
      outbox.deliverSoon(saved.id)
    },
  )
  api.use(((err, _req, _res, next) => {
    // Body-parser errors, with sentences a person can read; the app's errorHandler answers them.
    if (err?.type === 'entity.too.large') return next(new HttpError(413, TOO_LARGE))
    if (err?.type === 'charset.unsupported' || err?.type === 'encoding.unsupported') return next(new HttpError(415, NOT_JSON))
    next(err)
  }) satisfies ErrorRequestHandler)

  // --- POST /contact and GET /contact?form=<id> (no JavaScript) -------------------------------
  const mountPages = (app: Express) => {
    app.post(
      '/contact',
      express.urlencoded({ extended: false, limit: BODY_LIMIT, parameterLimit: 20 }),
      limiter,
      (async (req, res, next) => {
        res.setHeader('Cache-Control', 'no-store')
        if (isHoneypotFilled(req.body)) {
          req.log?.info('enquiry dropped: honeypot filled')
          res.redirect(303, '/contact/sent')
          return
        }
        const values = contactValuesFrom(req.body)
        const parsed = checkContact(values)
        if (!parsed.success) {
          backToForm(res, { values, errors: parsed.errors, formError: FIX_FIELDS })
          return
        }
        let saved: StoredMessage
        try {
          saved = await save(parsed.output)
        } catch (err) {
          if (err instanceof StoreWriteError) {
            req.log?.error({ err }, 'enquiry not saved')
            backToForm(res, { values, errors: {}, formError: SAVE_FAILED })
            return
          }
          return next(err)
        }
        res.locals.enquirySaved = true
        req.log?.info({ enquiry: saved.id }, 'enquiry saved (form post)')
        res.redirect(303, '/contact/sent')
        outbox.deliverSoon(saved.id)
      }) satisfies RequestHandler,
      ((err, _req, res, next) => {
        if (err?.type === 'entity.too.large') return backToForm(res, { values: EMPTY_CONTACT, errors: {}, formError: TOO_LARGE })
        next(err)
      }) satisfies ErrorRequestHandler,
    )

    // The page after a post that needs another go. Rendered for this visitor only: never cached
    // (the shared page cache keys on the URL), and the flash id is random and short-lived.
    app.get(['/contact', '/contact/index.pageContext.json'], async (req, res, next) => {
      const state = flash.get(req.query.form)
      if (!state) return next()
      try {
        await sendPersonalPage(req, res, { store, siteUrl: config.siteUrl ?? `${req.protocol}://${req.get('host')}`, contactForm: state })
      } catch (err) {
        next(err)
      }
    })
  }

  return {
    api,
    mountPages,
    outbox,
    start: () => outbox.start(),
    stop: () => outbox.stop(),
  }
}
