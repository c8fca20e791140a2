import { randomUUID } from 'node:crypto'
import express, { Router, type ErrorRequestHandler, type Request, type RequestHandler, type Response } from 'express'
import { rateLimit } from 'express-rate-limit'
import type { Logger } from 'pino'
import { COMPANY } from '../../domain/business.ts'
import { CONTACT_FIELDS, EMPTY_CONTACT, contactValuesFrom, type ContactFormState } from '../../domain/contact-fields.ts'
import type { Config } from '../config/config.server.ts'
import { HttpError } from '../http/http-errors.server.ts'
import type { ReturnedContactForms } from '../http/returned-contact-form.server.ts'
import type { PageRenderer } from '../render/page-handler.server.ts'
import type { EnquiryOutcome, EnquiryService } from '../services/enquiries.server.ts'
import { jsonBody } from '../http/json-body.server.ts'

/**
 * The contact form's two ways in (docs/api-and-data.md), thin adapters over the enquiry
 * service; the no-JavaScript one carries errors back in a signed cookie, never the address.
 */

/** The rate limit's window: CONTACT_RATE_LIMIT enquiries per client per this many minutes. */
export const RATE_WINDOW_MINUTES = 10
/** A full enquiry is ~5,000 characters of message: even in 3-byte characters that is under 32 kB. */
export const BODY_LIMIT = '32kb'

const FIX_FIELDS = 'Please correct the highlighted fields.'
const TOO_LARGE = 'Your message is too long to send. Please shorten it and try again.'
const NOT_JSON = 'Please send the enquiry as JSON (Content-Type: application/json).'
const SAVE_FAILED =
  `Sorry, your message could not be saved just now. Please try again in a ` +
  `few minutes, or e-mail us at ${COMPANY.emails.enquiries}.`
const tooMany = (limit: number) =>
  `You have sent ${limit === 1 ? 'a message' : `${limit} messages`} in ` +
  `the last ${RATE_WINDOW_MINUTES} minutes. Please wait a few minutes ` +
  `before sending another, or e-mail us at ${COMPANY.emails.enquiries}.`

export type ContactRoutesDeps = {
  config: Config
  logger: Logger
  enquiries: EnquiryService
  /** Where a form sent back keeps its state between the post and the page. */
  returnedForms: ReturnedContactForms
  /** The page after the post, rendered for this visitor with what the cookie carries. */
  pages: PageRenderer
}

export function contactRoutes({ config, logger, enquiries, returnedForms, pages }: ContactRoutesDeps): {
  api: Router
  form: Router
} {
  /** 303 back to the form, its state in a cookie bound to the id in the address. */
  const backToForm = async (req: Request, res: Response, state: ContactFormState) => {
    let id: string | undefined
    for (const kept of shorterAndShorter(state)) if ((id = await returnedForms.put(req, res, kept))) break
    res.redirect(303, `/contact?form=${id}#contact-form`)
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
          handler: async (req, res, next) => {
            const error = tooMany(config.contactRateLimit)
            req.log?.warn('enquiry refused: rate limit')
            if (req.originalUrl.startsWith('/api/')) {
              res.status(429).json({ error })
            } else {
              await backToForm(req, res, { values: contactValuesFrom(req.body), errors: {}, formError: error }).catch(
                next,
              )
            }
          },
          logger: {
            error: (err, msg) => logger.error({ err }, msg ?? 'rate limiter error'),
            warn: (err, msg) => logger.warn({ err }, msg ?? 'rate limiter warning'),
          },
        })
      : (_req, _res, next) => next()

  /** Asks the enquiry service; what it saved counts towards the limit. */
  const submit = async (req: Request, res: Response): Promise<EnquiryOutcome> => {
    const outcome = await enquiries.submitEnquiry(req.body, req.log)
    if (outcome.kind === 'saved') res.locals.enquirySaved = true
    return outcome
  }

  // --- POST /api/contact -------------------------------------------------------------------
  const api = Router()
  api.use((_req, res, next) => {
    res.setHeader('Cache-Control', 'no-store')
    next()
  })
  api.post(
    '/',
    (req, _res, next) =>
      next(req.is('application/json') === 'application/json' ? undefined : new HttpError(415, NOT_JSON)),
    jsonBody(BODY_LIMIT),
    limiter,
    async (req, res) => {
      const outcome = await submit(req, res)
      switch (outcome.kind) {
        case 'saved':
          res.status(201).json({ id: outcome.id })
          return
        case 'dropped':
          // A bot: answered as if saved, so it learns nothing.
          res.status(201).json({ id: randomUUID() })
          return
        case 'invalid':
          res.status(400).json({ error: FIX_FIELDS, issues: outcome.errors })
          return
        case 'saveFailed':
          res.status(503).json({ error: SAVE_FAILED })
          return
      }
    },
  )
  api.use(((err, _req, _res, next) => {
    // Body-parser errors, with sentences a person can read; the app's errorHandler answers them.
    if (err?.type === 'entity.too.large') return next(new HttpError(413, TOO_LARGE))
    if (err?.type === 'charset.unsupported' || err?.type === 'encoding.unsupported')
      return next(new HttpError(415, NOT_JSON))
    next(err)
  }) satisfies ErrorRequestHandler)

  // --- POST /contact and GET /contact?form=<id> (no JavaScript) -------------------------------
  const tooLargeForm: ErrorRequestHandler = async (err, req, res, next) => {
    if (err?.type !== 'entity.too.large') return next(err)
    await backToForm(req, res, { values: EMPTY_CONTACT, errors: {}, formError: TOO_LARGE })
  }
  const submitForm: RequestHandler = async (req, res) => {
    res.setHeader('Cache-Control', 'no-store')
    const outcome = await submit(req, res)
    switch (outcome.kind) {
      case 'saved':
        returnedForms.clear(req, res)
        res.redirect(303, '/contact/sent')
        return
      case 'dropped':
        res.redirect(303, '/contact/sent')
        return
      case 'invalid':
        await backToForm(req, res, { values: outcome.values, errors: outcome.errors, formError: FIX_FIELDS })
        return
      case 'saveFailed':
        await backToForm(req, res, { values: outcome.values, errors: {}, formError: SAVE_FAILED })
        return
    }
  }
  const form = Router()
  form.post(
    '/contact',
    express.urlencoded({ extended: false, limit: BODY_LIMIT, parameterLimit: 20 }),
    limiter,
    submitForm,
    tooLargeForm,
  )

  // The page after a post that needs another go, rendered for this visitor alone: never cached (the
  // shared page cache keys on the address) nor indexed. Without its cookie it is the plain form.
  form.get('/contact', async (req, res, next) => {
    if (req.query.form === undefined) return next()
    const contact = await returnedForms.read(req)
    await pages.answer(req, res, { form: contact ? { contact } : {} })
  })

  return { api, form }
}

/** A cookie too large (badly compressing text) cuts the longest value by a quarter at a time. */
function* shorterAndShorter(state: ContactFormState): Generator<ContactFormState> {
  yield state
  let values = state.values
  for (let i = 0; i < 24; i++) {
    const longest = CONTACT_FIELDS.reduce((a, b) => (values[b].length > values[a].length ? b : a))
    const chars = Array.from(values[longest])
    if (chars.length === 0) break
    values = { ...values, [longest]: chars.slice(0, Math.floor((chars.length * 3) / 4)).join('') }
    yield { ...state, values }
  }
  yield { ...state, values: EMPTY_CONTACT }
}
