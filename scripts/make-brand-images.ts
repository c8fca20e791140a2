/** Run once after changing the SVGs; the PNGs are committed so the site needs no build step for them. */
import path from 'node:path'
import sharp from 'sharp'
import { ROOT } from '../server/paths.server.ts'

const pub = (f: string) => path.join(ROOT, 'public', f)

for (const [size, name] of [
  [192, 'images/icon-192.png'],
  [512, 'images/icon-512.png'],
  [180, 'images/apple-touch-icon.png'],
] as const) {
  await sharp(pub('favicon.svg'), { density: 1200 }).resize(size, size).png({ compressionLevel: 9 }).toFile(pub(name))
}

// The social card: the hero still life, cropped to 1200x630.
await sharp(pub('images/hero.svg'), { density: 110 })
  .resize(1200, 630, { fit: 'cover', position: 'right' })
  .png({ compressionLevel: 9, palette: true })
  .toFile(pub('images/og-image.png'))
console.log('Brand images written to public/images/')
