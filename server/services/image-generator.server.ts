/**
 * Product image generation: one run at a time, four angles per product, a bounded number of
 * requests at once, each image stored as WebP beside the data file, each finished product saved
 * through the store as soon as its set is complete. Used by POST /api/generate-images and by
 * `npm run generate-images` alike.
 */
import type OpenAI from 'openai'
import type { Logger } from 'pino'
import type { Store } from '../../data/store.server.ts'
import { IMAGE_ANGLES } from '../../domain/business.ts'
import type {
  GenerationEvent,
  GenerationResponse,
  GenerationResults,
  ImageAngle,
  ImageOutcome,
} from '../../domain/image-generation.ts'
import type { Product, StoredProduct } from '../../domain/product.ts'
import type { DailyImageLimit } from './images/daily-limit.server.ts'
import {
  ImageDecodeError,
  newGenerationId,
  removeFiles,
  storeAngleImage,
  type StoredImage,
} from './images/media.server.ts'
import {
  createImageClient,
  FatalImageError,
  ImageRequestError,
  requestImage,
  type ImageRequestOptions,
} from './images/openai-images.server.ts'
import { photoWork } from './images/photo-queue.server.ts'
import { readableFailure } from './images/readable-failure.server.ts'
import { imagePrompt } from './images/prompts.server.ts'

export type ImageGeneratorOptions = {
  store: Store
  /** mediaDirFor(DATA_FILE): served at /media. */
  mediaDir: string
  model: string
  /** Requests in flight at once. */
  concurrency: number
  /** Per request attempt (the SDK's timeout). */
  timeoutMs: number
  maxRetries: number
  /** For `url` answers: how long downloading the picture may take. */
  downloadTimeoutMs?: number
  logger?: Pick<Logger, 'info' | 'warn' | 'error'>
  /** The spend cap: a run that would pass it is refused (DailyLimitError), and each run is counted. */
  dailyLimit?: DailyImageLimit
  /**
   * Saves a finished product's new photographs (the catalogue's, so the
   * history keeps what the run replaced); the store's own write otherwise.
   */
  saveProduct?: (runId: string, productId: string, patch: (p: StoredProduct) => StoredProduct) => Promise<void>
  /** Tests only: the SDK client. Production uses createImageClient (`new OpenAI()` from the environment). */
  createClient?: (options: ImageRequestOptions) => OpenAI | Promise<OpenAI>
}

/** Why a run stopped when the server did. */
export const SHUTTING_DOWN = 'The server is shutting down.'

/** Asked to start while a run is going on (409). */
export class GenerationBusyError extends Error {
  override name = 'GenerationBusyError'
  constructor() {
    super('An image generation is already running. Wait for it to finish before starting another.')
  }
}

export type GenerationJob = {
  readonly id: string
  readonly startedAt: Date
  /** Every event so far. */
  readonly events: readonly GenerationEvent[]
  /** Calls `listener` with every event so far, then with each new one; returns the unsubscribe. */
  subscribe(listener: (event: GenerationEvent) => void): () => void
  /** Settles when the run is over: the API's `{ results }` answer, or a rejection for a fault of ours. */
  readonly result: Promise<GenerationResponse>
  /** Stops starting requests and abandons those in flight; products not complete keep their old images. */
  cancel(reason: string): void
  /** The one product of a run started for it alone. */
  readonly productId?: string
}

/** A run for one product whose photographs are offered to the owner instead of replacing the product's. */
export type OneProductRun = { productId: string; offer: (product: Product, images: StoredImage[]) => Promise<void> }

export type ImageGenerator = {
  /** The run going on, or null. */
  readonly current: GenerationJob | null
  /**
   * Starts a run over every product in the store; throws GenerationBusyError while one runs, and
   * DailyLimitError when the run would pass the daily image limit.
   */
  start(one?: OneProductRun): GenerationJob
  /** Cancels a run in progress and waits until it has ended (shutdown). */
  stop(reason?: string): Promise<void>
}

type Slot = { product: Product; angle: ImageAngle }
type ProductState = { pending: number; stored: StoredImage[]; files: string[]; failed?: string }

const DEFAULT_DOWNLOAD_TIMEOUT_MS = 60_000
/** The SDK waits up to 8 s between retries. */
const MAX_RETRY_PAUSE_MS = 8_000

