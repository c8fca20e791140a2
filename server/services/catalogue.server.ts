import {
  catalogueChanges,
  inOrder,
  lastRunOf,
  orderChange,
  productChanges,
  restorePreview,
  type CatalogueHistory,
  type HistoryAction,
  type HistoryEntry,
  type HistoryWho,
} from '../../data/catalogue-history.server.ts'
import { productProblem } from '../../data/check.server.ts'
import { catalogueOf, UnknownSnapshotError, type Snapshots } from '../../data/snapshots.server.ts'
import type { Store } from '../../data/store.server.ts'
import { photoListVersion } from '../../domain/photo-list.ts'
import { checkProduct, idFromName, uniqueId, type ProductValues } from '../../domain/product-form.ts'
import { moved, targetOf, type Move, type OrderAnswer } from '../../domain/product-order.ts'
import { photosOf } from '../../domain/product-page.ts'
import type { Product, StoredProduct } from '../../domain/product.ts'
import { isPublished } from '../../domain/publishing.ts'
import {
  replacing,
  withPhotoList,
  withPhotos,
  withRunFields,
  withValues,
  type PhotoAction,
  type PhotoOutcome,
} from './changed-product.server.ts'
import { plannedSave, type SaveOutcome, type ServedPhoto } from './product-save.server.ts'
import { missingToPublish } from './publish-check.server.ts'
import { addressFixed, asRename, idNow, restoreTarget } from './renamed-product.server.ts'

/** Publishing: done, no such product, or what it still needs, each a sentence for the owner. */
export type PublishOutcome = { ok: true } | { ok: false; status: 404 } | { ok: false; status: 400; missing: string[] }

type ChangeBy = { who: HistoryWho; runId?: string; orderId?: string }

/** What else keeps something under a product's id (its new photographs): asked before the id changes, told after. */
export type IdFollower = { busy: (id: string) => string | null; moved: (from: string, to: string) => Promise<void> }

/**
 * Changes run one at a time, so each history entry describes exactly
 * one; edits of the data file are recorded too, so they can be undone.
 */
export class CatalogueService {
  private seen: readonly Product[]
  private running: Promise<unknown> = Promise.resolve()
  private readonly idFollowers: IdFollower[] = []

  constructor(
    private readonly store: Store,
    readonly history: CatalogueHistory,
    readonly snapshots: Snapshots,
    private readonly servedPhoto: ServedPhoto,
  ) {
    this.seen = store.products
    store.onChange(() => void this.serial(() => this.noteFileEdit()).catch(() => {}))
    // `npm run snapshots` asks the running server, the data file's one writer.
    store.answer('snapshots', async () => ({ ok: true, snapshots: await this.snapshots.list() }))
    store.answer('restore-snapshot', async ({ name }) => ({
      ok: true,
      ...(await this.restoreSnapshot(String(name), 'command')),
    }))
  }

  /** Told when a product's id changes, and asked first whether it may. */
  followIds(follower: IdFollower): void {
    this.idFollowers.push(follower)
  }

  /** Whether a product's web address is fixed (it is or has been on the shop); a draft's may change until then. */
  async addressFixed(id: string): Promise<boolean> {
    const product = this.store.products.find((p) => p.id === id)
    return !product || addressFixed(await this.history.all(), product)
  }

  /**
   * Writes only the fields the owner changed since `base` (what the form showed; null: the stored
   * values), so whatever the page's other forms or a file edit changed meanwhile is kept.
   */
  save(id: string, values: ProductValues, base: ProductValues | null): Promise<SaveOutcome> {
    return this.serial(async () => {
      const current = this.store.products.find((p) => p.id === id)
      if (!current) return { ok: false, status: 404 }
      const context = {
        current,
        products: this.store.products,
        history: await this.history.all(),
        servedPhoto: this.servedPhoto,
        idBusy: (of: string) => this.idFollowers.map((f) => f.busy(of)).find(Boolean) ?? null,
      }
      const plan = await plannedSave(context, values, base)
      if (!plan.ok) return plan
      const { next } = plan
      await this.write('edit', [id, next.id], replacing(id, current, next))
      return { ok: true, id: next.id }
    })
  }

