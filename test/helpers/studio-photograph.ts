import path from 'node:path'
import sharp from 'sharp'
import { ROOT } from '../../server/config/paths.server.ts'

let drawn: Promise<Buffer> | undefined

/**
 * Gradients and shapes, as a studio photograph has: the hero picture drawn at 1024 px, as a PNG.
 * Drawn once for each test worker (about a second of CPU each time): it is the same every time.
 */
export function studioPhotograph(): Promise<Buffer> {
  drawn ??= sharp(path.join(ROOT, 'public/images/hero.svg'), { density: 150 })
    .resize(1024, 1024, { fit: 'cover' })
    .png()
    .toBuffer()
  return drawn
}
