import { existsSync } from 'node:fs'
import { readdir, rm, stat } from 'node:fs/promises'
import path from 'node:path'
import { PUBLIC_MODE, writeDurably } from '../../../data/durable-write.server.ts'
import { PRODUCT_IMAGE_WIDTHS, type PhotoFormats } from '../../../domain/product-image.ts'
import { squareCrop } from './crop.server.ts'
import { largePhotos } from './large-photos.server.ts'
import { photoWork } from './photo-queue.server.ts'
import { loadSharp } from './sharp.server.ts'

const SET_FILE = /^(.+)-(\d+)\.(webp|avif)$/
const ORIGINAL_FILE = /^(.+)-original\.(png|jpg|webp)$/

/**
 * AVIF at each width, or nothing when it is not smaller than the WebP at every
 * width. Effort 3: about a third of effort 4's time for most of its saving.
 */
export async function encodeAvifTwins(
  source: Buffer | string,
  webpBytes: (width: number) => number | Promise<number>,
): Promise<[number, Buffer][] | undefined> {
  const sharp = await loadSharp()
  const twins: [number, Buffer][] = []
  for (const width of PRODUCT_IMAGE_WIDTHS) {
    const avif = await sharp(source)
      .resize(squareCrop(width))
      .avif({ quality: width > 800 ? 55 : 50, effort: 3 })
      .toBuffer()
    if (avif.length >= (await webpBytes(width))) return undefined
    twins.push([width, avif])
  }
  return twins
}

/**
 * A set of WebP widths to give twins: `folder` relative to the media folder, `source` the file to convert from, in it.
 */
type Conversion = { folder: string; base: string; source: string }

/**
 * Which photograph sets under the media folder have AVIF twins beside their WebP widths. They are made
 * in the background, one set at a time (AVIF takes twice WebP's time: a generation run or an upload
 * waits for neither): new sets first, then those stored before AVIF existed or copied in by hand.
 * Until then, and for any set whose AVIF would not be smaller, pages offer the WebP alone.
 */
export class AvifTwins implements PhotoFormats {
  private readonly ready = new Set<string>()
  private readonly fresh: Conversion[] = []
  private readonly backlog: Conversion[] = []
  private running: Promise<void> | undefined
  private stopped = false
  /** Goes up whenever a set gains its twins: pages rendered before then are out of date. */
  version = 0

  constructor(
    readonly mediaDir: string,
    private readonly mediaUrl: string,
  ) {
    this.largeOf = largePhotos(mediaDir, mediaUrl)
  }

  /** The larger square of an uploaded photograph, for listings (large-photos.server.ts). */
  readonly largeOf: (src: string) => string | undefined

  hasAvif(src: string): boolean {
    const m = /^(.*)-\d+\.webp$/.exec(src)
    return m !== null && this.ready.has(m[1]!)
  }

  /** A set just stored: its twins come before the backlog's. */
  convert(set: Conversion): void {
    if (this.stopped) return
    this.fresh.push(set)
    this.run()
  }

  /** A set whose twins are on disk. */
  add(folder: string, base: string): void {
    this.ready.add(`${this.mediaUrl}/${folder}/${base}`)
    this.version++
  }

  /** Reads what is on disk, then makes the missing twins in the background. */
  async start(): Promise<void> {
    const products = path.join(this.mediaDir, 'products')
    const folders = existsSync(products) ? await readdir(products) : []
    for (const name of folders) {
      const folder = `products/${name}`
      const files = await readdir(path.join(this.mediaDir, folder)).catch(() => [] as string[])
      const present = new Set(files)
      const bases = new Set(files.map((f) => SET_FILE.exec(f)?.[1]).filter((b): b is string => b !== undefined))
      for (const base of bases) {
        const has = (ext: string) => PRODUCT_IMAGE_WIDTHS.every((w) => present.has(`${base}-${w}.${ext}`))
        if (!has('webp')) continue
        if (has('avif')) this.ready.add(`${this.mediaUrl}/${folder}/${base}`)
        else {
          const original = files.find((f) => ORIGINAL_FILE.exec(f)?.[1] === base)
          this.backlog.push({ folder, base, source: original ?? `${base}-${PRODUCT_IMAGE_WIDTHS.at(-1)}.webp` })
        }
      }
    }
    if (this.ready.size > 0) this.version++
    this.run()
  }

  /** Settles once every conversion asked for is done (tests, and a stop that waits for the set in hand). */
  async idle(): Promise<void> {
    while (this.running) await this.running
  }

  async stop(): Promise<void> {
    this.stopped = true
    this.fresh.length = 0
    this.backlog.length = 0
    await this.idle()
  }

  private run(): void {
    if (this.running || this.stopped) return
    this.running = (async () => {
      const next = () => this.fresh.shift() ?? this.backlog.shift()
      for (let set = next(); set && !this.stopped; set = next()) {
        // A set that cannot be converted (or was removed meanwhile)
        // stays in WebP: pages never point at a twin that is not there.
        await this.twin(set).catch(() => {})
      }
    })().finally(() => {
      this.running = undefined
      // A set may have been asked for between the loop's last look and now.
      if (this.fresh.length > 0 || this.backlog.length > 0) this.run()
    })
  }

  private async twin({ folder, base, source }: Conversion): Promise<void> {
    const dir = path.join(this.mediaDir, folder)
    const twins = await photoWork.run(() =>
      encodeAvifTwins(path.join(dir, source), async (w) => (await stat(path.join(dir, `${base}-${w}.webp`))).size),
    )
    if (!twins || this.stopped) return
    const written = twins.map(([w]) => path.join(dir, `${base}-${w}.avif`))
    const removed = () => !existsSync(path.join(dir, `${base}-${PRODUCT_IMAGE_WIDTHS.at(-1)}.webp`))
    try {
      for (const [i, [, avif]] of twins.entries()) await writeDurably(written[i]!, avif, { mode: PUBLIC_MODE })
    } catch (err) {
      if (!removed()) throw err
    }
    // Removed while it was being converted (a write may have failed as its folder was emptied): its twins go with it.
    if (removed()) return void (await Promise.all(written.map((f) => rm(f, { force: true }))))
    this.add(folder, base)
  }
}
