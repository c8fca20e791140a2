import { rmdir } from 'node:fs/promises'
import path from 'node:path'
import type { Metadata } from 'sharp'
import { HEIC_MESSAGE, looksLikeHeic } from '../../domain/photo-offers.ts'
import { PRODUCT_IMAGE_WIDTHS } from '../../domain/product-image.ts'
import { newGenerationId, removeFiles, storeAngleImage, type StoredImage } from './images/media.server.ts'
import { loadSharp } from './images/sharp.server.ts'
/** The most pixels a photograph may have (a 48-megapixel phone camera fits); more is a decompression bomb. */
export const MAX_PHOTO_PIXELS = 64_000_000
/** The longer side of the copy kept: twice the widest size pages show, for sharp screens and later sizes. */
export const KEPT_PHOTO_SIDE = 2 * PRODUCT_IMAGE_WIDTHS.at(-1)!

const ACCEPTED = new Set(['jpeg', 'png', 'webp'])

/** The ISO media file brands of HEIC (HEVC inside); `mif1` alone is also how AVIF may start. */
const HEIC_BRANDS = new Set(['heic', 'heix', 'heim', 'heis', 'hevc', 'hevx', 'mif1', 'msf1'])

/** Whether the bytes open as a HEIC does: an `ftyp` box naming a HEIC brand and no AVIF one. */
export function isHeic(bytes: Buffer): boolean {
  if (bytes.length < 16 || bytes.toString('latin1', 4, 8) !== 'ftyp') return false
  const end = Math.min(bytes.readUInt32BE(0), bytes.length, 256)
  const brands = [bytes.toString('latin1', 8, 12)]
  for (let at = 16; at + 4 <= end; at += 4) brands.push(bytes.toString('latin1', at, at + 4))
  return brands.some((b) => HEIC_BRANDS.has(b)) && !brands.some((b) => b === 'avif' || b === 'avis')
}

export class PhotoRefusedError extends Error {
  override name = 'PhotoRefusedError'
  constructor(
    readonly status: 400 | 408 | 413 | 415 | 503,
    message: string,
  ) {
    super(message)
  }
}

/**
 * The header is read first, so a non-image (415) or too many pixels (413) is refused before
 * work; then made upright and stripped of metadata (location). sharp runs off the main thread.
 * The caller holds the photograph's turn (images/photo-queue.server.ts).
 * `attach` gives the stored photograph to its product; when the product is gone by
 * then (removed while the photograph arrived), its files go and the answer is null.
 */
export async function storeUploadedPhoto(opts: {
  mediaDir: string
  productId: string
  bytes: Buffer
  /** The file's name and type as the phone sent them. */
  name?: string
  type?: string
  attach: (src: string) => Promise<boolean>
}): Promise<StoredImage | null> {
  // A JPEG named .heic is still a JPEG: the name speaks only for bytes that cannot be read.
  if (isHeic(opts.bytes)) throw new PhotoRefusedError(415, HEIC_MESSAGE)
  const sharp = await loadSharp()
  let meta: Metadata
  try {
    meta = await sharp(opts.bytes, { limitInputPixels: false }).metadata()
  } catch {
    if (looksLikeHeic(opts.name ?? '', opts.type ?? '')) throw new PhotoRefusedError(415, HEIC_MESSAGE)
    throw new PhotoRefusedError(
      415,
      'This file is not a photograph the site can read. Please upload a JPEG, PNG or WebP picture.',
    )
  }
  if (!meta.format || !ACCEPTED.has(meta.format)) {
    throw new PhotoRefusedError(
      415,
      `Only JPEG, PNG and WebP photographs can be ` +
        `uploaded${meta.format ? ` (this one is ${meta.format.toUpperCase()})` : ''}.`,
    )
  }
  if (!meta.width || !meta.height || meta.width * meta.height > MAX_PHOTO_PIXELS) {
    throw new PhotoRefusedError(
      413,
      `The photograph has too many pixels (${meta.width ?? '?'} × ` +
        `${meta.height ?? '?'}); at most ${MAX_PHOTO_PIXELS / 1_000_000} ` +
        `megapixels are accepted.`,
    )
  }
  let upright: Buffer
  try {
    // Decoded straight at the kept size where the format allows (JPEG's shrink-on-load: a 48-megapixel
    // photograph costs ~40 MB instead of 150), and read once from top to bottom.
    upright = await sharp(opts.bytes, { limitInputPixels: MAX_PHOTO_PIXELS, sequentialRead: true })
      .rotate()
      .resize(KEPT_PHOTO_SIDE, KEPT_PHOTO_SIDE, { fit: 'inside', withoutEnlargement: true, fastShrinkOnLoad: true })
      .jpeg({ quality: 92, mozjpeg: true })
      .toBuffer()
  } catch {
    throw new PhotoRefusedError(
      415,
      'This photograph could not be read to the end (is the file damaged?). Please try another.',
    )
  }
  const { stored, files } = await storeAngleImage({
    mediaDir: opts.mediaDir,
    productId: opts.productId,
    generationId: `${newGenerationId()}-upload`,
    angle: 'main',
    image: upright,
  })
  if (await opts.attach(stored.src)) return stored
  // Twins still being made are removed by their converter once it sees their WebP gone.
  await removeFiles(files)
  await rmdir(path.dirname(files[0]!)).catch(() => {}) // the product's folder, when this left it empty
  return null
}
