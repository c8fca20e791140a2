/**
 * At most IMAGE_DAILY_LIMIT images per rolling 24 hours; a run is counted in the data file before
 * its first request (no restart forgets it), then recounted as sent (retries may be paid).
 */
import type { Store } from '../../../data/store.server.ts'
import { IMAGE_ANGLES } from '../../../domain/business.ts'
import type { ImageAllowance } from '../../../domain/image-generation.ts'
import type { ImageRun } from '../../../data/image-runs.server.ts'
import { ukMoment } from '../../../domain/uk-time.ts'

export const DAY_MS = 24 * 60 * 60_000

export class DailyLimitError extends Error {
  override name = 'DailyLimitError'
  constructor(
    message: string,
    /** Seconds until the run would fit, or null when it never will under this limit. */
    readonly retryAfterSeconds: number | null,
  ) {
    super(message)
  }
}

export type Reservation = {
  /** Settles once the count is in the data file; rejects (StoreWriteError) when it could not be written. */
  readonly saved: Promise<void>
  /** Records the requests the run really sent (retries included, so possibly more than reserved), once it is over. */
  settle(images: number): Promise<void>
}

/** The runs that still count, oldest first. A run dated in the future (the clock was changed) counts too. */
function stillCounted(runs: readonly ImageRun[] | undefined, now: number): ImageRun[] {
  return (runs ?? [])
    .filter((r) => Date.parse(r.startedAt) > now - DAY_MS)
    .sort((a, b) => Date.parse(a.startedAt) - Date.parse(b.startedAt))
}

export class DailyImageLimit {
  constructor(
    private readonly store: Store,
    /** IMAGE_DAILY_LIMIT; undefined: two full runs of the catalogue as it is now. */
    private readonly configured: number | undefined,
    private readonly now: () => number = Date.now,
  ) {}

  get limit(): number {
    return this.configured ?? 2 * this.store.products.length * IMAGE_ANGLES.length
  }

  private counted(now: number): ImageRun[] {
    return stillCounted(this.store.data.imageRuns, now)
  }

  allowance(): ImageAllowance {
    const now = this.now()
    const runs = this.counted(now)
    const used = runs.reduce((sum, r) => sum + r.images, 0)
    const oldest = runs.find((r) => r.images > 0)
    return {
      limit: this.limit,
      used,
      left: Math.max(0, this.limit - used),
      nextFreedAt: oldest ? new Date(Date.parse(oldest.startedAt) + DAY_MS).toISOString() : null,
    }
  }

  /**
   * Throws without counting when the whole run does not fit: a cut-short
   * run would pay for images of products that keep their old pictures.
   */
  reserve(id: string, images: number): Reservation {
    const now = this.now()
    const { limit, used, left } = this.allowance()
    if (images > left) throw this.refusal(now, images, limit, used)
    const run: ImageRun = { id, startedAt: new Date(now).toISOString(), images }
    // Runs that no longer count leave the data file as new ones arrive.
    const saved = this.store.update((d) => ({ ...d, imageRuns: [...stillCounted(d.imageRuns, now), run] }))
    // The caller awaits `saved`; this keeps an unawaited rejection from crashing the process meanwhile.
    saved.catch(() => {})
    return {
      saved,
      settle: (requested) =>
        this.store.update((d) => ({
          ...d,
          imageRuns: (d.imageRuns ?? []).map((r) => (r.id === id ? { ...r, images: requested } : r)),
        })),
    }
  }

  private refusal(now: number, images: number, limit: number, used: number): DailyLimitError {
    if (images > limit) {
      return new DailyLimitError(
        `A run of the whole catalogue needs ${images} images, more than the ` +
          `daily limit of ${limit}. Raise IMAGE_DAILY_LIMIT on the server and ` +
          `restart it to run one.`,
        null,
      )
    }
    // The run fits once enough of the oldest runs have stopped counting.
    let stillUsed = used
    let fitsAt = now
    for (const r of this.counted(now)) {
      stillUsed -= r.images
      fitsAt = Date.parse(r.startedAt) + DAY_MS
      if (stillUsed + images <= limit) break
    }
    const when = ukMoment(new Date(fitsAt).toISOString(), new Date(now))
    return new DailyLimitError(
      `The daily image limit is reached: ${used} of ${limit} images were ` +
        `requested in the last 24 hours, and a run needs ${images}. It can run ` +
        `again after ${when}.`,
      Math.max(1, Math.ceil((fitsAt - now) / 1000)),
    )
  }
}