export function createImageGenerator(options: ImageGeneratorOptions): ImageGenerator {
  let current: GenerationJob | null = null

  function start(one?: OneProductRun): GenerationJob {
    if (current) throw new GenerationBusyError()
    const job = createJob(options, one)
    current = job
    const clear = () => {
      if (current === job) current = null
    }
    job.result.then(clear, clear)
    return job
  }

  return {
    get current() {
      return current
    },
    start,
    async stop(reason = SHUTTING_DOWN) {
      const job = current
      if (!job) return
      job.cancel(reason)
      await job.result.catch(() => {})
    },
  }
}

const RETRIES_PAST_LIMIT = 'Stopped: retrying the failed images would pass the daily image limit.'

function createJob(options: ImageGeneratorOptions, one?: OneProductRun): GenerationJob {
  const { store, mediaDir, model, logger } = options
  const save =
    options.saveProduct ??
    ((_run: string, productId: string, patch: (p: StoredProduct) => StoredProduct) =>
      store.updateProduct(productId, patch))
  const concurrency = Math.max(1, Math.floor(options.concurrency))
  const downloadTimeoutMs = options.downloadTimeoutMs ?? DEFAULT_DOWNLOAD_TIMEOUT_MS
  // The SDK's timeout ends when the answer starts; this bounds a whole call, its retries and its body.
  const deadlineMs = options.timeoutMs * 2 * (options.maxRetries + 1) + MAX_RETRY_PAUSE_MS * options.maxRetries
  const id = newGenerationId()
  const startedAt = new Date()
  const events: GenerationEvent[] = []
  const listeners = new Set<(event: GenerationEvent) => void>()
  const abort = new AbortController()
  let stoppedEarly: string | undefined

  const emit = (event: GenerationEvent) => {
    events.push(event)
    for (const listener of listeners) {
      try {
        listener(event)
      } catch (err) {
        logger?.error({ err }, 'image generation: a progress listener failed')
      }
    }
  }

  const stopRun = (reason: string) => {
    if (abort.signal.aborted) return
    stoppedEarly = reason
    abort.abort(new Error(reason))
  }

  // The products of this run are the catalogue as it is now; products added meanwhile wait for the next run.
  const products = store.products.filter((p) => !one || p.id === one.productId)
  const slots: Slot[] = products.flatMap((product) => IMAGE_ANGLES.map((angle) => ({ product, angle })))
  /** What the day's limit leaves this run: every request it sends, the SDK's retries included. */
  const budget = options.dailyLimit?.allowance().left ?? Infinity
  // Counted before anything is announced or requested; throws when the run would pass the limit.
  const reservation = options.dailyLimit?.reserve(id, slots.length)
  /** Requests sent to the image API, retries included (each may be paid for): the count the run settles at. */
  let requested = 0
  const countedFetch: typeof fetch = (input, init) => {
    if (requested >= budget) {
      // Aborting the run's signal tells the SDK not to retry this one either.
      stopRun(RETRIES_PAST_LIMIT)
      return Promise.reject(abort.signal.reason)
    }
    requested++
    return fetch(input, init)
  }
  emit({ type: 'start', products: products.length, images: slots.length, model, concurrency })
  logger?.info(
    { generationId: id, products: products.length, images: slots.length, model, concurrency },
    'image generation started',
  )

  async function run(): Promise<GenerationResponse> {
    const client = await (options.createClient ?? createImageClient)({
      timeoutMs: options.timeoutMs,
      maxRetries: options.maxRetries,
      fetch: countedFetch,
    })
    const states = new Map<string, ProductState>(
      products.map((p) => [p.id, { pending: IMAGE_ANGLES.length, stored: [], files: [] }]),
    )
    const results: GenerationResults = { successCount: 0, errorCount: 0, total: products.length }
    let done = 0
    let next = 0

    try {
      await reservation?.saved
    } catch (err) {
      logger?.error(
        { generationId: id, err },
        'image generation not started: its images could not be counted in the data file',
      )
      stopRun(
        'Nothing was generated: the data file cannot be written just now, so ' +
          'the images could not be counted against the daily limit.',
      )
    }

    const finishProduct = async (product: Product, state: ProductState) => {
      const images = [...state.stored].sort((a, b) => IMAGE_ANGLES.indexOf(a.angle) - IMAGE_ANGLES.indexOf(b.angle))
      // Offered photographs are chosen one by one, so a partial set is still worth offering.
      if (one && images.length > 0) {
        try {
          await one.offer(product, images)
          state.files = []
        } catch (err) {
          logger?.error({ generationId: id, productId: product.id, err }, 'new photographs could not be offered')
          state.failed = 'The new photographs could not be kept on the server.'
        }
      }
      if (!state.failed && state.stored.length === IMAGE_ANGLES.length) {
        const mainImage = images[0]!.src
        try {
          // The product switches to its new pictures only now that all four are on disk.
          if (!one)
            await save(id, product.id, (p) => ({
              ...p,
              mainImage,
              images,
              imagesGeneratedAt: new Date().toISOString(),
              imageModel: model,
            }))
          results.successCount++
          emit({
            type: 'product',
            productId: product.id,
            productName: product.name,
            ok: true,
            ...(one ? {} : { mainImage }),
          })
          logger?.info({ generationId: id, productId: product.id, mainImage }, 'product images stored')
          return
        } catch (err) {
          logger?.error(
            { generationId: id, productId: product.id, err },
            'product images could not be saved to the data file',
          )
          state.failed =
            `The new images could not be saved in the data file ` +
            `(${(err as Error).name === 'StoreWriteError' ? 'it cannot be written' : (err as Error).message}).`
        }
      }
      // An incomplete set is not used: the product keeps its old images and the new files go.
      await removeFiles(state.files).catch(() => {})
      results.errorCount++
      emit({ type: 'product', productId: product.id, productName: product.name, ok: false, error: state.failed })
      logger?.warn({ generationId: id, productId: product.id, error: state.failed }, 'product images not generated')
    }

    const finishSlot = async (slot: Slot, state: ProductState, outcome: ImageOutcome, error?: string) => {
      done++
      emit({
        type: 'image',
        done,
        images: slots.length,
        productId: slot.product.id,
        productName: slot.product.name,
        angle: slot.angle,
        outcome,
        ...(error ? { error } : {}),
      })
      state.pending--
      if (state.pending === 0) await finishProduct(slot.product, state)
    }

    const handle = async (slot: Slot) => {
      const state = states.get(slot.product.id)!
      if (abort.signal.aborted || state.failed) {
        // Not worth paying for: the run stopped, or this product's set can no longer be complete.
        const why = abort.signal.aborted
          ? (stoppedEarly ?? 'The run was stopped.')
          : 'Not requested: another image of this product failed.'
        state.failed ??= why
        return finishSlot(slot, state, 'skipped', why)
      }
      try {
        const image = await requestImage(client, {
          model,
          prompt: imagePrompt(slot.product, slot.angle),
          deadlineMs,
          downloadTimeoutMs,
          signal: abort.signal,
        })
        // Its encodes wait their turn with the owner's uploads: memory is the process's.
        const { stored, files } = await photoWork.run(() =>
          storeAngleImage({ mediaDir, productId: slot.product.id, generationId: id, angle: slot.angle, image }),
        )
        state.files.push(...files)
        state.stored.push(stored)
        await finishSlot(slot, state, 'ok')
      } catch (err) {
        const message = readableFailure(err, abort.signal)
        if (!(
          err instanceof ImageRequestError ||
          err instanceof FatalImageError ||
          err instanceof ImageDecodeError ||
          abort.signal.aborted
        )) {
          logger?.error(
            { generationId: id, productId: slot.product.id, angle: slot.angle, err },
            'image could not be stored',
          )
        }
        if (err instanceof FatalImageError) {
          logger?.error({ generationId: id, err }, 'image generation stopped: every further request would fail too')
          stopRun(message)
        }
        state.failed ??= message
        await finishSlot(slot, state, 'failed', message)
      }
    }

    const worker = async () => {
      while (next < slots.length) {
        const slot = slots[next++]!
        await handle(slot)
      }
    }
    await Promise.all(Array.from({ length: Math.min(concurrency, Math.max(1, slots.length)) }, worker))
    await reservation?.settle(requested).catch((err: unknown) => {
      // The full run stays counted: the cap errs on the side of the owner's money.
      logger?.error({ generationId: id, err }, 'the images requested could not be recorded against the daily limit')
    })

    const response: GenerationResponse = { results, ...(stoppedEarly ? { stoppedEarly } : {}) }
    emit({ type: 'done', ...response, runId: id })
    logger?.info({ generationId: id, ...results, stoppedEarly }, 'image generation finished')
    return response
  }

  const result = run().catch((err: unknown) => {
    logger?.error({ err, generationId: id }, 'image generation failed')
    emit({ type: 'error', error: 'The image generation stopped because of an error on the server.' })
    throw err
  })
  // A rejection nobody awaits must not crash the process; callers still see it through `result`.
  result.catch(() => {})

  return {
    id,
    startedAt,
    get events() {
      return events
    },
    subscribe(listener) {
      for (const event of events) listener(event)
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    result,
    cancel: stopRun,
    ...(one ? { productId: one.productId } : {}),
  }
}
