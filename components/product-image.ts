import { PRODUCT_IMAGE_WIDTHS } from '../domain/product-image.ts'

/** Generated images are WebP at several widths, so the browser picks the smallest that fills the card; seed SVGs scale by themselves. */
export function productImageSources(mainImage: string): { src: string; srcSet?: string } {
  const m = /^(.*)-(\d+)\.webp$/.exec(mainImage)
  if (!m) return { src: mainImage }
  const base = m[1]
  return {
    src: `${base}-800.webp`,
    srcSet: PRODUCT_IMAGE_WIDTHS.map((w) => `${base}-${w}.webp ${w}w`).join(', '),
  }
}

export const PRODUCT_CARD_SIZES = '(min-width: 64rem) 22rem, (min-width: 40rem) 45vw, 92vw'
