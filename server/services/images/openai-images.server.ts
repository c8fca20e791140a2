import type OpenAI from 'openai'
import type { ImageGenerateParamsNonStreaming } from 'openai/resources/images'
import { IMAGE_SIZE } from '../../../domain/image-generation.ts'

export type ImageRequestOptions = {
  /** Per attempt, until the answer starts (the SDK's own `timeout`). */
  timeoutMs: number
  /** The SDK's retries for timeouts, connection errors, 408/409/429 and 5xx answers. */
  maxRetries: number
  /** Sends each request the client makes, its retries included (the generator counts them). */
  fetch?: typeof fetch
}

/** The SDK, loaded by the first run rather than by every start of the shop (a tenth of a start's CPU). */
type Sdk = typeof OpenAI
const loadSdk = async (): Promise<Sdk> => (await import('openai')).default

/**
 * The SDK reads OPENAI_API_KEY/OPENAI_BASE_URL itself; timeout and retries
 * are explicit because its defaults could hold a run for half an hour.
 */
export async function createImageClient(options: ImageRequestOptions): Promise<OpenAI> {
  const Client = await loadSdk()
  return new Client({
    timeout: options.timeoutMs,
    maxRetries: options.maxRetries,
    ...(options.fetch ? { fetch: options.fetch } : {}),
  })
}

/** The highest quality each model family offers (every image is 1024x1024, at its model's best). */
export function qualityFor(model: string): ImageGenerateParamsNonStreaming['quality'] | undefined {
  if (model === 'dall-e-3') return 'hd'
  if (model === 'dall-e-2') return undefined // one quality only
  return 'high' // gpt-image-1 and its successors
}

export function imageRequest(model: string, prompt: string): ImageGenerateParamsNonStreaming {
  const quality = qualityFor(model)
  return {
    model,
    prompt,
    n: 1,
    size: IMAGE_SIZE,
    ...(quality ? { quality } : {}),
    // DALL·E answers a URL by default, valid for an hour; ask for the bytes. GPT image models always send bytes.
    ...(model.startsWith('dall-e') ? { response_format: 'b64_json' as const } : {}),
  }
}

/** A failure that will hit every other request of the run as well (bad key, unknown model, no credit). */
export class FatalImageError extends Error {
  override name = 'FatalImageError'
}

export class ImageRequestError extends Error {
  override name = 'ImageRequestError'
}

const MAX_DOWNLOAD_BYTES = 50 * 1024 * 1024

/**
 * `url` answers are downloaded at once (they expire); `deadlineMs` bounds
 * retries and download too, as the SDK's timeout stops at the headers.
 */
export async function requestImage(
  client: OpenAI,
  opts: { model: string; prompt: string; deadlineMs: number; downloadTimeoutMs: number; signal: AbortSignal },
): Promise<Buffer> {
  const deadline = AbortSignal.timeout(opts.deadlineMs)
  const signal = AbortSignal.any([opts.signal, deadline])
  const sdk = await loadSdk()
  try {
    const answer = await client.images.generate(imageRequest(opts.model, opts.prompt), { signal })
    const item = Array.isArray(answer?.data) ? answer.data[0] : undefined
    if (typeof item?.b64_json === 'string' && item.b64_json.length > 0) return Buffer.from(item.b64_json, 'base64')
    if (typeof item?.url === 'string' && item.url.length > 0)
      return await download(item.url, opts.downloadTimeoutMs, signal)
    throw new ImageRequestError('The image service answered without an image.')
  } catch (err) {
    if (opts.signal.aborted)
      throw opts.signal.reason instanceof Error ? opts.signal.reason : new ImageRequestError('The run was stopped.')
    if (deadline.aborted)
      throw new ImageRequestError(`The image service did not deliver the image within ${seconds(opts.deadlineMs)}.`)
    throw describe(err, opts.model, client.timeout, sdk)
  }
}

async function download(url: string, timeoutMs: number, signal: AbortSignal): Promise<Buffer> {
  let res: Response
  const timer = AbortSignal.timeout(timeoutMs)
  try {
    res = await fetch(url, { signal: AbortSignal.any([signal, timer]), redirect: 'follow' })
    if (!res.ok) throw new ImageRequestError(`The generated image could not be downloaded (HTTP ${res.status}).`)
    const length = Number(res.headers.get('content-length') ?? 0)
    if (length > MAX_DOWNLOAD_BYTES) throw new ImageRequestError('The generated image is too large to download.')
    const bytes = Buffer.from(await res.arrayBuffer())
    if (bytes.length > MAX_DOWNLOAD_BYTES) throw new ImageRequestError('The generated image is too large to download.')
    return bytes
  } catch (err) {
    if (err instanceof ImageRequestError || signal.aborted) throw err
    if (timer.aborted)
      throw new ImageRequestError(`The generated image could not be downloaded within ${seconds(timeoutMs)}.`)
    throw new ImageRequestError(`The generated image could not be downloaded: ${(err as Error).message}.`)
  }
}

function seconds(ms: number): string {
  const s = ms / 1000
  return s === 1 ? '1 second' : `${Number.isInteger(s) ? s : s.toFixed(1)} seconds`
}

/** Turns what the SDK throws into a sentence, and tells apart the failures that doom the whole run. */
function describe(err: unknown, model: string, timeoutMs: number, OpenAI: Sdk): Error {
  if (err instanceof ImageRequestError || err instanceof FatalImageError) return err
  if (err instanceof OpenAI.APIConnectionTimeoutError)
    return new ImageRequestError(`The image service did not answer within ${seconds(timeoutMs)}.`)
  if (err instanceof OpenAI.APIConnectionError) return new ImageRequestError('The image service could not be reached.')
  if (err instanceof OpenAI.AuthenticationError)
    return new FatalImageError('OpenAI refused the API key (401). Check OPENAI_API_KEY.')
  if (err instanceof OpenAI.PermissionDeniedError) {
    return new FatalImageError(`OpenAI refused access to the model ${model} (403): ${err.message}`)
  }
  if (err instanceof OpenAI.NotFoundError)
    return new FatalImageError(`OpenAI does not know the model ${model} (404). Check OPENAI_IMAGE_MODEL.`)
  if (err instanceof OpenAI.RateLimitError) {
    if (err.code === 'insufficient_quota' || err.code === 'billing_hard_limit_reached') {
      return new FatalImageError('The OpenAI account has no credit left (429). Add credit, then try again.')
    }
    return new ImageRequestError('OpenAI is rate-limiting the requests (429), even after retrying.')
  }
  if (err instanceof OpenAI.BadRequestError)
    return new ImageRequestError(`OpenAI refused this image (400): ${err.message}`)
  if (err instanceof OpenAI.APIError && typeof err.status === 'number') {
    return new ImageRequestError(`The image service failed (HTTP ${err.status}).`)
  }
  if (err instanceof SyntaxError)
    return new ImageRequestError('The image service sent an answer that could not be read.')
  return new ImageRequestError(`The image request failed: ${(err as Error)?.message ?? String(err)}`)
}
