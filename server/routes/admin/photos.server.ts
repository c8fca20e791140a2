import express, { type Request, type RequestHandler, type Response } from 'express'
import { eachUpload, NO_FILE } from './photo-form.server.ts'
import { PHOTO_ACTIONS, type PhotoAction } from '../../services/changed-product.server.ts'
import {
  PHOTO_UPLOAD_LIMIT,
  PHOTOS_AT_ONCE,
  refusalsText,
  TOO_LARGE_MESSAGE,
  type UploadAnswer,
} from '../../../domain/photo-offers.ts'
import { photoDoneQuery, PHOTOS_CHANGED } from '../../../domain/photo-list.ts'
import { photosOf } from '../../../domain/product-page.ts'
import { PhotoRefusedError, storeUploadedPhoto } from '../../services/photo-upload.server.ts'
import {
  BUSY_MESSAGE,
  BUSY_RETRY_AFTER_S,
  photoWork,
  UPLOAD_STALL_MS,
} from '../../services/images/photo-queue.server.ts'
import type { PageRoutes } from './index.server.ts'

/** The page's script asks for JSON, to show the result without leaving the page; a form gets the page. */
const wantsJson = (req: Request) => req.accepts(['html', 'json']) === 'json'

const productAddress = (id: string) => `/admin/products/${encodeURIComponent(id)}`

/**
 * A product's photographs (pages/admin/products/@id/). The upload's size limit is this route's alone; a refused
 * photograph leaves the product as it was (413, 415, 400); others of the same form are still taken.
 */
export const photoRoutes: PageRoutes = (
  { actions },
  { services: { catalogue, store }, pages, sendBack, mediaDir, uploadStallMs },
) => {
  const stallMs = uploadStallMs ?? UPLOAD_STALL_MS
  const back = productAddress
  /**
   * An upload refused is sent back to its page; one refused before its body was read (too large to take,
   * or stalled) is answered with its page at once, as its status (413, 408) tells the browser to stop sending.
   */
  const refuse = async (req: Request, res: Response, err: PhotoRefusedError, unread = err.status === 408) => {
    // What is left of a refused upload is not read: the connection closes after this answer.
    res.setHeader('Connection', 'close')
    if (err.status === 503) res.setHeader('Retry-After', String(BUSY_RETRY_AFTER_S))
    if (wantsJson(req)) return void res.status(err.status).json({ error: err.message })
    const refused = { url: back(String(req.params.id)), status: err.status, form: { upload: { error: err.message } } }
    await (unread ? pages.answer(req, res, refused) : sendBack(req, res, refused))
  }
  const upload: RequestHandler = async (req, res, next) => {
    const id = String(req.params.id)
    try {
      const noSuchProduct = () =>
        void res.status(404).type('text/plain; charset=utf-8').send('There is no such product.\n')
      if (!store.products.some((p) => p.id === id)) return noSuchProduct()
      if (Number(req.get('content-length') ?? 0) > PHOTOS_AT_ONCE * PHOTO_UPLOAD_LIMIT + 64 * 1024)
        return await refuse(req, res, new PhotoRefusedError(413, TOO_LARGE_MESSAGE), true)
      // The place is taken before the files are read: a waiting upload holds its file in memory.
      const place = photoWork.admit()
      if (!place) throw new PhotoRefusedError(503, BUSY_MESSAGE)
      const added: string[] = []
      const refused: { name: string; err: PhotoRefusedError }[] = []
      let gone = false
      let sent = 0
      try {
        sent = await eachUpload(
          req,
          async ({ name, type, read }) => {
            try {
              const bytes = await read()
              if (bytes.length === 0) throw new PhotoRefusedError(400, NO_FILE)
              // Removed while the photograph arrived: nothing of it stays.
              const attach = async (src: string) => (await catalogue.photo(id, src, 'add')) !== 'missing'
              const stored = await place.run(() =>
                storeUploadedPhoto({ mediaDir, productId: id, bytes, name, type, attach }),
              )
              if (stored) added.push(stored.src)
              else gone = true
            } catch (err) {
              if (!(err instanceof PhotoRefusedError) || err.status === 503) throw err
              refused.push({ name, err })
            }
          },
          stallMs,
        )
      } finally {
        place.leave()
      }
      if (gone) return noSuchProduct()
      const first = refused[0]?.err
      // Those refused are said; those taken are in the list the page shows beside the message.
      if (first)
        return refuse(
          req,
          res,
          new PhotoRefusedError(
            first.status,
            refusalsText(
              refused.map((r) => ({ name: r.name, message: r.err.message })),
              sent,
            ),
          ),
        )
      const product = store.products.find((p) => p.id === id)
      if (wantsJson(req))
        return void res
          .status(201)
          .json({ src: added[0]!, photos: product ? photosOf(product) : added } satisfies UploadAnswer)
      res.redirect(
        303,
        added.length > 1 ? `${back(id)}${photoDoneQuery('added', { n: added.length })}` : `${back(id)}?done=photo`,
      )
    } catch (err) {
      if (err instanceof PhotoRefusedError) return refuse(req, res, err).catch(next)
      next(err)
    }
  }
  actions.post('/products/:id/photos', upload)

  /** Acts only on the list the form was made from: another one may have another photograph in that place. */
  const change: RequestHandler = async (req, res) => {
    const id = String(req.params.id)
    const { src, action, version } = (req.body ?? {}) as { src?: unknown; action?: unknown; version?: unknown }
    if (typeof src !== 'string' || !PHOTO_ACTIONS.includes(action as PhotoAction))
      return void res.redirect(303, `${back(id)}#photos`)
    const outcome = await catalogue.photo(id, src, action as PhotoAction, typeof version === 'string' ? version : '')
    if (outcome === 'missing')
      return void res.status(404).type('text/plain; charset=utf-8').send('There is no such product.\n')
    if (outcome === 'stale') {
      const form = { photoAction: { refusal: PHOTOS_CHANGED } }
      return sendBack(req, res, { url: back(id), status: 409, form })
    }
    // No fragment: the page opens at what was done, among the photographs (autofocus, which a fragment stops).
    res.redirect(303, `${back(id)}${photoDoneQuery(action as PhotoAction, { n: outcome.at + 1 })}`)
  }
  actions.post(
    '/products/:id/photos/change',
    express.urlencoded({ extended: false, limit: '8kb', parameterLimit: 4 }),
    change,
  )
}
