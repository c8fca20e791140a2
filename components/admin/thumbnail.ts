import { productImageSources } from '../product-image.ts'
import { PRODUCT_IMAGE_WIDTHS } from '../../domain/product-image.ts'

/** A photograph at its smallest stored width, for a thumbnail; other addresses (seed SVGs) as they are. */
export function thumbnailOf(src: string): { src: string; srcSet?: string } {
  const { src: full, srcSet } = productImageSources(src)
  return srcSet ? { src: full.replace(/-\d+\.webp$/, `-${PRODUCT_IMAGE_WIDTHS[0]}.webp`), srcSet } : { src: full }
}
