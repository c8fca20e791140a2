import express, { type ErrorRequestHandler, type Express, type RequestHandler } from 'express'
import type { Store } from '../../data/store.server.ts'
import { isSoldOut } from '../../domain/availability.ts'
import { productPath } from '../../domain/catalogue.ts'
import { buildOrderNote, buildPaymentUrl, checkOrder, clientReference, orderValuesFrom } from '../../domain/order.ts'
import { publishedProducts } from '../../domain/publishing.ts'
import { termsChange } from '../../domain/order-terms.ts'
import { orderGone } from '../../domain/order-gone.ts'
import { shownProductFrom, shownTermsFrom } from '../../domain/shown-terms.ts'
import { isPaymentLink } from '../../domain/payment-link.ts'
import type { PageRenderer } from '../render/page-handler.server.ts'
import type { CountHandoff } from './handoff.server.ts'
import { BODY_LIMIT } from './contact.server.ts'

/** For pages without JavaScript; nothing is stored, and nothing the visitor typed is logged. */
export function mountOrderForm(
  app: Express,
  {
    store,
    countHandoff,
    pages,
    renders,
  }: {
    store: Store
    countHandoff: CountHandoff
    pages: PageRenderer
    /** The allowance of renders per visitor: an order sent back is a render too. */
    renders: RequestHandler
  },
): void {
  const handler: RequestHandler = async (req, res) => {
    res.setHeader('Cache-Control', 'no-store')
    const product = publishedProducts(store.products).find((p) => p.id === req.params.id)
    const values = orderValuesFrom(req.body)
    if (!product) {
      // Unpublished or removed since the page was shown (or never there): the contact page says so,
      // with what was typed in its message form; still a 404, as the product's page is.
      const { gone, form } = orderGone(shownProductFrom(req.body), values)
      return pages.answer(req, res, { url: '/contact', status: 404, form: { contact: { ...form, orderGone: gone } } })
    }
    const shown = shownTermsFrom(req.body)
    if ((isSoldOut(product) && !shown) || !isPaymentLink(product.paymentLink)) {
      // The page says it is sold out, or to get in touch, in place of the form; nothing goes to the payment page.
      return pages.answer(req, res, { url: `${productPath(product)}?order=1`, status: 409, form: {} })
    }
    const checked = checkOrder(product.category, values)
    // The visitor's page showed other terms: never sold on them. The page shows today's, the form what was typed.
    const change = shown && termsChange(product, shown)
    if (change) {
      const order = { values, errors: checked.success ? {} : checked.errors, notice: change.sentence }
      return pages.answer(req, res, { status: 409, form: { order } })
    }
    if (!checked.success)
      return pages.answer(req, res, { status: 400, form: { order: { values, errors: checked.errors } } })
    req.log?.info({ product: product.id }, 'order handed to the payment page (form post)')
    countHandoff(req, product.id)
    const reference = clientReference(product, values.size)
    res.redirect(303, buildPaymentUrl(product.paymentLink, buildOrderNote(product, values), reference))
  }
  const tooLarge: ErrorRequestHandler = (err, req, res, next) => {
    if (err?.type !== 'entity.too.large') return next(err)
    res
      .status(413)
      .type('text/plain; charset=utf-8')
      .send('Your order is too long to send. Please shorten the delivery address and try again.\n')
  }
  app.post(
    '/products/:id',
    renders,
    express.urlencoded({ extended: false, limit: BODY_LIMIT, parameterLimit: 20 }),
    handler,
    tooLarge,
  )
}
