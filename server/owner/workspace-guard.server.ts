import type { Request, RequestHandler, Response } from 'express'
import type { Store } from '../../data/store.server.ts'
import { sendPersonalPage } from '../render/page-response.server.ts'
import { ADMIN_PATH, isAdminPath, isOwnerApiPath, isOwnerPath } from '../http/owner-paths.server.ts'
import { requestPath, routePath } from '../http/request-target.server.ts'
import { addToOwnerPage, identify, privateAnswer, type OwnerCheck } from './owner.server.ts'

export const OWNER_ONLY_MESSAGE =
  "The shop's workspace is for the owner only. Set ADMIN_PASSWORD (12 " +
  'characters or more) on the server and sign in as admin, or open /admin ' +
  'on the server itself.'

type WorkspaceGuardDeps = {
  store: Store
  siteUrl: string | undefined
  owner: OwnerCheck
  /** What every workspace page is handed for the owner's request (the catalogue, the generation setup). */
  ownerPage: () => Partial<Vike.PageContext>
}

/**
 * Every answer under the workspace, however spelled and whatever it is (a
 * refusal, a 400, an error), is the owner's: never kept, never indexed.
 */
export const ownerAnswersPrivate: RequestHandler = (req, res, next) => {
  if (isOwnerPath(requestPath(req.originalUrl))) privateAnswer(res)
  next()
}

/**
 * Every spelling of `/admin`, `/admin/...` and `/api/admin/...`, before any route, and before an address
 * is refused as malformed; the owner's page context, set here, keeps the page out of the page cache.
 */
export function workspaceGuard({ store, siteUrl, owner, ownerPage }: WorkspaceGuardDeps): RequestHandler {
  return async (req, res, next) => {
    const path = requestPath(req.originalUrl)
    const api = isOwnerApiPath(path)
    if (!api && !isAdminPath(path)) return next()
    const signIn = api
      ? 'Sign in as admin with the admin password.'
      : 'This page is for the shop owner: sign in as admin with the admin password.'
    const verdict = await identify(req, res, owner, { answer: api ? 'json' : 'text', signIn })
    if (verdict === 'answered') return
    if (verdict === 'owner') {
      addToOwnerPage(res, ownerPage())
      return next()
    }
    try {
      // However /admin was spelled, the page is rendered from its one address (the router's own spelling).
      const urlOriginal = /pagecontext\.json$/i.test(requestPath(req.originalUrl))
        ? `${ADMIN_PATH}/index.pageContext.json`
        : ADMIN_PATH
      await refuseVisitor(req, res, api, () =>
        sendPersonalPage(req, res, { store, siteUrl, ownerAccess: 'visitor', urlOriginal }, 403),
      )
    } catch (err) {
      next(err)
    }
  }
}

async function refuseVisitor(
  req: Request,
  res: Response,
  api: boolean,
  overviewPage: () => Promise<void>,
): Promise<void> {
  if (api) {
    res.status(403).json({ error: OWNER_ONLY_MESSAGE })
    return
  }
  // /admin keeps the page it always showed a visitor (how the owner turns it on), now as a refusal.
  if (routePath(requestPath(req.originalUrl)) === ADMIN_PATH && (req.method === 'GET' || req.method === 'HEAD'))
    return overviewPage()
  res.status(403).type('text/plain; charset=utf-8').send(`${OWNER_ONLY_MESSAGE}\n`)
}