  /**
   * Adds a draft at the end of the list; without an id, one is made
   * from its name. Its photograph is uploaded on its page, never typed.
   */
  add(values: ProductValues): Promise<SaveOutcome> {
    return this.serial(async () => {
      const taken = new Set(this.store.products.map((p) => p.id))
      const id = values.id.trim() || uniqueId(idFromName(values.name), taken)
      const checked = checkProduct({ ...values, id, mainImage: '' }, { isNew: true })
      if (!checked.success) return { ok: false, status: 400, errors: checked.errors }
      if (taken.has(id))
        return { ok: false, status: 400, errors: { id: `Another product already has the id ${id}; choose another.` } }
      const { id: _, ...fields } = checked.values
      const product: Product = { ...withValues({ id } as Product, fields), status: 'draft' }
      const problem = productProblem(product)
      if (problem) return { ok: false, status: 400, errors: { name: `This product cannot be saved: ${problem}.` } }
      await this.write('add', [id], (products) => [...products, product])
      return { ok: true, id }
    })
  }

  /** A draft copy just after the original, with an id, a name and a stock code of its own. */
  duplicate(id: string): Promise<string | null> {
    return this.serial(async () => {
      const original = this.store.products.find((p) => p.id === id)
      if (!original) return null
      const copyId = uniqueId(`${id}-copy`, new Set(this.store.products.map((p) => p.id)))
      const sku = uniqueId(`${original.sku}-COPY`, new Set(this.store.products.map((p) => p.sku)))
      const copy: Product = { ...original, id: copyId, name: `${original.name} (copy)`, sku, status: 'draft' }
      await this.write('duplicate', [copyId], (products) => products.flatMap((p) => (p.id === id ? [p, copy] : [p])))
      return copyId
    })
  }

  /** Puts a draft on the shop once it has all a visitor needs; otherwise says what is missing. */
  publish(id: string): Promise<PublishOutcome> {
    return this.serial(async () => {
      const current = this.store.products.find((p) => p.id === id)
      if (!current) return { ok: false, status: 404 }
      const missing = await missingToPublish(current, this.servedPhoto)
      if (missing.length > 0) return { ok: false, status: 400, missing }
      if (isPublished(current)) return { ok: true }
      const { status: _, ...published } = current
      await this.write('publish', [id], replacing(id, current, published as Product))
      return { ok: true }
    })
  }

  /** Takes a product off the shop, keeping it (and its photographs) as a draft. */
  unpublish(id: string): Promise<boolean> {
    return this.serial(async () => {
      const current = this.store.products.find((p) => p.id === id)
      if (!current) return false
      if (isPublished(current))
        await this.write('unpublish', [id], replacing(id, current, { ...current, status: 'draft' }))
      return true
    })
  }

  /** Takes a product out of the list; returns the history entry that can bring it back. */
  remove(id: string): Promise<string | null> {
    return this.serial(async () => {
      if (!this.store.products.some((p) => p.id === id)) return null
      const [entry] = await this.write('remove', [id], (products) => products.filter((p) => p.id !== id))
      return entry?.id ?? null
    })
  }

  /** Moves a product in the shop's order; the history records the order before and after, so it can be undone. */
  move(id: string, to: Move): Promise<OrderAnswer | null> {
    return this.serial(async () => {
      const products = this.store.products
      const from = products.findIndex((p) => p.id === id)
      if (from < 0) return null
      const target = targetOf(from, to, products.length)
      if (target !== null)
        await this.writeOrder(
          id,
          moved(products, from, target).map((p) => p.id),
        )
      const order = this.store.products.map((p) => p.id)
      return { order, position: order.indexOf(id) }
    })
  }

  /** Puts back the order a reorder in the history changed; false when the entry is not a reorder. */
  restoreOrder(entryId: string): Promise<boolean> {
    return this.serial(async () => {
      const entry = await this.history.find(entryId)
      if (!entry?.order) return false
      await this.snapshots.take(this.store.data, 'before-restore')
      await this.writeOrder(entry.productId, entry.order.before)
      return true
    })
  }

