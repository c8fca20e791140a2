import { PRODUCT_IMAGE_WIDTHS } from '../domain/product-image.ts'

/**
 * A responsive image to preload: the browser fetches the candidate
 * its <picture> would pick, and skips a type it cannot show.
 */
export type ImagePreload = { href: string; srcSet?: string; sizes?: string; type?: string }

/**
 * Generated and uploaded photographs are WebP at several widths, with AVIF
 * twins when `avif`; seed SVGs and other addresses are shown as they are.
 */
export function productImageSources(
  mainImage: string,
  avif = false,
): { src: string; srcSet?: string; avifSrcSet?: string } {
  const m = /^(.*)-(\d+)\.webp$/.exec(mainImage)
  if (!m) return { src: mainImage }
  const base = m[1]
  const srcSetOf = (ext: string) => PRODUCT_IMAGE_WIDTHS.map((w) => `${base}-${w}.${ext} ${w}w`).join(', ')
  return { src: `${base}-800.webp`, srcSet: srcSetOf('webp'), ...(avif ? { avifSrcSet: srcSetOf('avif') } : {}) }
}

/**
 * The preload of a page's largest photograph: the candidates its <picture> offers first, at the width `sizes` shows.
 */
export function productImagePreload(image: string, avif: boolean, sizes: string): ImagePreload {
  const { src, srcSet, avifSrcSet } = productImageSources(image, avif)
  if (avifSrcSet) return { href: src.replace(/\.webp$/, '.avif'), srcSet: avifSrcSet, sizes, type: 'image/avif' }
  return srcSet ? { href: src, srcSet, sizes } : { href: src }
}

export const PRODUCT_CARD_SIZES = '(min-width: 64rem) 22rem, (min-width: 40rem) 45vw, 92vw'
