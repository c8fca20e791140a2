import { readFile } from 'node:fs/promises'
import { writeDurably } from '../../data/durable-write.server.ts'
import type { OfferedPhoto, PhotoOffer } from '../../domain/photo-offers.ts'

/** Beside the data file (0600): the site's own file, as the owner has nothing to edit in it. */
export const offersFileFor = (dataFile: string) => `${dataFile}.new-photos.json`

/** A Map, as product ids may be any property name (`constructor` names no offers). */
type Saved = Map<string, PhotoOffer[]>

/** New photographs by product, kept across restarts until the owner chooses or discards them. */
export class PhotoOffers {
  private saved: Saved | null = null
  private running: Promise<unknown> = Promise.resolve()

  constructor(readonly file: string) {}

  async of(productId: string): Promise<PhotoOffer[]> {
    return (await this.read()).get(productId) ?? []
  }

  add(productId: string, offer: PhotoOffer): Promise<void> {
    return this.change((saved) => {
      saved.set(productId, [...(saved.get(productId) ?? []), offer])
    })
  }

  /** A product's id changed (a draft's web address): its offers go with it. */
  rename(from: string, to: string): Promise<void> {
    return this.change((saved) => {
      const offers = saved.get(from)
      if (!offers) return
      saved.delete(from)
      saved.set(to, [...(saved.get(to) ?? []), ...offers])
    })
  }

  /** Takes photographs out of an offer (`srcs`, or all of it), returning those it held; an emptied offer goes. */
  take(productId: string, offerId: string, srcs: readonly string[] | 'all'): Promise<OfferedPhoto[]> {
    let taken: OfferedPhoto[] = []
    return this.change((saved) => {
      const offers = saved.get(productId) ?? []
      const offer = offers.find((o) => o.id === offerId)
      if (!offer) return
      taken = offer.photos.filter((p) => srcs === 'all' || srcs.includes(p.src))
      offer.photos = offer.photos.filter((p) => !taken.includes(p))
      const left = offers.filter((o) => o.photos.length > 0)
      if (left.length > 0) saved.set(productId, left)
      else saved.delete(productId)
    }).then(() => taken)
  }

  private async read(): Promise<Saved> {
    if (this.saved) return this.saved
    try {
      this.saved = new Map(
        Object.entries(JSON.parse(await readFile(this.file, 'utf8')) as Record<string, PhotoOffer[]>),
      )
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err
      this.saved = new Map()
    }
    return this.saved
  }

  /** One change at a time, each written whole before the next. */
  private change(edit: (saved: Saved) => void): Promise<void> {
    const next = this.running.then(async () => {
      const saved: Saved = structuredClone(await this.read())
      edit(saved)
      await writeDurably(this.file, `${JSON.stringify(Object.fromEntries(saved), null, 2)}\n`)
      this.saved = saved
    })
    this.running = next.catch(() => {})
    return next
  }
}
