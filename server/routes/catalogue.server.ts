import express, { Router, type Request, type RequestHandler, type Response } from 'express'
import type { Store } from '../../data/store.server.ts'
import { productValuesFrom, type ProductFormState, type ProductValues } from '../../domain/product-form.ts'
import { MOVES, type Step } from '../../domain/product-order.ts'
import { ownerPageContext } from '../owner/owner.server.ts'
import { sendPersonalPage } from '../render/page-response.server.ts'
import type { CatalogueService } from '../services/catalogue.server.ts'
import { orderApi } from './product-order.server.ts'

type Deps = { catalogue: CatalogueService; store: Store; siteUrl: string | undefined }
const productAddress = (id: string) => `/admin/products/${encodeURIComponent(id)}`

/** What the form showed when it was opened (a hidden field), or null when it is missing or not ours. */
function baseOf(body: unknown): ProductValues | null {
  const raw = (body as Record<string, unknown> | undefined)?.base
  if (typeof raw !== 'string') return null
  try {
    return productValuesFrom(JSON.parse(raw))
  } catch {
    return null
  }
}

const field = (body: unknown, name: string): string => {
  const value = (body as Record<string, unknown> | undefined)?.[name]
  return typeof value === 'string' ? value : ''
}

/** The form's values; a form without the id field (a published product's) keeps the product's id. */
function postedValues(body: unknown, id: string): ProductValues {
  const values = productValuesFrom(body)
  const src = body && typeof body === 'object' ? body : {}
  return Object.hasOwn(src, 'id') && typeof (src as { id?: unknown }).id === 'string' ? values : { ...values, id }
}

/**
 * Post/redirect/get: 303 on success, 400 with messages and values kept,
 * 409 with both versions of each field another tab changed too.
 */
export function catalogueRoutes({ catalogue, store, siteUrl }: Deps): Router {
  const routes = Router()
  const form = express.urlencoded({ extended: false, limit: '64kb', parameterLimit: 30 })
  const sendBack = (req: Request, res: Response, productForm: ProductFormState, status: number) =>
    sendPersonalPage(req, res, { ...ownerPageContext(res), store, siteUrl, productForm }, status)
  const handle =
    (fn: (req: Request, res: Response) => Promise<void>): RequestHandler =>
    (req, res, next) =>
      void fn(req, res).catch(next)

  routes.post(
    '/admin/products/new',
    form,
    handle(async (req, res) => {
      const values = productValuesFrom(req.body)
      const outcome = await catalogue.add(values)
      if (outcome.ok) return res.redirect(303, `${productAddress(outcome.id)}?done=added`)
      if (outcome.status === 400) await sendBack(req, res, { values, errors: outcome.errors }, 400)
    }),
  )

  routes.post(
    '/admin/products/:id',
    form,
    handle(async (req, res) => {
      const id = String(req.params.id)
      const values = postedValues(req.body, id)
      const base = baseOf(req.body)
      const outcome = await catalogue.save(id, values, base)
      if (outcome.ok) return res.redirect(303, `${productAddress(outcome.id)}?done=saved`)
      if (outcome.status === 404)
        return void res
          .status(404)
          .type('text/plain; charset=utf-8')
          .send('There is no such product (it may have been removed).\n')
      // Sent back against the base it was made from, so the next save still writes only the owner's changes.
      if (outcome.status === 400)
        return sendBack(req, res, { values, errors: outcome.errors, base: base ?? undefined }, 400)
      const { saved, yours, fields } = outcome
      await sendBack(req, res, { values: yours, errors: {}, base: saved, conflict: { saved, fields } }, 409)
    }),
  )

  routes.post(
    '/admin/products/:id/duplicate',
    handle(async (req, res) => {
      const copy = await catalogue.duplicate(String(req.params.id))
      res.redirect(303, copy ? `${productAddress(copy)}?done=duplicated` : '/admin/products')
    }),
  )

  routes.post(
    '/admin/products/:id/publish',
    handle(async (req, res) => {
      const id = String(req.params.id)
      const outcome = await catalogue.publish(id)
      if (outcome.ok) return res.redirect(303, `${productAddress(id)}?done=published`)
      if (outcome.status === 404)
        return void res
          .status(404)
          .type('text/plain; charset=utf-8')
          .send('There is no such product (it may have been removed).\n')
      await sendPersonalPage(
        req,
        res,
        { ...ownerPageContext(res), store, siteUrl, publishMissing: outcome.missing, urlOriginal: productAddress(id) },
        400,
      )
    }),
  )

  routes.post(
    '/admin/products/:id/unpublish',
    handle(async (req, res) => {
      const id = String(req.params.id)
      res.redirect(303, (await catalogue.unpublish(id)) ? `${productAddress(id)}?done=unpublished` : '/admin/products')
    }),
  )

  routes.post(
    '/admin/products/:id/remove',
    handle(async (req, res) => {
      const entry = await catalogue.remove(String(req.params.id))
      res.redirect(303, entry ? `/admin/products?removed=${encodeURIComponent(entry)}` : '/admin/products')
    }),
  )

  routes.post(
    '/admin/products/:id/move',
    form,
    handle(async (req, res) => {
      const id = String(req.params.id)
      const to = field(req.body, 'to') as Step
      if (MOVES.includes(to)) await catalogue.move(id, to)
      res.redirect(303, `/admin/products#row-${encodeURIComponent(id)}`)
    }),
  )

  routes.post(
    '/admin/history/:entry/restore',
    handle(async (req, res) => {
      if (await catalogue.restoreOrder(String(req.params.entry)))
        return res.redirect(303, '/admin/products?done=order-restored')
      const id = await catalogue.restore(String(req.params.entry))
      res.redirect(303, id ? `${productAddress(id)}?done=restored` : '/admin/history')
    }),
  )

  routes.use('/api/admin/products/order', orderApi(catalogue))
  return routes
}
