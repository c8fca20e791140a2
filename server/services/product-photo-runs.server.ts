import { randomUUID } from 'node:crypto'
import { readdir, rm } from 'node:fs/promises'
import path from 'node:path'
import type { Store } from '../../data/store.server.ts'
import {
  GENERATION_STATUS,
  imageStatus,
  type GenerationEvent,
  type ImageAllowance,
} from '../../domain/image-generation.ts'
import { photoListVersion } from '../../domain/photo-list.ts'
import type { AngleRunView, AngleState, OfferedPhoto, PhotoChoice } from '../../domain/photo-offers.ts'
import type { CatalogueService } from './catalogue.server.ts'
import type { GenerationJob, ImageGenerator } from './image-generator.server.ts'
import type { PhotoOffers } from './photo-offers.server.ts'

export class AnglesRefusedError extends Error {
  override name = 'AnglesRefusedError'
  constructor(
    readonly status: 404 | 503,
    message: string,
  ) {
    super(message)
  }
}

type Deps = {
  generator: ImageGenerator
  offers: PhotoOffers
  catalogue: CatalogueService
  store: Store
  mediaDir: string
  configured: boolean
  /** What the daily image limit leaves now (the page states it before a run spends it). */
  allowance: () => ImageAllowance
}

/**
 * What a choice did: 'gone' when the photograph was no longer offered (chosen in another tab, or
 * the product removed); 'stale' when the product's photographs changed since the form was made.
 */
export type ChoiceOutcome = PhotoChoice | 'gone' | 'stale'

const OFFERED_FILE = /^\/media\/products\/([A-Za-z0-9_-]+)\/([A-Za-z0-9_-]+)-\d+\.webp$/

/**
 * The four angles of one product, generated on the owner's request
 * and offered beside its photographs until the owner chooses.
 */
export class ProductPhotoRuns {
  /** Each product's last run, to say why it gave nothing once it is over (until a restart). */
  private readonly last = new Map<string, GenerationJob>()

  constructor(private readonly deps: Deps) {}

  /**
   * Throws GenerationBusyError while any run goes on, DailyLimitError
   * past the day's limit, AnglesRefusedError otherwise.
   */
  start(productId: string): GenerationJob {
    const { generator, offers, store, configured } = this.deps
    // The product first: an address naming none is a 404 whatever this server can do.
    if (!store.products.some((p) => p.id === productId))
      throw new AnglesRefusedError(404, 'There is no such product (it may have been removed).')
    if (!configured)
      throw new AnglesRefusedError(503, 'Image generation is not set up on this server: OPENAI_API_KEY is not set.')
    const job = generator.start({
      productId,
      offer: (product, images) =>
        offers.add(product.id, {
          id: randomUUID(),
          at: new Date().toISOString(),
          photos: images.map(({ angle, src }) => ({ angle, src })),
        }),
    })
    this.last.set(productId, job)
    return job
  }

  /** The run going on for this product, if any. */
  running(productId: string): GenerationJob | null {
    const job = this.deps.generator.current
    return job?.productId === productId ? job : null
  }

  async state(productId: string): Promise<AngleState> {
    return { view: this.view(productId), offers: await this.deps.offers.of(productId) }
  }

  view(productId: string): AngleRunView {
    const current = this.deps.generator.current
    const mine = this.running(productId)
    const image = mine?.events.findLast((e): e is Extract<GenerationEvent, { type: 'image' }> => e.type === 'image')
    const last = mine ? undefined : this.last.get(productId)
    return {
      configured: this.deps.configured,
      allowance: this.deps.allowance(),
      running: mine
        ? {
            done: image?.done ?? 0,
            images: image?.images ?? 4,
            status: image ? imageStatus(image) : GENERATION_STATUS.starting,
          }
        : null,
      busyElsewhere: current !== null && !mine,
      error: last ? failureOf(last) : null,
    }
  }

  /**
   * Uses an offered photograph (or the whole set) as the owner chose, one change in the
   * history, if the product's photographs are still those of `version`; a discarded one goes.
   */
  async choose(
    productId: string,
    offerId: string,
    src: string,
    choice: PhotoChoice,
    version: string,
  ): Promise<ChoiceOutcome> {
    const { offers, catalogue } = this.deps
    const offer = (await offers.of(productId)).find((o) => o.id === offerId)
    if (!offer) return 'gone'
    this.last.delete(productId)
    if (choice === 'discard') {
      await this.removeUnused(await offers.take(productId, offerId, 'all'))
      return choice
    }
    const chosen = offer.photos.filter((p) => choice === 'all' || p.src === src).map((p) => p.src)
    if (chosen.length === 0) return 'gone'
    const change = {
      main: (list: string[]) => [chosen[0]!, ...list],
      gallery: (list: string[]) => [...list, chosen[0]!],
      all: () => chosen,
    }[choice]
    let stale = false
    const changed = await catalogue.setPhotos(productId, (list) => {
      stale = photoListVersion(list) !== version
      return stale ? [] : change(list)
    })
    if (!changed) return stale ? 'stale' : 'gone'
    await offers.take(productId, offerId, chosen)
    return choice
  }

  /** A photograph the catalogue or its history refers to is kept; the others' files (every size and format) go. */
  private async removeUnused(photos: readonly OfferedPhoto[]): Promise<void> {
    const known = JSON.stringify(this.deps.store.products) + JSON.stringify(await this.deps.catalogue.history.all())
    for (const { src } of photos) {
      const [, folder, base] = OFFERED_FILE.exec(src) ?? []
      if (!folder || !base || known.includes(`/${folder}/${base}-`)) continue
      const dir = path.join(this.deps.mediaDir, 'products', folder)
      const names = await readdir(dir).catch(() => [])
      await Promise.all(
        names.filter((n) => n.startsWith(`${base}-`)).map((n) => rm(path.join(dir, n), { force: true })),
      )
    }
  }
}

function failureOf(job: GenerationJob): string | null {
  for (const event of job.events) {
    if (event.type === 'product' && !event.ok) return event.error ?? 'The new photographs could not be made.'
    if (event.type === 'error') return event.error
  }
  return null
}
