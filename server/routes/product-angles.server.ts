import express, { Router, type Request, type RequestHandler, type Response } from 'express'
import type { Store } from '../../data/store.server.ts'
import { OFFER_GONE, photoDoneQuery, PHOTOS_CHANGED } from '../../domain/photo-list.ts'
import { PHOTO_CHOICES, type PhotoChoice } from '../../domain/photo-offers.ts'
import { ownerPageContext } from '../owner/owner.server.ts'
import { sendPersonalPage } from '../render/page-response.server.ts'
import { GenerationBusyError } from '../services/image-generator.server.ts'
import { DailyLimitError } from '../services/images/daily-limit.server.ts'
import { AnglesRefusedError, type ProductPhotoRuns } from '../services/product-photo-runs.server.ts'
import { streamJob } from './generate-images.server.ts'
import { refuseStale } from './photo-refusal.server.ts'

type Deps = { runs: ProductPhotoRuns; store: Store; siteUrl: string | undefined }

type Started = { ok: true } | { ok: false; status: number; error: string; retryAfter?: number }

const back = (id: string) => `/admin/products/${encodeURIComponent(id)}`

function startFor(runs: ProductPhotoRuns, id: string): Started {
  try {
    runs.start(id)
    return { ok: true }
  } catch (err) {
    if (err instanceof GenerationBusyError) return { ok: false, status: 409, error: err.message }
    if (err instanceof AnglesRefusedError) return { ok: false, status: err.status, error: err.message }
    if (err instanceof DailyLimitError)
      return {
        ok: false,
        status: 429,
        error: err.message,
        ...(err.retryAfterSeconds === null ? {} : { retryAfter: err.retryAfterSeconds }),
      }
    throw err
  }
}

/**
 * The form (post/redirect/get, progress on the page itself) and the JSON twins the page's script follows a run with.
 */
export function productAngleRoutes({ runs, store, siteUrl }: Deps): Router {
  const routes = Router()

  routes.post('/admin/products/:id/angles', (req, res, next) => {
    const id = String(req.params.id)
    const started = startFor(runs, id)
    if (started.ok) return res.redirect(303, `${back(id)}?angles=started#new-photos`)
    if (started.status === 404) return void res.status(404).type('text/plain; charset=utf-8').send(`${started.error}\n`)
    sendPersonalPage(
      req,
      res,
      { ...ownerPageContext(res), store, siteUrl, anglesError: started.error, urlOriginal: back(id) },
      started.status,
    ).catch(next)
  })

  routes.post('/api/admin/products/:id/angles', (req, res) => {
    const started = startFor(runs, String(req.params.id))
    if (started.ok) return void res.status(202).json({ started: true })
    if (started.retryAfter !== undefined) res.setHeader('Retry-After', String(started.retryAfter))
    res.status(started.status).json({ error: started.error })
  })

  routes.get('/api/admin/products/:id/angles', (req, res, next) => {
    runs.state(String(req.params.id)).then((state) => res.json(state), next)
  })

  routes.get('/api/admin/products/:id/angles/events', (req, res) => {
    const job = runs.running(String(req.params.id))
    if (!job) return void res.status(404).json({ error: 'No generation is running for this product.' })
    streamJob(job, res, 'private, no-store, no-transform')
  })

  const choose: RequestHandler = async (req: Request, res: Response) => {
    const id = String(req.params.id)
    const { offer, src, use, version } = (req.body ?? {}) as Record<string, unknown>
    if (typeof offer !== 'string' || !PHOTO_CHOICES.includes(use as PhotoChoice))
      return void res.redirect(303, `${back(id)}#new-photos`)
    const chosen = typeof src === 'string' ? src : ''
    const angle = (await runs.state(id)).offers.find((o) => o.id === offer)?.photos.find((p) => p.src === chosen)?.angle
    const outcome = await runs.choose(id, offer, chosen, use as PhotoChoice, typeof version === 'string' ? version : '')
    if (outcome === 'gone' || outcome === 'stale')
      return refuseStale({ req, res, store, siteUrl, refusal: outcome === 'gone' ? OFFER_GONE : PHOTOS_CHANGED })
    const done =
      outcome === 'discard'
        ? '?done=discarded'
        : outcome === 'all' || !angle
          ? '?done=chosen'
          : photoDoneQuery(`new-${outcome}`, { angle })
    res.redirect(303, `${back(id)}${done}#photos`)
  }
  routes.post(
    '/admin/products/:id/photos/choose',
    express.urlencoded({ extended: false, limit: '8kb', parameterLimit: 6 }),
    choose,
  )
  return routes
}
