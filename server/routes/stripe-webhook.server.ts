import express, { Router, type ErrorRequestHandler } from 'express'
import type StripeLibrary from 'stripe'
import type { OrdersService } from '../services/orders/orders.server.ts'
import { readEvent } from '../services/orders/stripe-event.server.ts'
import { HttpError } from '../http/http-errors.server.ts'

/** Stripe's events are a few kilobytes; a checkout session with many fields stays well under this. */
const EVENT_LIMIT = '256kb'

const REFUSED = {
  missing: 'This request has no Stripe-Signature header, so it cannot be from Stripe; nothing was stored.',
  stale:
    'The Stripe-Signature is older than Stripe allows (5 minutes): a replay of an old request is refused; ' +
    'nothing was stored.',
  wrong: "The Stripe-Signature does not match this body and the shop's STRIPE_WEBHOOK_SECRET; nothing was stored.",
} as const

/**
 * POST /api/payments/stripe: Stripe's signed events, checked by the `stripe` package itself on the raw
 * body with its default tolerance; answered 2xx only once what the event changed is on disk, so
 * Stripe's retries cover a crash. Mounted only when STRIPE_WEBHOOK_SECRET is set (404 otherwise).
 */
export async function stripeWebhook({ secret, orders }: { secret: string; orders: OrdersService }): Promise<Router> {
  // Loaded only by a shop that takes Stripe's events.
  const { default: Stripe } = (await import('stripe')) as unknown as { default: typeof StripeLibrary }
  const router = Router()
  router.post('/', express.raw({ type: () => true, limit: EVENT_LIMIT }), async (req, res, next) => {
    res.setHeader('Cache-Control', 'no-store')
    const header = req.get('stripe-signature')
    const body = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0)
    if (!header) return void res.status(400).json({ error: REFUSED.missing })
    let parsed: unknown
    try {
      parsed = Stripe.webhooks.constructEvent(body, header, secret)
    } catch (err) {
      if (!(err instanceof Stripe.errors.StripeSignatureVerificationError)) {
        // Signed, but not JSON: not an event.
        return void res.status(400).json({ error: 'This body is not a Stripe event; nothing was stored.' })
      }
      const stale = /tolerance/i.test(err.message)
      return void res.status(400).json({ error: stale ? REFUSED.stale : REFUSED.wrong })
    }
    const read = readEvent(parsed)
    if (!read.ok) return void res.status(400).json({ error: read.sentence })
    try {
      const handled = await orders.handle(read.facts)
      res.status(200).json({ received: true, ...(handled === 'stored' ? {} : { [handled]: true }) })
    } catch (err) {
      req.log?.error({ err, event: read.facts.eventId }, 'A Stripe event could not be stored')
      next(
        new HttpError(
          503,
          'The order could not be saved just now; nothing was answered as done, so Stripe sends it again.',
        ),
      )
    }
  })
  const tooLarge: ErrorRequestHandler = (err, req, res, next) => {
    if (err?.type !== 'entity.too.large') return next(err)
    res.status(413).json({ error: 'This body is larger than any Stripe event; nothing was stored.' })
  }
  router.use(tooLarge)
  return router
}
