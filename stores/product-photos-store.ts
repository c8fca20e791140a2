import { createStore } from 'zustand'
import { GENERATION_STATUS, imageStatus, type GenerationEvent } from '../domain/image-generation.ts'
import { NEW_PHOTOS_READY, PHOTO_UPLOAD_LIMIT, TOO_LARGE_MESSAGE, type AngleState, type UploadAnswer } from '../domain/photo-offers.ts'
import { apiGet, apiRequest, postWithProgress } from '../lib/api.ts'
import { readEventStream } from '../lib/event-stream.ts'
import { createContextStore } from './create-context-store.tsx'
import { readableError } from './admin-store.ts'

/** `refreshHref` differs from the page's own address, so following it reloads rather than scrolls. */
export type ProductPhotosInit = { id: string; name: string; photos: string[]; angles: AngleState; anglesError: string | null; refreshHref: string; anglesNotice: string }

type Upload = { percent: number | null; result: string; error: string | null }

export type ProductPhotosState = ProductPhotosInit & {
  upload: Upload
  /** Sends a photograph, showing how much has gone; the list shows it once stored. */
  send: (file: File) => Promise<void>
  generate: () => Promise<void>
  /** Follows a run already going on (the page was opened during it). */
  follow: () => Promise<void>
}

const idle: Upload = { percent: null, result: '', error: null }

export const productPhotosStore = createContextStore('The product photographs store', (init: ProductPhotosInit) =>
  createStore<ProductPhotosState>()((set, get) => {
    const api = `/api/admin/products/${encodeURIComponent(init.id)}/angles`
    const running = (done: number, images: number, status: string) => set({ angles: { ...get().angles, view: { ...get().angles.view, running: { done, images, status } } } })

    const refresh = async () => {
      const angles = await apiGet<AngleState>(api)
      if (angles) set({ angles, anglesNotice: angles.offers.length > 0 && !angles.view.error ? NEW_PHOTOS_READY : '' })
    }

    let following = false
    const follow = async () => {
      if (following) return
      following = true
      try {
        const res = await apiRequest('GET', `${api}/events`, undefined, { accept: 'text/event-stream' })
        if (!res.body) return
        for await (const message of readEventStream(res.body)) {
          const event = JSON.parse(message.data) as GenerationEvent
          if (event.type === 'image') running(event.done, event.images, imageStatus(event))
        }
      } catch (err) {
        console.error('Could not follow the generation:', err)
      }
      following = false
      await refresh().catch((err: unknown) => set({ anglesError: readableError(err) }))
    }

    return {
      ...init,
      upload: idle,
      follow,

      async send(file) {
        if (get().upload.percent !== null) return
        if (file.size > PHOTO_UPLOAD_LIMIT) return set({ upload: { ...idle, error: TOO_LARGE_MESSAGE } })
        set({ upload: { ...idle, percent: 0 } })
        const body = new FormData()
        body.append('photo', file)
        try {
          const answer = await postWithProgress<UploadAnswer>(`/admin/products/${encodeURIComponent(init.id)}/photos`, body, (f) => set({ upload: { ...idle, percent: Math.round(f * 100) } }))
          set({ photos: answer.photos, upload: { ...idle, result: "Photograph added: it is on the product's page now." } })
        } catch (err) {
          set({ upload: { ...idle, error: readableError(err) } })
        }
      },

      async generate() {
        if (get().angles.view.running) return
        set({ anglesError: null, anglesNotice: '' })
        running(0, 4, GENERATION_STATUS.starting)
        try {
          await apiRequest('POST', api)
        } catch (err) {
          set({ anglesError: readableError(err), angles: { ...get().angles, view: { ...get().angles.view, running: null } } })
          return
        }
        await follow()
      },
    }
  }),
)
