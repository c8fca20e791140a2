/**
 * The owner's Orders before the page handler (docs/api-and-data.md): the list, one order, its forms
 * (mark as sent, erase the customer's details) and the accountant's CSV. Addresses are matched as the
 * page router reads them, so every spelling gets the same; the owner check has run before.
 */
import express, { type Request, type RequestHandler, type Response } from 'express'
import type { Logger } from 'pino'
import { isAdminPath } from '../http/owner-paths.server.ts'
import { requestPath, routePath } from '../http/request-target.server.ts'
import { ORDERS_SHOWN } from '../../domain/order-view.ts'
import { addToOwnerPage, isOwnerRequest } from '../owner/owner.server.ts'
import type { OrdersService } from '../services/orders/orders.server.ts'
import { orderRow, orderView } from '../services/orders/order-view.server.ts'

const LIST = '/admin/orders'

/** Sentences shown after an action (`?done=`): fixed texts, so the address carries nothing else. */
const NOTICES: Record<string, string> = {
  sent: 'Marked as sent.',
  'not-paid': 'Only a paid order can be marked as sent.',
  erased: "The customer's details were erased from this order and every other order of theirs.",
  'confirm-first': 'Nothing was erased: confirm it first.',
  gone: 'That order is not there.',
  'not-saved':
    'That change could not be saved: the orders files cannot be written just now. Please try again in a moment.',
}

/** A table's own entry for a key the request named: `constructor` or `__proto__` are no notice. */
const noticeOf = (req: Request): string | null => {
  const done = req.query.done
  return typeof done === 'string' && Object.hasOwn(NOTICES, done) ? NOTICES[done]! : null
}

const parseForm = express.urlencoded({ extended: false, limit: '4kb', parameterLimit: 10 })

export function adminOrdersRoutes({ orders, logger }: { orders: OrdersService; logger: Logger }): RequestHandler {
  const exportCsv = async (res: Response) => {
    const rows = await orders.csv()
    const day = new Date().toISOString().slice(0, 10)
    res.setHeader('Content-Type', 'text/csv; charset=utf-8')
    res.setHeader('Content-Disposition', `attachment; filename="orders-${day}.csv"`)
    for (const chunk of rows) res.write(chunk)
    res.end()
  }

  const showList = async (req: Request, res: Response) => {
    const notice = noticeOf(req)
    try {
      const [all, counts] = await Promise.all([orders.list(), orders.counts()])
      const now = new Date()
      const rows = all.slice(0, ORDERS_SHOWN).map((o) => orderRow(o, now))
      addToOwnerPage(res, { adminOrders: { rows, total: all.length, counts, notice } })
    } catch (err) {
      // The owner reads why on the page rather than an error page; the server's log has the details.
      logger.error({ err }, `The orders cannot be listed: ${(err as Error).message}`)
      const code = (err as NodeJS.ErrnoException).code ?? 'an error'
      const problem =
        `The orders file cannot be read just now (${code}); no order is lost: ` +
        "Stripe sends each again until the site takes it. The server's log says more."
      addToOwnerPage(res, { adminOrders: { rows: [], total: 0, counts: { toSend: 0, oversold: 0 }, notice, problem } })
    }
  }

  const showOne = async (req: Request, res: Response, id: string) => {
    const order = await orders.find(id)
    const confirmErase = req.query.confirm === 'erase'
    addToOwnerPage(res, { adminOrder: order ? orderView(order, { notice: noticeOf(req), confirmErase }) : null })
  }

  const act = async (req: Request, res: Response, id: string) => {
    const page = `${LIST}/${encodeURIComponent(id)}`
    const order = await orders.find(id)
    if (!order) return res.redirect(303, `${LIST}?done=gone`)
    const body = (req.body ?? {}) as Record<string, unknown>
    try {
      if (body.action === 'sent') {
        const tracking = typeof body.tracking === 'string' ? body.tracking : ''
        const marked = await orders.markSent(order.id, tracking)
        return res.redirect(303, `${page}?done=${marked ? 'sent' : 'not-paid'}`)
      }
      if (body.action === 'erase') {
        if (body.confirm !== 'yes') return res.redirect(303, `${page}?done=confirm-first`)
        await orders.eraseCustomer(order.id)
        return res.redirect(303, `${page}?done=erased`)
      }
      res.status(400).type('text/plain; charset=utf-8').send('Unknown action.\n')
    } catch (err) {
      // Each change is on disk before it is answered: one that failed changed nothing.
      logger.error(
        { err, order: order.id },
        `An owner's change of an order could not be saved: ${(err as Error).message}`,
      )
      res.redirect(303, `${page}?done=not-saved`)
    }
  }

  return async (req, res, next) => {
    const raw = requestPath(req.originalUrl)
    if (!isAdminPath(raw) || !isOwnerRequest(res)) return next()
    const path = routePath(raw)
    const segments = path.split('/').slice(1)
    const isPage = req.method === 'GET' || req.method === 'HEAD'
    try {
      if (path === `${LIST}.csv` && isPage) return await exportCsv(res)
      if (path === LIST && isPage) {
        await showList(req, res)
        return next()
      }
      if (segments.length === 3 && `/${segments[0]}/${segments[1]}` === LIST) {
        const id = segments[2]!
        if (isPage) await showOne(req, res, id)
        else if (req.method === 'POST') {
          await new Promise<void>((resolve, reject) =>
            parseForm(req, res, (err?: unknown) => (err ? reject(err) : resolve())),
          )
          return await act(req, res, id)
        }
      }
      next()
    } catch (err) {
      next(err)
    }
  }
}
