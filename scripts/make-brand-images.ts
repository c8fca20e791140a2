/**
 * Run once after changing the SVGs; what it writes is committed, so the site needs no build step for it:
 * the brand's icons, favicon.ico and social card (public/), and a JPEG twin of each seed drawing
 * (data/seed/images/), which shopping listings, search and the sitemap take where they refuse SVG.
 */
import { readdir, writeFile } from 'node:fs/promises'
import path from 'node:path'
import sharp from 'sharp'
import { ROOT, SEED_IMAGES } from '../server/config/paths.server.ts'
import { PhotoQueue } from '../server/services/images/photo-queue.server.ts'

const pub = (f: string) => path.join(ROOT, 'public', f)
/** A seed drawing's twin: square, larger than the 800 px drawing, as listings recommend. */
const TWIN_SIDE = 1200
/** The parchment the drawings are painted on, behind anything transparent. */
const PARCHMENT = '#f3ece2'
const started = performance.now()

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

await writeIco(pub('favicon.ico'), [16, 32, 48])

// Two drawings at a time: each holds its decoded picture (about 6 MB), and the machine has two cores.
const queue = new PhotoQueue(2, Infinity)
const drawings = (await readdir(SEED_IMAGES)).filter((f) => f.endsWith('.svg'))
await Promise.all(
  drawings.map((file) =>
    queue.run(() =>
      sharp(path.join(SEED_IMAGES, file), { density: (72 * TWIN_SIDE) / 800 })
        .resize(TWIN_SIDE, TWIN_SIDE, { fit: 'cover' })
        .flatten({ background: PARCHMENT })
        .jpeg({ quality: 84, mozjpeg: true })
        .toFile(path.join(SEED_IMAGES, file.replace(/\.svg$/, '.jpg'))),
    ),
  ),
)

const seconds = ((performance.now() - started) / 1000).toFixed(1)
const peakMb = Math.round(process.resourceUsage().maxRSS / 1024)
console.log(
  `Brand images written to public/, ${drawings.length} seed twins to data/seed/images/ (${seconds} s, peak ${peakMb} MB)`,
)

/** An .ico holding PNGs (every browser since 2007 reads them), the sizes tabs and bookmarks ask for. */
async function writeIco(file: string, sizes: number[]): Promise<void> {
  const pngs = await Promise.all(
    sizes.map((s) => sharp(pub('favicon.svg'), { density: 600 }).resize(s, s).png({ compressionLevel: 9 }).toBuffer()),
  )
  const header = Buffer.alloc(6 + 16 * sizes.length)
  header.writeUInt16LE(0, 0) // reserved
  header.writeUInt16LE(1, 2) // 1: icon
  header.writeUInt16LE(sizes.length, 4)
  let offset = header.length
  sizes.forEach((size, i) => {
    const entry = 6 + 16 * i
    header.writeUInt8(size % 256, entry) // 0 means 256
    header.writeUInt8(size % 256, entry + 1)
    header.writeUInt16LE(1, entry + 4) // colour planes
    header.writeUInt16LE(32, entry + 6) // bits per pixel
    header.writeUInt32LE(pngs[i]!.length, entry + 8)
    header.writeUInt32LE(offset, entry + 12)
    offset += pngs[i]!.length
  })
  await writeFile(file, Buffer.concat([header, ...pngs]))
}
