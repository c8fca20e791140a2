/** No Node or browser APIs here: the server, /admin and `npm run generate-images` all import it. */
import { IMAGE_ANGLES } from './business.ts'
import type { OwnerAccess } from './owner.ts'

export type ImageAngle = (typeof IMAGE_ANGLES)[number]

/** The size of each generated image. */
export const IMAGE_SIZE = '1024x1024' as const
/** Image requests sent at once during a generation (IMAGE_CONCURRENCY overrides it). */
export const IMAGE_CONCURRENCY = 3
/** Rough seconds one image takes at the highest quality, for the admin page's time estimate. */
export const IMAGE_SECONDS_PER_IMAGE = 45
/** OpenAI's list price in US dollars for one 1024x1024 image at each model's highest quality. */
export const IMAGE_PRICE_USD: Record<string, number> = {
  'gpt-image-1': 0.167,
  'gpt-image-1-mini': 0.036,
  'dall-e-3': 0.08,
  'dall-e-2': 0.02,
}

/** Counts PRODUCTS, not images: a product fails when any angle failed and keeps its old images. */
export type GenerationResults = { successCount: number; errorCount: number; total: number }

export type ImageOutcome = 'ok' | 'failed' | 'skipped'

/** Images per rolling 24 hours (IMAGE_DAILY_LIMIT); `nextFreedAt` is ISO 8601, null when none counts. */
export type ImageAllowance = { limit: number; used: number; left: number; nextFreedAt: string | null }

/** GET /api/generate-images: whether generation is set up and running, with what model and batch size. */
export type GenerationStatus = {
  configured: boolean
  running: boolean
  model: string
  concurrency: number
  /** Images finished and to do in the run going on. */
  progress: { done: number; images: number } | null
  allowance: ImageAllowance
}

/** The latest generation run that replaced main photographs: when, how many products, and whether it was undone. */
export type LastRun = { runId: string; at: string; products: number; undone: boolean }

/** Where the overview's generator forms come back to: the overview, opened at the generator. */
export const GENERATOR_PAGE = '/admin#generator-heading'

/** How far the run going on has got, as its events so far say: for a page made during it. */
export type RunProgress = { done: number; images: number; status: string }

/**
 * Rendered into /admin for each request (never from a shared cache): who asks (a
 * visitor's page explains how to turn generation on), and, for the owner, the allowance,
 * the run going on, and why a run asked for by the page's form did not start.
 */
export type AdminPageState = {
  access: OwnerAccess
  configured: boolean
  allowance: ImageAllowance | null
  running: RunProgress | null
  refused: string | null
}

/** The events of one run, in order: one `start`, one `image` per image slot, one `product` per product, one `done`. */
export type GenerationEvent =
  | { type: 'start'; products: number; images: number; model: string; concurrency: number }
  | {
      type: 'image'
      /** Images finished so far (generated, failed or skipped), this one included. */
      done: number
      images: number
      productId: string
      productName: string
      angle: ImageAngle
      outcome: ImageOutcome
      error?: string
    }
  | { type: 'product'; productId: string; productName: string; ok: boolean; mainImage?: string; error?: string }
  /** `runId` names the run, so the page can offer to undo it. */
  | { type: 'done'; results: GenerationResults; stoppedEarly?: string; runId?: string }
  /** The run could not go on at all (an unexpected fault); nothing after it. */
  | { type: 'error'; error: string }

/** The final answer of POST /api/generate-images. `stoppedEarly` says why a run ended before trying every image. */
export type GenerationResponse = { results: GenerationResults; stoppedEarly?: string }

/** The words for each angle, as the status line and the prompts say them. */
export const ANGLE_LABELS: Record<ImageAngle, string> = {
  main: 'main view',
  '45-degree': '45-degree view',
  'side profile': 'side profile',
  detail: 'detail',
}

/** The admin page's fixed status texts (docs/site.md), letter for letter. */
export const GENERATION_STATUS = {
  starting: 'Starting image generation...',
  completed: '✓ Generation completed!',
  failed: '✗ Generation failed',
} as const

/** 'Generating 7 of 56: Oxford Brogue, side profile' */
export function imageStatus(e: Extract<GenerationEvent, { type: 'image' }>): string {
  return `Generating ${e.done} of ${e.images}: ${e.productName}, ${ANGLE_LABELS[e.angle]}`
}

/** Percent shown while running: 100 is kept for the end of the run (the last product may still be saving). */
export function runningPercent(done: number, images: number): number {
  if (images <= 0) return 0
  return Math.min(99, Math.floor((done / images) * 100))
}

/** A run that generated nothing although it tried counts as failed on the page and in the shell. */
export function runFailed(results: GenerationResults): boolean {
  return results.total > 0 && results.successCount === 0
}

export type GenerationEstimate = {
  images: number
  /** US dollars at the model's list price, or null for a model whose price we do not know. */
  costUsd: number | null
  minutes: number
}

/** What a run over `products` products will cost and take, for the notes and the shell. */
export function estimateRun(products: number, model: string, concurrency: number): GenerationEstimate {
  const images = products * IMAGE_ANGLES.length
  const price = IMAGE_PRICE_USD[model]
  const rounds = Math.ceil(images / Math.max(1, concurrency))
  return {
    images,
    costUsd: price === undefined ? null : Math.round(images * price * 100) / 100,
    minutes: Math.max(1, Math.round((rounds * IMAGE_SECONDS_PER_IMAGE) / 60)),
  }
}

export function formatUsd(amount: number): string {
  return `US$${amount.toFixed(2)}`
}

/** The progress of a run from its events so far (the last image's, or its start's). */
export function runProgress(events: readonly GenerationEvent[]): RunProgress {
  const start = events.find((e) => e.type === 'start')
  const last = events.findLast((e) => e.type === 'image')
  const images = start?.images ?? last?.images ?? 0
  return last
    ? { done: last.done, images, status: imageStatus(last) }
    : { done: 0, images, status: GENERATION_STATUS.starting }
}
