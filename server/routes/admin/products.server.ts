import express, { type Response } from 'express'
import { productValuesFrom, type ProductValues } from '../../../domain/product-form.ts'
import { MOVES, type Step } from '../../../domain/product-order.ts'
import type { PageRoutes } from './index.server.ts'
import { orderApi } from './product-order.server.ts'

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

const noSuchProduct = (res: Response) =>
  void res.status(404).type('text/plain; charset=utf-8').send('There is no such product (it may have been removed).\n')

/**
 * The products' forms (pages/admin/products/): post/redirect/get, 303 on success and on a refusal too, back to
 * the form with its messages and the values kept, or with both versions of each field another tab changed.
 */
export const productRoutes: PageRoutes = ({ actions, api }, { services: { catalogue }, sendBack }) => {
  const form = express.urlencoded({ extended: false, limit: '64kb', parameterLimit: 30 })

  actions.post('/products/new', form, async (req, res) => {
    const values = productValuesFrom(req.body)
    const outcome = await catalogue.add(values)
    if (outcome.ok) return res.redirect(303, `${productAddress(outcome.id)}?done=added`)
    if (outcome.status === 400)
      await sendBack(req, res, {
        url: '/admin/products/new',
        status: 400,
        form: { product: { values, errors: outcome.errors } },
      })
  })

  actions.post('/products/:id', form, async (req, res) => {
    const id = String(req.params.id)
    const values = postedValues(req.body, id)
    const base = baseOf(req.body)
    const outcome = await catalogue.save(id, values, base)
    if (outcome.ok) return res.redirect(303, `${productAddress(outcome.id)}?done=saved`)
    if (outcome.status === 404) return noSuchProduct(res)
    // Sent back against the base it was made from, so the next save still writes only the owner's changes.
    if (outcome.status === 400) {
      const product = { values, errors: outcome.errors, base: base ?? undefined }
      return sendBack(req, res, { url: productAddress(id), status: 400, form: { product } })
    }
    const { saved, yours, fields } = outcome
    const product = { values: yours, errors: {}, base: saved, conflict: { saved, fields } }
    await sendBack(req, res, { url: productAddress(id), status: 409, form: { product } })
  })

  actions.post('/products/:id/duplicate', async (req, res) => {
    const copy = await catalogue.duplicate(String(req.params.id))
    res.redirect(303, copy ? `${productAddress(copy)}?done=duplicated` : '/admin/products')
  })

  actions.post('/products/:id/publish', async (req, res) => {
    const id = String(req.params.id)
    const outcome = await catalogue.publish(id)
    if (outcome.ok) return res.redirect(303, `${productAddress(id)}?done=published`)
    if (outcome.status === 404) return noSuchProduct(res)
    await sendBack(req, res, { url: productAddress(id), status: 400, form: { publish: { missing: outcome.missing } } })
  })

  actions.post('/products/:id/unpublish', async (req, res) => {
    const id = String(req.params.id)
    res.redirect(303, (await catalogue.unpublish(id)) ? `${productAddress(id)}?done=unpublished` : '/admin/products')
  })

  actions.post('/products/:id/remove', async (req, res) => {
    const entry = await catalogue.remove(String(req.params.id))
    res.redirect(303, entry ? `/admin/products?removed=${encodeURIComponent(entry)}` : '/admin/products')
  })

  actions.post('/products/:id/move', form, async (req, res) => {
    const id = String(req.params.id)
    const to = field(req.body, 'to') as Step
    if (MOVES.includes(to)) await catalogue.move(id, to)
    // No fragment: the page opens at the row's notice (autofocus), which a fragment would stop.
    res.redirect(303, `/admin/products?moved=${encodeURIComponent(id)}`)
  })

  actions.post('/history/:entry/restore', async (req, res) => {
    if (await catalogue.restoreOrder(String(req.params.entry)))
      return res.redirect(303, '/admin/products?done=order-restored')
    const id = await catalogue.restore(String(req.params.entry))
    res.redirect(303, id ? `${productAddress(id)}?done=restored` : '/admin/history')
  })

  api.use('/products/order', orderApi(catalogue))
}
