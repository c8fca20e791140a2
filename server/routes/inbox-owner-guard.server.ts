import type { RequestHandler } from 'express'
import { requestPath, routePath } from '../route-path.server.ts'

const PREFIXES = ['/admin/enquiries', '/admin/health']

const NOT_OWNER = "The shop's workspace is for the owner only. Set ADMIN_PASSWORD (12 characters or more) on the server and sign in as admin, or open /admin on the server itself."

/**
 * The inbox's and health panel's addresses, however spelled: the owner only (the admin check before
 * this one has asked who is there), never stored by a cache, never indexed. Anyone else gets 403.
 * Stand-in for the workspace's one owner check, which takes over these addresses when it arrives.
 */
export const inboxOwnerGuard: RequestHandler = (req, res, next) => {
  const path = routePath(requestPath(req.originalUrl))
  if (!PREFIXES.some((p) => path === p || path.startsWith(`${p}/`) || path.startsWith(`${p}.`))) return next()
  res.setHeader('Cache-Control', 'private, no-store')
  res.setHeader('X-Robots-Tag', 'noindex')
  if (res.locals.adminAccess === 'owner') return next()
  res.status(403).type('text/plain; charset=utf-8').send(`${NOT_OWNER}\n`)
}
