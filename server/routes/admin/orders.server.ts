/** The owner's actions on orders (docs/api-and-data.md); its pages are pages/admin/orders/. */
import express, { type Response } from 'express'
import type { OrderNotice } from '../../../domain/order-view.ts'
import { ordersUnreadable } from '../../services/orders/owner-orders.server.ts'
import type { PageRoutes } from './index.server.ts'

const LIST = '/admin/orders'

const back = (res: Response, path: string, done: OrderNotice) => res.redirect(303, `${path}?done=${done}`)
const unavailable = (res: Response, problem: string) =>
  res.status(503).setHeader('Cache-Control', 'private, no-store').type('text/plain; charset=utf-8').send(`${problem}\n`)

export const orderRoutes: PageRoutes = ({ actions }, { services: { orders, ownerOrders }, logger }) => {
  actions.get('/orders.csv', async (_req, res) => {
    const rows = await ownerOrders.csv()
    if ('problem' in rows) return void unavailable(res, rows.problem)
    const day = new Date().toISOString().slice(0, 10)
    res.setHeader('Content-Type', 'text/csv; charset=utf-8')
    res.setHeader('Content-Disposition', `attachment; filename="orders-${day}.csv"`)
    for (const chunk of rows) res.write(chunk)
    res.end()
  })

  actions.post(
    '/orders/:id',
    express.urlencoded({ extended: false, limit: '4kb', parameterLimit: 10 }),
    async (req, res) => {
      let order
      try {
        order = await orders.find(String(req.params.id))
      } catch (err) {
        logger.error({ err }, `The orders cannot be read: ${(err as Error).message}`)
        return unavailable(res, ordersUnreadable(err))
      }
      if (!order) return back(res, LIST, 'gone')
      const page = `${LIST}/${encodeURIComponent(order.id)}`
      const body = (req.body ?? {}) as Record<string, unknown>
      try {
        if (body.action === 'sent') {
          const tracking = typeof body.tracking === 'string' ? body.tracking : ''
          return back(res, page, (await orders.markSent(order.id, tracking)) ? 'sent' : 'not-paid')
        }
        if (body.action === 'erase') {
          if (body.confirm !== 'yes') return back(res, page, 'confirm-first')
          await orders.eraseCustomer(order.id)
          return back(res, page, 'erased')
        }
        res.status(400).type('text/plain; charset=utf-8').send('Unknown action.\n')
      } catch (err) {
        // Each change is on disk before it is answered: one that failed changed nothing.
        const message = `An owner's change of an order could not be saved: ${(err as Error).message}`
        logger.error({ err, order: order.id }, message)
        back(res, page, 'not-saved')
      }
    },
  )
}
