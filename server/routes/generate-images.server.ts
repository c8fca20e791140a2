/**
 * /api/generate-images (docs/api-and-data.md). A visitor leaving does not stop
 * a run: its images are paid for as requested, so it finishes and saves them.
 */
import { Router, type Request, type Response } from 'express'
import type { Config } from '../config/config.server.ts'
import { GenerationBusyError, type GenerationJob, type ImageGenerator } from '../services/image-generator.server.ts'
import { DailyLimitError, type DailyImageLimit } from '../services/images/daily-limit.server.ts'
import { runProgress, type GenerationStatus } from '../../domain/image-generation.ts'

export const NO_KEY_MESSAGE =
  'Image generation is not set up on this server: OPENAI_API_KEY is not ' +
  'set. Add it to the server environment and restart the server.'

/** What anyone but the owner is told here: the owner check (whoAsks) answers this address before it. */
export { NOT_OWNER_MESSAGE } from '../owner/owner-paths.server.ts'

export const CANCELLED_MESSAGE = 'Stopped by the owner.'

const HEARTBEAT_MS = 15_000

/** What the image routes use: the generator and its daily limit. */
export type ImageRoutesDeps = {
  config: Pick<Config, 'openaiApiKey' | 'imageModel' | 'imageConcurrency'>
  generator: ImageGenerator
  dailyLimit: DailyImageLimit
}

/** Why a run did not start, with the status that says it (and when to ask again). */
export type RunRefusal = { ok: false; status: number; error: string; retryAfterSeconds?: number }

/** A run over every product, started; or why not. */
export type ShopRunStart = { ok: true; job: GenerationJob } | RunRefusal

/** A start refused because a run is going on (409) or the daily limit would be passed (429); else undefined. */
export function runRefusal(err: unknown): RunRefusal | undefined {
  if (err instanceof GenerationBusyError) return { ok: false, status: 409, error: err.message }
  if (err instanceof DailyLimitError)
    return {
      ok: false,
      status: 429,
      error: err.message,
      ...(err.retryAfterSeconds === null ? {} : { retryAfterSeconds: err.retryAfterSeconds }),
    }
  return undefined
}

/** Starts a run over every product: for the API and for the overview's form alike. */
export function startShopRun({
  configured,
  generator,
}: {
  configured: boolean
  generator: Pick<ImageGenerator, 'start'>
}): ShopRunStart {
  if (!configured) return { ok: false, status: 503, error: NO_KEY_MESSAGE }
  try {
    return { ok: true, job: generator.start() }
  } catch (err) {
    const refused = runRefusal(err)
    if (refused) return refused
    throw err
  }
}

/** `/api/generate-images`: the owner's API, one of the owner's addresses (owner-paths.server.ts). */
export function generateImagesApi({ config, generator, dailyLimit }: ImageRoutesDeps): Router {
  const api = Router()

  api.get('/', (_req, res) => {
    const job = generator.current
    const progress = job ? runProgress(job.events) : null
    const status: GenerationStatus = {
      configured: Boolean(config.openaiApiKey),
      running: job !== null,
      model: config.imageModel,
      concurrency: config.imageConcurrency,
      progress: progress && { done: progress.done, images: progress.images },
      allowance: dailyLimit.allowance(),
    }
    res.setHeader('Cache-Control', 'private, no-store')
    res.json(status)
  })

  api.get('/events', (req, res) => {
    const job = generator.current
    if (!job) {
      res.status(404).json({ error: 'No image generation is running.' })
      return
    }
    streamJob(job, res)
  })

  // The owner stops a run: requests not yet sent are not paid for; finished products keep their new images.
  api.post('/cancel', (_req, res) => {
    const job = generator.current
    if (!job) {
      res.status(404).json({ error: 'No image generation is running.' })
      return
    }
    job.cancel(CANCELLED_MESSAGE)
    res.status(202).json({ cancelling: true })
  })

  api.post('/', (req, res, next) => {
    let started: ShopRunStart
    try {
      started = startShopRun({ configured: Boolean(config.openaiApiKey), generator })
    } catch (err) {
      return next(err)
    }
    if (!started.ok) {
      if (started.status === 429)
        req.log?.warn({ allowance: dailyLimit.allowance() }, 'image generation refused: daily limit')
      if (started.retryAfterSeconds !== undefined) res.setHeader('Retry-After', String(started.retryAfterSeconds))
      res.status(started.status).json({ error: started.error })
      return
    }
    const { job } = started
    if (wantsEventStream(req)) {
      streamJob(job, res)
      return
    }
    res.setHeader('Cache-Control', 'private, no-store')
    res.setTimeout(0) // silent until the run ends, minutes later: not an idle socket
    job.result.then(
      (response) => {
        if (!res.writableEnded && !res.destroyed) res.json(response)
      },
      (err: unknown) => next(err),
    )
  })

  return api
}

function wantsEventStream(req: Request): boolean {
  return req.query.stream === '1' || (req.get('accept') ?? '').includes('text/event-stream')
}

/** Sends a run's events as Server-Sent Events, from its start, and ends after `done` (or `error`). */
export function streamJob(job: GenerationJob, res: Response, cacheControl = 'private, no-store, no-transform'): void {
  res.status(200)
  res.setHeader('Content-Type', 'text/event-stream; charset=utf-8')
  // no-transform keeps compression from buffering the stream; X-Accel-Buffering does the same for nginx.
  res.setHeader('Cache-Control', cacheControl)
  res.setHeader('X-Accel-Buffering', 'no')
  res.flushHeaders()

  const open = () => !res.writableEnded && !res.destroyed
  const heartbeat = setInterval(() => {
    if (open()) res.write(': keep-alive\n\n')
  }, HEARTBEAT_MS)
  let unsubscribe: () => void = () => {}
  const finish = () => {
    clearInterval(heartbeat)
    unsubscribe()
  }
  unsubscribe = job.subscribe((event) => {
    if (!open()) return
    res.write(`event: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`)
    if (event.type === 'done' || event.type === 'error') {
      finish()
      res.end()
    }
  })
  // The visitor went away: stop writing; the run itself goes on.
  res.on('close', finish)
  if (!open()) finish()
}
