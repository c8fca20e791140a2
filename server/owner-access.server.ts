import type { Request, RequestHandler } from 'express'
import type { Store } from '../data/store.server.ts'
import type { AdminAccess, AdminPageState } from '../domain/image-generation.ts'
import type { Config } from './config.server.ts'
import { sendPersonalPage } from './page-response.server.ts'
import { ADMIN_PATH, isAdminPath, isOwnerApiPath, isOwnerPath } from './http/owner-paths.server.ts'
import { requestPath, routePath } from './http/request-target.server.ts'
import { identify, type OwnerCheck } from './services/images/admin-auth.server.ts'
import type { DailyImageLimit } from './services/images/daily-limit.server.ts'
import type { CatalogueService } from './services/catalogue.server.ts'

export const OWNER_ONLY_MESSAGE =
  "The shop's workspace is for the owner only. Set ADMIN_PASSWORD (12 characters or more) on the server and sign in as admin, or open /admin on the server itself."

type OwnerAccessDeps = {
  config: Pick<Config, 'openaiApiKey' | 'siteUrl'>
  store: Store
  owner: OwnerCheck
  dailyLimit: DailyImageLimit
  catalogue: CatalogueService
}

/** Every answer under the workspace, however spelled and whatever it is (a refusal, a 400, an error), is the owner's: never kept, never indexed. */
export const ownerAnswersPrivate: RequestHandler = (req, res, next) => {
  if (isOwnerPath(requestPath(req.originalUrl))) {
    res.setHeader('Cache-Control', 'private, no-store')
    res.setHeader('X-Robots-Tag', 'noindex')
  }
  next()
}

/** Every spelling of `/admin`, `/admin/...` and `/api/admin/...`, before any route, and before an address is refused as malformed; `res.locals.pageContext` set for the owner keeps the page out of the page cache. */
export function ownerAccess({ config, store, owner, dailyLimit, catalogue }: OwnerAccessDeps): RequestHandler {
  const pageState = (access: AdminAccess): AdminPageState =>
    access === 'owner'
      ? { access, configured: Boolean(config.openaiApiKey), allowance: dailyLimit.allowance() }
      : { access, configured: false, allowance: null }
  return async (req, res, next) => {
    const path = requestPath(req.originalUrl)
    const api = isOwnerApiPath(path)
    if (!api && !isAdminPath(path)) return next()
    const verdict = await identify(req, res, owner, api ? 'json' : 'text', api ? 'Sign in as admin with the admin password.' : undefined)
    if (verdict === 'answered') return
    if (verdict === 'owner') {
      res.locals.adminAccess = 'owner'
      res.locals.pageContext = { imageAdmin: pageState('owner'), catalogue }
      return next()
    }
    try {
      // However /admin was spelled, the page is rendered from its one address (the router's own spelling).
      const urlOriginal = /pagecontext\.json$/i.test(requestPath(req.originalUrl)) ? `${ADMIN_PATH}/index.pageContext.json` : ADMIN_PATH
      await refuseVisitor(req, res, api, () => sendPersonalPage(req, res, { store, siteUrl: config.siteUrl, imageAdmin: pageState('visitor'), urlOriginal }, 403))
    } catch (err) {
      next(err)
    }
  }
}

async function refuseVisitor(req: Request, res: Parameters<RequestHandler>[1], api: boolean, overviewPage: () => Promise<void>): Promise<void> {
  if (api) {
    res.status(403).json({ error: OWNER_ONLY_MESSAGE })
    return
  }
  // /admin keeps the page it always showed a visitor (how the owner turns it on), now as a refusal.
  if (routePath(requestPath(req.originalUrl)) === ADMIN_PATH && (req.method === 'GET' || req.method === 'HEAD')) return overviewPage()
  res.status(403).type('text/plain; charset=utf-8').send(`${OWNER_ONLY_MESSAGE}\n`)
}
