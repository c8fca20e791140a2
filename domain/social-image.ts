/** The size chat apps and social networks preview a shared link at. */
export const SOCIAL_IMAGE = { width: 1200, height: 630 } as const

/** The brand's own card (public/), for pages without a photograph of their own, at that size. */
export const BRAND_CARD_URL = '/images/og-image.png'

/** What the brand's card shows, for those who cannot see it. */
export const BRAND_CARD_ALT =
  'A pair of chestnut brogues, a leather bag, a coiled belt and a spool of thread on a workbench'

/** The brand's square mark (public/), as a raster logo for search engines. */
export const BRAND_LOGO_URL = '/images/icon-512.png'

/** A short, stable fingerprint of a text (FNV-1a, 32 bits, base 36): names a file after what it shows. */
export function fingerprint(text: string): string {
  let hash = 0x811c9dc5
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i)
    hash = Math.imul(hash, 0x01000193) >>> 0
  }
  return hash.toString(36)
}

/** The name carries the photograph's fingerprint, so the card can be cached for a year. */
export function socialImagePath(productId: string, src: string): string {
  return `/social/products/${encodeURIComponent(productId)}-${fingerprint(src)}.jpg`
}
