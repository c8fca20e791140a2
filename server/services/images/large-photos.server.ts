import { existsSync } from 'node:fs'
import path from 'node:path'
import { LARGE_PHOTO_WIDTH, PRODUCT_IMAGE_WIDTHS } from '../../../domain/product-image.ts'

/** Lookups remembered, at most: more photographs than a shop holds, and a bound on what odd addresses cost. */
const REMEMBERED = 10_000

/**
 * The larger square beside a stored photograph (`…-1600.webp` beside `…-1024.webp`), when it has one:
 * uploads made since it exists do; generated images (1024 px) and older uploads do not. A file's name
 * never changes what it holds, so each answer is looked up on disk once.
 */
export function largePhotos(mediaDir: string, mediaUrl: string): (src: string) => string | undefined {
  const root = path.resolve(mediaDir)
  const suffix = `-${PRODUCT_IMAGE_WIDTHS.at(-1)}.webp`
  const known = new Map<string, string | null>()
  return (src) => {
    let found = known.get(src)
    if (found === undefined) {
      found = null
      if (src.startsWith(`${mediaUrl}/`) && src.endsWith(suffix)) {
        const name = `${src.slice(mediaUrl.length + 1, -suffix.length)}-${LARGE_PHOTO_WIDTH}.webp`
        const file = path.resolve(root, name)
        if (file.startsWith(root + path.sep) && existsSync(file)) found = `${mediaUrl}/${name}`
      }
      if (known.size < REMEMBERED) known.set(src, found)
    }
    return found ?? undefined
  }
}
