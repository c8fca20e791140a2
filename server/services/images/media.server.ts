import { createHash, randomBytes } from 'node:crypto'
import { mkdir, rm } from 'node:fs/promises'
import path from 'node:path'
import { PUBLIC_MODE, writeDurably } from '../../../data/durable-write.server.ts'
import { LARGE_PHOTO_WIDTH, PRODUCT_IMAGE_WIDTHS } from '../../../domain/product-image.ts'
import type { ImageAngle } from '../../../domain/image-generation.ts'
import { AvifTwins } from './avif-twins.server.ts'
import { squareCrop } from './crop.server.ts'
import { loadSharp } from './sharp.server.ts'

/** The URL prefix Express serves mediaDirFor(DATA_FILE) under (server/site.server.ts). */
export const MEDIA_URL = '/media'

export const ANGLE_SLUGS: Record<ImageAngle, string> = {
  main: 'main',
  '45-degree': '45-degree',
  'side profile': 'side-profile',
  detail: 'detail',
}

export type StoredImage = {
  angle: ImageAngle
  /**
   * The 1024 px WebP; `-400.webp` and `-800.webp` sit beside it
   * (domain/product-image.ts), and AVIF twins where smaller.
   */
  src: string
  /** The image exactly as the service sent it, kept because it was paid for. */
  original: string
}

/** The shorter side a photograph needs for the larger square: a 4:3 photograph kept at 2048 px has it. */
const LARGE_PHOTO_MIN_SIDE = 1536

export class ImageDecodeError extends Error {
  override name = 'ImageDecodeError'
}

/** A folder name for a product id; ids are slugs already, anything else is made safe and kept unique. */
export function productFolder(productId: string): string {
  const safe = productId.replace(/[^A-Za-z0-9_-]/g, '_').slice(0, 80)
  return safe === productId ? safe : `${safe}-${createHash('sha256').update(productId).digest('hex').slice(0, 8)}`
}

/** A name no earlier run used: the files are served as immutable for a year, so names never repeat. */
export function newGenerationId(now = new Date()): string {
  const stamp = now
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d+Z$/, 'Z')
  return `${stamp}-${randomBytes(3).toString('hex')}`
}

/** Returns the URLs and files written, so a caller can remove them if the product's set is incomplete. */
export async function storeAngleImage(opts: {
  mediaDir: string
  productId: string
  generationId: string
  angle: ImageAngle
  image: Buffer
}): Promise<{ stored: StoredImage; files: string[] }> {
  const sharp = await loadSharp()
  let format: string | undefined
  let shorterSide: number
  try {
    const meta = await sharp(opts.image).metadata()
    if (!meta.width || !meta.height) throw new Error('no dimensions')
    format = meta.format
    shorterSide = Math.min(meta.width, meta.height)
  } catch {
    throw new ImageDecodeError('The image service answered with data that is not an image.')
  }
  const folder = productFolder(opts.productId)
  const dir = path.join(opts.mediaDir, 'products', folder)
  await mkdir(dir, { recursive: true })
  const base = `${opts.generationId}-${ANGLE_SLUGS[opts.angle]}`
  const url = (name: string) => `${MEDIA_URL}/products/${folder}/${name}`
  const files: string[] = []
  try {
    const ext = format === 'jpeg' ? 'jpg' : (format ?? 'png')
    const originalName = `${base}-original.${ext}`
    await writeDurably(path.join(dir, originalName), opts.image, { mode: PUBLIC_MODE })
    files.push(path.join(dir, originalName))
    // A photograph with the detail for it (an upload from a phone, kept at 2048 x 1536 or squarer) gets the
    // larger square too, which shopping listings and search are given (domain/product-image.ts).
    const largest = PRODUCT_IMAGE_WIDTHS[PRODUCT_IMAGE_WIDTHS.length - 1]
    const widths =
      shorterSide >= LARGE_PHOTO_MIN_SIDE ? [...PRODUCT_IMAGE_WIDTHS, LARGE_PHOTO_WIDTH] : PRODUCT_IMAGE_WIDTHS
    // Decoded and cut square once, at the largest width; each smaller one is that square scaled down.
    const top = Math.max(...widths)
    const square = await sharp(opts.image).resize(squareCrop(top)).raw().toBuffer({ resolveWithObject: true })
    for (const width of widths) {
      const scaled = sharp(square.data, { raw: square.info })
      const webp = await (width === top ? scaled : scaled.resize(width, width))
        .webp({ quality: width > 800 ? 82 : 78, effort: 4 })
        .toBuffer()
      const name = `${base}-${width}.webp`
      await writeDurably(path.join(dir, name), webp, { mode: PUBLIC_MODE })
      files.push(path.join(dir, name))
    }
    photoFormatsFor(opts.mediaDir).convert({ folder: `products/${folder}`, base, source: originalName })
    return { stored: { angle: opts.angle, src: url(`${base}-${largest}.webp`), original: url(originalName) }, files }
  } catch (err) {
    await removeFiles(files)
    if (err instanceof ImageDecodeError) throw err
    // sharp failing half-way means the bytes were a broken picture; anything else is our disk.
    if ((err as NodeJS.ErrnoException).code) throw err
    throw new ImageDecodeError('The image service answered with an image that could not be converted.')
  }
}

/** A WebP's AVIF twin goes with it. */
export async function removeFiles(files: readonly string[]): Promise<void> {
  await Promise.all(
    files
      .flatMap((f) => [f, ...(f.endsWith('.webp') ? [f.replace(/\.webp$/, '.avif')] : [])])
      .map((f) => rm(f, { force: true })),
  )
}

const photoFormats = new Map<string, AvifTwins>()

/** One registry per media folder, shared by the pipeline that writes twins and the pages that offer them. */
export function photoFormatsFor(mediaDir: string): AvifTwins {
  const dir = path.resolve(mediaDir)
  let twins = photoFormats.get(dir)
  if (!twins) photoFormats.set(dir, (twins = new AvifTwins(dir, MEDIA_URL)))
  return twins
}

/** Stops the background conversions of a media folder; the next start reads the folder afresh. */
export async function stopPhotoFormats(mediaDir: string): Promise<void> {
  const dir = path.resolve(mediaDir)
  const twins = photoFormats.get(dir)
  photoFormats.delete(dir)
  await twins?.stop()
}
