import type { RequestHandler } from 'express'
import type { ShopHealth } from '../../domain/shop-health.ts'
import { requestPath, routePath } from '../http/request-target.server.ts'
import { addToOwnerPage, isOwnerRequest } from '../owner/owner.server.ts'

/** `GET /admin/health`: the health panel's facts, handed to the page for this request alone. */
export function adminHealthRoutes(health: () => Promise<ShopHealth>): RequestHandler {
  return async (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next()
    if (routePath(requestPath(req.originalUrl)) !== '/admin/health' || !isOwnerRequest(res)) return next()
    try {
      addToOwnerPage(res, { shopHealth: await health() })
      next()
    } catch (err) {
      next(err)
    }
  }
}
