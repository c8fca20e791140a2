import { createStore } from 'zustand'
import {
  GENERATION_STATUS,
  imageStatus,
  runFailed,
  runningPercent,
  type GenerationEvent,
  type GenerationResponse,
  type GenerationResults,
  type AdminPageState,
  type GenerationStatus,
  type ImageAllowance,
  type LastRun,
} from '../domain/image-generation.ts'
import type { OwnerAccess } from '../domain/owner.ts'
import type { Product } from '../domain/product.ts'
import { ApiError, apiGet, apiRequest } from '../lib/api.ts'
import { readEventStream } from '../lib/event-stream.ts'
import { createContextStore } from './create-context-store.tsx'

export type GenerationPhase = 'idle' | 'running' | 'succeeded' | 'failed'

export type AdminState = {
  products: Product[]
  server: GenerationStatus | null
  configured: boolean
  access: OwnerAccess
  allowance: ImageAllowance | null
  phase: GenerationPhase
  /** 0 to 100. */
  progress: number
  /** The status line under the bar (the fixed texts at 0, 100 and on failure: docs/site.md, admin page). */
  status: string
  error: string | null
  results: GenerationResults | null
  failures: { name: string; error: string }[]
  loadStatus: () => Promise<void>
  stoppedEarly: string | null
  stopping: boolean
  /** The run the page offers to undo. */
  lastRun: LastRun | null
  generate: () => Promise<void>
  stop: () => Promise<void>
}

export function readableError(err: unknown): string {
  const message = err instanceof Error ? err.message : String(err)
  if (err instanceof ApiError) {
    if (err.serverError) return err.serverError
    if (err.status === 401) return 'The server asked for the admin password: reload the page and sign in as admin.'
  }
  if (err instanceof TypeError) return 'The server could not be reached. Check the connection and try again.'
  return message || 'Please try again later.'
}

export const adminStore = createContextStore(
  'The admin store',
  ({ products, admin, lastRun }: { products: Product[]; admin: AdminPageState; lastRun: LastRun | null }) =>
    createStore<AdminState>()((set, get) => {
      const apply = (event: GenerationEvent) => {
        switch (event.type) {
          case 'start':
            set({ progress: 0, status: GENERATION_STATUS.starting })
            break
          case 'image':
            set({ progress: runningPercent(event.done, event.images), status: imageStatus(event) })
            break
          case 'product':
            if (event.ok && event.mainImage) {
              const mainImage = event.mainImage
              set({ products: get().products.map((p) => (p.id === event.productId ? { ...p, mainImage } : p)) })
            } else if (!event.ok) {
              set({
                failures: [
                  ...get().failures,
                  { name: event.productName, error: event.error ?? 'The images could not be generated.' },
                ],
              })
            }
            break
          default:
            break
        }
      }

      const fail = (err: unknown, results: GenerationResults | null = get().results) => {
        console.error('Image generation failed:', err)
        set({ phase: 'failed', status: GENERATION_STATUS.failed, error: readableError(err), results, stopping: false })
      }

      const follow = async (res: Response) => {
        let final: GenerationResponse | null = null
        if ((res.headers.get('content-type') ?? '').includes('text/event-stream') && res.body) {
          for await (const message of readEventStream(res.body)) {
            const event = JSON.parse(message.data) as GenerationEvent
            if (event.type === 'error') throw new Error(event.error)
            if (event.type === 'done') {
              final = { results: event.results, ...(event.stoppedEarly ? { stoppedEarly: event.stoppedEarly } : {}) }
              if (event.runId && event.results.successCount > 0)
                set({
                  lastRun: {
                    runId: event.runId,
                    at: new Date().toISOString(),
                    products: event.results.successCount,
                    undone: false,
                  },
                })
            } else apply(event)
          }
        } else {
          final = (await res.json()) as GenerationResponse
        }
        if (!final)
          throw new Error(
            'The connection to the server was lost before the run finished. The run ' +
              'goes on: reload the page to follow it.',
          )
        if (runFailed(final.results)) {
          set({ progress: 100 }) // the run is over, every image was tried (or given up)
          fail(new Error(final.stoppedEarly ?? 'No product images could be generated.'), final.results)
          return
        }
        set({
          phase: 'succeeded',
          progress: 100,
          status: GENERATION_STATUS.completed,
          results: final.results,
          error: null,
          stoppedEarly: final.stoppedEarly ?? null,
        })
        try {
          const fresh = await apiGet<Product[]>('/api/products')
          if (fresh) set({ products: fresh })
        } catch (err) {
          console.error('Could not refetch the products after generating images:', err)
        }
      }

      // One stream followed at a time: the page's own run, or one it was made during.
      let following = false

      const begin = () =>
        set({
          phase: 'running',
          progress: 0,
          status: GENERATION_STATUS.starting,
          error: null,
          results: null,
          failures: [],
          stoppedEarly: null,
          stopping: false,
        })

      // The page as the server made it: a run going on (shown even when it is why the form's run was refused),
      // or why the form's run did not start.
      const { running, refused } = admin
      return {
        products,
        server: null,
        configured: admin.configured,
        access: admin.access,
        allowance: admin.allowance,
        phase: running ? 'running' : refused ? 'failed' : 'idle',
        progress: running ? runningPercent(running.done, running.images) : 0,
        status: running ? running.status : refused ? GENERATION_STATUS.failed : '',
        error: refused,
        results: null,
        failures: [],
        stoppedEarly: null,
        stopping: false,
        lastRun,

        async loadStatus() {
          if (get().access !== 'owner') return // the server answers a visitor 403: nothing to ask
          let mine = false
          try {
            const server = await apiGet<GenerationStatus>('/api/generate-images', { on401: 'returnNull' })
            if (!server) return
            set({ server, configured: server.configured, allowance: server.allowance })
            if (server.running && !following) {
              following = mine = true
              begin()
              await follow(await apiRequest('GET', '/api/generate-images/events'))
            } else if (!server.running && !following && get().phase === 'running') {
              // The run the page was made during has ended since: the list shows what it made.
              set({ phase: 'idle', progress: 0, status: '' })
              const fresh = await apiGet<Product[]>('/api/products')
              if (fresh) set({ products: fresh })
            }
          } catch (err) {
            // 404 from /events: the run ended between the two calls; nothing to follow.
            if (err instanceof ApiError && err.status === 404) set({ phase: 'idle', progress: 0, status: '' })
            else if (get().phase === 'running') fail(err)
            else console.error('Could not read the image generation status:', err)
          } finally {
            if (mine) following = false
          }
        },

        async generate() {
          if (get().phase === 'running' || following) return
          following = true
          begin()
          try {
            await follow(await apiRequest('POST', '/api/generate-images', undefined, { accept: 'text/event-stream' }))
          } catch (err) {
            fail(err)
          } finally {
            following = false
            set({ stopping: false })
          }
          // The allowance shown changed with the run (or the refusal says why it did not start).
          if (get().phase !== 'running') await get().loadStatus()
        },

        async stop() {
          if (get().phase !== 'running' || get().stopping) return
          set({ stopping: true })
          try {
            await apiRequest('POST', '/api/generate-images/cancel')
          } catch (err) {
            // 404: the run ended meanwhile; its results arrive through the stream anyway.
            if (!(err instanceof ApiError && err.status === 404))
              console.error('Could not stop the image generation:', err)
            set({ stopping: false })
          }
        },
      }
    }),
)