  /**
   * Adds a stored photograph to a product (last), or changes which is
   * main, their order, or removes one of the list `version` names.
   */
  photo(id: string, src: string, action: PhotoAction | 'add', version?: string): Promise<PhotoOutcome> {
    return this.serial(async () => {
      const current = this.store.products.find((p) => p.id === id)
      if (!current) return 'missing'
      const list = photosOf(current)
      if (version !== undefined && (version !== photoListVersion(list) || !list.includes(src))) return 'stale'
      const next = withPhotos(current, src, action)
      if (next !== current) await this.write('photos', [id], replacing(id, current, next))
      return { at: list.indexOf(src) }
    })
  }

  /**
   * Writes the product's photographs as `change` makes them from
   * the current ones (main first), as one change in the history.
   */
  setPhotos(id: string, change: (photos: string[]) => string[]): Promise<boolean> {
    return this.serial(async () => {
      const current = this.store.products.find((p) => p.id === id)
      const list = current ? [...new Set(change(photosOf(current)))] : []
      if (!current || list.length === 0) return false
      const next = withPhotoList(current, list)
      await this.write('new-photos', [id], replacing(id, current, next))
      return true
    })
  }

  /** Brings back a product as it was before a change in the history (also a removed one, where it stood). */
  restore(entryId: string): Promise<string | null> {
    return this.serial(async () => {
      const all = await this.history.all()
      const at = all.findIndex((e) => e.id === entryId)
      const target = restoreTarget(all, at, this.store.products)
      if (!target) return null
      const { over, version } = target
      await this.snapshots.take(this.store.data, 'before-restore')
      await this.write('restore', [over ?? version.id, version.id], (products) => {
        if (over !== null) return products.map((p) => (p.id === over ? version : p))
        const place = Math.min(all[at]!.position ?? products.length, products.length)
        return [...products.slice(0, place), version, ...products.slice(place)]
      })
      return version.id
    })
  }

  /** Puts the catalogue back as a snapshot holds it; enquiries stay as they are. */
  restoreSnapshot(
    name: string,
    who: Extract<HistoryWho, 'restore' | 'command'> = 'restore',
  ): Promise<{ taken: string; changed: number }> {
    return this.serial(async () => {
      const snapshot = await this.snapshots.read(name)
      // A restore may be the day's first change: the day's own snapshot is kept apart from the restores'.
      await this.snapshots.takeDaily(this.store.data)
      const taken = await this.snapshots.take(this.store.data, 'before-restore')
      const before = this.store.products
      await this.store.update((d) => ({ ...d, ...catalogueOf(snapshot as never), products: snapshot.products }))
      const recorded = await this.history.record(catalogueChanges(before, this.store.products, who, 'snapshot-restore'))
      this.seen = this.store.products
      return { taken, changed: recorded.length }
    })
  }

  /** A generation run's new photographs for one product, recorded as the run's, so the run can be undone. */
  saveGenerated(runId: string, id: string, patch: (p: StoredProduct) => StoredProduct): Promise<void> {
    return this.serial(async () => {
      await this.write('generation', [id], (products) => products.map((p) => (p.id === id ? patch(p) : p)), {
        who: 'generation',
        runId,
      })
    })
  }

  /**
   * Puts back each main photograph the run replaced, unless it was changed again since; the history records the undo.
   */
  undoRun(runId: string): Promise<{ restored: number; changedSince: string[] } | null> {
    return this.serial(async () => {
      const all = await this.history.all()
      const made = all.filter((e) => e.runId === runId && e.action === 'generation' && e.before && e.after)
      if (made.length === 0 || all.some((e) => e.runId === runId && e.action === 'undo-generation')) return null
      const changedSince: string[] = []
      const back = new Map<string, Product>()
      for (const entry of made) {
        const { before, after } = entry
        const id = idNow(all, all.indexOf(entry), before!.id)
        const now = this.store.products.find((p) => p.id === id)
        if (now && now.mainImage === after!.mainImage) back.set(now.id, withRunFields(now, before!))
        else if (now) changedSince.push(now.name)
      }
      const entries = await this.write(
        'undo-generation',
        [...back.keys()],
        (products) => products.map((p) => back.get(p.id) ?? p),
        { who: 'owner', runId },
      )
      // Recorded even when nothing could go back, so the run is not offered again.
      if (entries.length === 0)
        await this.history.record([
          { who: 'owner', action: 'undo-generation', productId: made[0]!.productId, before: null, after: null, runId },
        ])
      return { restored: entries.length, changedSince }
    })
  }

