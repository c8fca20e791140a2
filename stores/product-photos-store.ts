import { createStore } from 'zustand'
import { GENERATION_STATUS, imageStatus, type GenerationEvent } from '../domain/image-generation.ts'
import {
  addedText,
  HEIC_MESSAGE,
  looksLikeHeic,
  NEW_PHOTOS_READY,
  PHOTO_UPLOAD_LIMIT,
  refusalsText,
  TOO_LARGE_MESSAGE,
  type AngleState,
  type UploadAnswer,
} from '../domain/photo-offers.ts'
import { apiGet, apiRequest, postWithProgress } from '../lib/api.ts'
import { readEventStream } from '../lib/event-stream.ts'
import { createContextStore } from './create-context-store.tsx'
import { readableError } from './admin-store.ts'

/** `refreshHref` differs from the page's own address, so following it reloads rather than scrolls. */
export type ProductPhotosInit = {
  id: string
  name: string
  photos: string[]
  angles: AngleState
  anglesError: string | null
  refreshHref: string
  anglesNotice: string
}

/**
 * One photograph chosen: waiting its turn, its bytes going, being prepared by the server, then in the list or refused.
 */
export type FileUpload = {
  name: string
  percent: number
  phase: 'waiting' | 'sending' | 'preparing' | 'added' | 'refused'
  error: string | null
}

type Upload = { files: FileUpload[]; busy: boolean; result: string; error: string | null }

export type ProductPhotosState = ProductPhotosInit & {
  upload: Upload
  /**
   * Sends the photographs one after the other (the server prepares one at a
   * time), each showing how much has gone; the list shows each once stored.
   */
  send: (files: readonly File[]) => Promise<void>
  generate: () => Promise<void>
  /** Follows a run already going on (the page was opened during it). */
  follow: () => Promise<void>
}

const idle: Upload = { files: [], busy: false, result: '', error: null }

export const productPhotosStore = createContextStore('The product photographs store', (init: ProductPhotosInit) =>
  createStore<ProductPhotosState>()((set, get) => {
    const api = `/api/admin/products/${encodeURIComponent(init.id)}/angles`
    const running = (done: number, images: number, status: string) =>
      set({ angles: { ...get().angles, view: { ...get().angles.view, running: { done, images, status } } } })

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

      async send(chosen) {
        if (get().upload.busy) return
        const files: FileUpload[] = chosen.map((f) => ({ name: f.name, percent: 0, phase: 'waiting', error: null }))
        const change = (i: number, to: Partial<FileUpload>) => {
          files[i] = { ...files[i]!, ...to }
          set({ upload: { ...get().upload, files: [...files] } })
        }
        set({ upload: { ...idle, files: [...files], busy: true } })
        for (const [i, file] of chosen.entries()) {
          const refusal = looksLikeHeic(file.name, file.type)
            ? HEIC_MESSAGE
            : file.size > PHOTO_UPLOAD_LIMIT
              ? TOO_LARGE_MESSAGE
              : null
          if (refusal) {
            change(i, { phase: 'refused', error: refusal })
            continue
          }
          change(i, { phase: 'sending' })
          const body = new FormData()
          body.append('photo', file)
          const progress = (f: number) =>
            change(i, f >= 1 ? { percent: 100, phase: 'preparing' } : { percent: Math.round(f * 100) })
          try {
            const answer = await postWithProgress<UploadAnswer>(
              `/admin/products/${encodeURIComponent(init.id)}/photos`,
              body,
              progress,
            )
            set({ photos: answer.photos })
            change(i, { phase: 'added' })
          } catch (err) {
            change(i, { phase: 'refused', error: readableError(err) })
          }
        }
        const refused = files.filter((f) => f.error).map((f) => ({ name: f.name, message: f.error! }))
        const added = files.length - refused.length
        set({
          upload: {
            files,
            busy: false,
            result: added > 0 ? addedText(added) : '',
            error: refused.length > 0 ? refusalsText(refused, files.length) : null,
          },
        })
      },

      async generate() {
        if (get().angles.view.running) return
        set({ anglesError: null, anglesNotice: '' })
        running(0, 4, GENERATION_STATUS.starting)
        try {
          await apiRequest('POST', api)
        } catch (err) {
          set({
            anglesError: readableError(err),
            angles: { ...get().angles, view: { ...get().angles.view, running: null } },
          })
          return
        }
        await follow()
      },
    }
  }),
)
