/** Written by the server; pages pick among them. */
export const PRODUCT_IMAGE_WIDTHS = [400, 800, 1024] as const

/** An uploaded photograph's larger square, for shopping listings and search (not offered to the page's <picture>). */
export const LARGE_PHOTO_WIDTH = 1600

/**
 * Which stored photographs also have AVIF twins (`…-400.avif` beside `…-400.webp`, at every width), and
 * which have the larger square (`…-1600.webp`).
 */
export type PhotoFormats = { hasAvif(src: string): boolean; largeOf?(src: string): string | undefined }

/** The seed catalogue's drawings are SVG; each has a JPEG twin beside it (scripts/make-brand-images.ts). */
const SEED_DRAWING = /^(\/images\/seed\/.+)\.svg$/

/**
 * The picture shopping listings, search and the sitemap are given for a photograph: JPEG, PNG or WebP,
 * never SVG (which they do not take), and the largest there is.
 */
export function listingImage(src: string, formats?: PhotoFormats): string {
  const drawing = SEED_DRAWING.exec(src)
  if (drawing) return `${drawing[1]}.jpg`
  return formats?.largeOf?.(src) ?? src
}
