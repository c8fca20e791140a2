import type { default as SharpLibrary } from 'sharp'

let loading: Promise<typeof SharpLibrary> | undefined

/**
 * sharp and its libvips, loaded by the first photograph rather than by every start of the shop
 * (about a fifth of a start's CPU), and set up once for a small server.
 */
export function loadSharp(): Promise<typeof SharpLibrary> {
  loading ??= import('sharp').then(({ default: sharp }) => {
    // sharp's advice for a small server (sharp.pixelplumbing.com/api-utility): its operation cache keeps
    // decoded images for a reuse we never make, and one libvips thread per core per image multiplies the
    // buffers of each photograph.
    sharp.cache(false)
    sharp.concurrency(1)
    return sharp
  })
  return loading
}
