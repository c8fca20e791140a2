import { Router, type ErrorRequestHandler } from 'express'
import * as v from 'valibot'
import { MoveSchema } from '../../../domain/product-order.ts'
import { HttpError } from '../../http/http-errors.server.ts'
import type { CatalogueService } from '../../services/catalogue.server.ts'
import { jsonBody } from '../../http/json-body.server.ts'

const NOT_JSON = 'Send the move as JSON: {"id": "oxford-brogue", "to": "up"}.'

/**
 * `POST /api/admin/products/order`: the page's drag and buttons move a
 * product without reloading; the answer is the shop's order after it.
 */
export function orderApi(catalogue: CatalogueService): Router {
  const api = Router()
  api.post(
    '/',
    (req, _res, next) =>
      next(req.is('application/json') === 'application/json' ? undefined : new HttpError(415, NOT_JSON)),
    jsonBody('4kb'),
    (req, res, next) => {
      const move = v.safeParse(MoveSchema, req.body)
      if (!move.success) return void res.status(400).json({ error: move.issues[0].message })
      catalogue.move(move.output.id, move.output.to).then((answer) => {
        if (answer) res.json(answer)
        else res.status(404).json({ error: 'There is no such product (it may have been removed).' })
      }, next)
    },
  )
  api.use(((err, _req, _res, next) =>
    next(
      err?.type === 'charset.unsupported' || err?.type === 'encoding.unsupported' ? new HttpError(415, NOT_JSON) : err,
    )) satisfies ErrorRequestHandler)
  return api
}
