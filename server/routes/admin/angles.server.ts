import express, { type RequestHandler } from 'express'
import { OFFER_GONE, photoDoneQuery, PHOTOS_CHANGED } from '../../../domain/photo-list.ts'
import { PHOTO_CHOICES, type PhotoChoice } from '../../../domain/photo-offers.ts'
import { AnglesRefusedError, type ProductPhotoRuns } from '../../services/product-photo-runs.server.ts'
import { runRefusal, streamJob, type RunRefusal } from '../generate-images.server.ts'
import type { PageRoutes } from './index.server.ts'

type Started = { ok: true } | RunRefusal

const back = (id: string) => `/admin/products/${encodeURIComponent(id)}`

function startFor(runs: ProductPhotoRuns, id: string): Started {
  try {
    runs.start(id)
    return { ok: true }
  } catch (err) {
    if (err instanceof AnglesRefusedError) return { ok: false, status: err.status, error: err.message }
    const refused = runRefusal(err)
    if (refused) return refused
    throw err
  }
}

/**
 * A product's four angles (pages/admin/products/@id/): the form (post/redirect/get, progress on the page
 * itself) and the JSON twins the page's script follows a run with.
 */
export const angleRoutes: PageRoutes = ({ actions, api }, { services: { productPhotos: runs }, sendBack }) => {
  actions.post('/products/:id/angles', async (req, res) => {
    const id = String(req.params.id)
    const started = startFor(runs, id)
    if (started.ok) return res.redirect(303, `${back(id)}?angles=started#new-photos`)
    if (started.status === 404) return void res.status(404).type('text/plain; charset=utf-8').send(`${started.error}\n`)
    await sendBack(req, res, { url: back(id), status: started.status, form: { angles: { error: started.error } } })
  })

  api.post('/products/:id/angles', (req, res) => {
    const started = startFor(runs, String(req.params.id))
    if (started.ok) return void res.status(202).json({ started: true })
    if (started.retryAfterSeconds !== undefined) res.setHeader('Retry-After', String(started.retryAfterSeconds))
    res.status(started.status).json({ error: started.error })
  })

  api.get('/products/:id/angles', async (req, res) => {
    res.json(await runs.state(String(req.params.id)))
  })

  api.get('/products/:id/angles/events', (req, res) => {
    const job = runs.running(String(req.params.id))
    if (!job) return void res.status(404).json({ error: 'No generation is running for this product.' })
    streamJob(job, res, 'private, no-store, no-transform')
  })

  /** Acts only on the list the page was made from: a choice made on photographs since changed is refused (409). */
  const choose: RequestHandler = async (req, res) => {
    const id = String(req.params.id)
    const { offer, src, use, version } = (req.body ?? {}) as Record<string, unknown>
    if (typeof offer !== 'string' || !PHOTO_CHOICES.includes(use as PhotoChoice))
      return void res.redirect(303, `${back(id)}#new-photos`)
    const chosen = typeof src === 'string' ? src : ''
    const angle = (await runs.state(id)).offers.find((o) => o.id === offer)?.photos.find((p) => p.src === chosen)?.angle
    const outcome = await runs.choose(id, offer, chosen, use as PhotoChoice, typeof version === 'string' ? version : '')
    if (outcome === 'gone' || outcome === 'stale') {
      const form = { photoAction: { refusal: outcome === 'gone' ? OFFER_GONE : PHOTOS_CHANGED } }
      return sendBack(req, res, { url: back(id), status: 409, form })
    }
    const done =
      outcome === 'discard'
        ? '?done=discarded'
        : outcome === 'all' || !angle
          ? '?done=chosen'
          : photoDoneQuery(`new-${outcome}`, { angle })
    res.redirect(303, `${back(id)}${done}`)
  }
  actions.post(
    '/products/:id/photos/choose',
    express.urlencoded({ extended: false, limit: '8kb', parameterLimit: 6 }),
    choose,
  )
}
