import type { ResizeOptions } from 'sharp'

/**
 * How every square size is cut from a photograph: around what draws the eye (sharp's attention
 * strategy), not its centre, so a portrait taken on a phone keeps the top where its subject is.
 */
export const squareCrop = (width: number): ResizeOptions => ({
  width,
  height: width,
  fit: 'cover',
  position: 'attention',
})