  /** One product changed by another than the owner (an order's stock), in turn with theirs; null from `patch` leaves it. */
  changeProduct(
    id: string,
    patch: (p: StoredProduct) => StoredProduct | null,
    by: ChangeBy & { action: HistoryAction },
  ) {
    return this.serial(async () => {
      const current = this.store.products.find((p) => p.id === id)
      const next = current && patch(current)
      if (next) await this.write(by.action, [id], replacing(id, current, next), by)
      return Boolean(next)
    })
  }

  /** The latest generation run that replaced photographs and was not undone, or null. */
  async lastRun() {
    const run = lastRunOf(await this.history.all())
    return run && !run.undone ? run : null
  }

  /** A snapshot and what restoring it would change; null for an unknown name. */
  async previewSnapshot(name: string) {
    const info = (await this.snapshots.list()).find((s) => s.name === name)
    const snapshot = info
      ? await this.snapshots
          .read(name)
          .catch((err: unknown) => (err instanceof UnknownSnapshotError ? null : Promise.reject(err)))
      : null
    return info && snapshot ? { ...info, ...restorePreview(this.store.products, snapshot.products) } : null
  }

  /** Writes a change of the products and records what it did to the products named. */
  private async write(
    action: HistoryAction,
    ids: readonly string[],
    change: (products: readonly Product[]) => Product[],
    by: ChangeBy = { who: 'owner' },
  ): Promise<HistoryEntry[]> {
    await this.snapshots.takeDaily(this.store.data)
    await this.noteFileEdit()
    // The products as the writer read them from the file: a hand edit of it taken in on the way is the data file's.
    let read = this.store.products
    await this.store.update((d) => {
      read = d.products
      return { ...d, products: change(d.products) }
    })
    await this.recordFileEdit(this.seen, read)
    const before = read
    const only = (list: readonly Product[]) => list.filter((p) => ids.includes(p.id))
    const [from, to] = ids
    const renamed = ids.length === 2 && from !== to && !this.store.products.some((p) => p.id === from)
    const changes = productChanges(only(before), only(this.store.products), by.who, action)
      .map((c) => (c.after === null ? { ...c, position: before.findIndex((p) => p.id === c.productId) } : c))
      .map((c) => ({ ...c, ...(by.runId && { runId: by.runId }), ...(by.orderId && { orderId: by.orderId }) }))
    this.seen = this.store.products
    const recorded = await this.history.record(renamed ? asRename(changes, from!, to!) : changes)
    if (renamed) for (const follower of this.idFollowers) await follower.moved(from!, to!)
    return recorded
  }

  private async writeOrder(movedId: string, order: readonly string[]): Promise<void> {
    await this.snapshots.takeDaily(this.store.data)
    const before = this.store.products
    await this.store.update((d) => ({ ...d, products: inOrder(d.products, order) }))
    const change = orderChange(before, this.store.products, 'owner', movedId)
    this.seen = this.store.products
    if (change) await this.history.record([change])
  }

  private async noteFileEdit(): Promise<void> {
    const now = this.store.products
    await this.recordFileEdit(this.seen, now)
    this.seen = now
  }

  /** Records what a hand edit of the data file changed, from `was` to `now`, as the data file's. */
  private async recordFileEdit(was: readonly Product[], now: readonly Product[]): Promise<void> {
    if (now === was) return
    await this.history.record(catalogueChanges(was, now, 'data file', 'file-edit'))
  }

  private serial<T>(job: () => Promise<T>): Promise<T> {
    const next = this.running.then(job, job)
    this.running = next.catch(() => {})
    return next
  }
}
