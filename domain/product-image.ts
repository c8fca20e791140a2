/** Written by the server; pages pick among them. */
export const PRODUCT_IMAGE_WIDTHS = [400, 800, 1024] as const

/** Which stored photographs also have AVIF twins (`…-400.avif` beside `…-400.webp`, at every width). */
export type PhotoFormats = { hasAvif(src: string): boolean }
