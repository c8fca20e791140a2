import { Router, type ErrorRequestHandler, type RequestHandler } from 'express'
import type { Logger } from 'pino'
import { StoreWriteError } from '../../../data/store.server.ts'
import type { PageRenderer } from '../../render/page-handler.server.ts'
import type { ReturnedOwnerForms } from '../../http/returned-owner-form.server.ts'
import { angleRoutes } from './angles.server.ts'
import { enquiryRoutes } from './enquiries.server.ts'
import { orderRoutes } from './orders.server.ts'
import { overviewRoutes } from './overview.server.ts'
import { photoRoutes } from './photos.server.ts'
import { productRoutes } from './products.server.ts'
import { pageWithReturnedForm, sendBack, type SendBack } from './send-back.server.ts'
import { snapshotRoutes } from './snapshots.server.ts'
import { statisticsRoutes } from './statistics.server.ts'

/** The server's long-lived parts (server/services.server.ts), as every page's context holds them. */
type Services = Vike.PageContextServer['services']

/** What the owner's routes are built from. */
export type OwnerRouteDeps = {
  services: Services
  /** The one page render (a refused form too large for its cookie is answered with its page at once). */
  pages: PageRenderer
  /** Where a refused form's messages and typed values wait for its page. */
  returnedForms: ReturnedOwnerForms
  /** Where uploads and generated photographs are stored. */
  mediaDir: string
  /** For what an action could not do (an orders file that cannot be written). */
  logger: Logger
  /** How long an upload may send nothing before its place in the photo queue goes back (tests shorten it). */
  uploadStallMs?: number
}

/** The owner's two routers: `actions` at `/admin` (forms that post, downloads), `api` at `/api/admin` (JSON). */
export type OwnerRouters = { actions: Router; api: Router }

/** One workspace page's routes, added to the owner's routers with paths under their mount point. */
export type PageRoutes = (routers: OwnerRouters, deps: OwnerRouteDeps & { sendBack: SendBack }) => void

/**
 * The owner's route table: each workspace page's actions in a module of this folder named after it, listed
 * once here (docs/decisions.md, The owner's workspace). Its page and data are its folder under pages/admin/.
 */
const PAGES: readonly PageRoutes[] = [
  overviewRoutes,
  productRoutes,
  photoRoutes,
  angleRoutes,
  orderRoutes,
  enquiryRoutes,
  statisticsRoutes,
  snapshotRoutes,
]

export function ownerRoutes(deps: OwnerRouteDeps): OwnerRouters {
  const routers: OwnerRouters = { actions: Router(), api: Router() }
  // The owner check (whoAsks) has answered anyone else before these; should it not have run, nothing here acts.
  const ownerOnly: RequestHandler = (_req, res, next) => next(res.locals.owner === 'owner' ? undefined : 'router')
  routers.actions.use(ownerOnly)
  routers.api.use(ownerOnly)
  // After a refusal (`?form=<id>`), any workspace page shows what its form brought back.
  routers.actions.get('/{*page}', pageWithReturnedForm(deps.returnedForms, deps.pages))
  const back = sendBack(deps.returnedForms, deps.pages)
  for (const add of PAGES) add(routers, { ...deps, sendBack: back })
  routers.actions.use(notSaved('text'))
  routers.api.use(notSaved('json'))
  return routers
}

/**
 * A change the data file could not take (the owner's own edit of it has a mistake, the disk is full):
 * 503 with the reason and what to do, never a bare 500. A browser's Back keeps what was typed.
 */
const notSaved =
  (answer: 'text' | 'json'): ErrorRequestHandler =>
  (err, _req, res, next) => {
    if (!(err instanceof StoreWriteError) || res.headersSent) return next(err)
    const sentence = `Not saved: ${err.message}`
    res.status(503).setHeader('Cache-Control', 'private, no-store')
    if (answer === 'json') return void res.json({ error: sentence })
    res.type('text/plain; charset=utf-8').send(`${sentence}\nGo back to keep what you typed, then save it again.\n`)
  }
