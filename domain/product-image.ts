/**
 * The widths a generated product image is stored at: the 1024 px WebP (`…-1024.webp`) with
 * `…-400.webp` and `…-800.webp` beside it. The server writes these files; pages pick among them.
 */
export const PRODUCT_IMAGE_WIDTHS = [400, 800, 1024] as const
