import { randomBytes } from 'node:crypto'
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { Router, type Response } from 'express'
import type { Store } from '../../data/store.server.ts'
import { galleryOf } from '../../domain/product-page.ts'
import { publishedProducts } from '../../domain/publishing.ts'
import { BRAND_CARD_URL, fingerprint, SOCIAL_IMAGE } from '../../domain/social-image.ts'
import { PUBLIC_DIR, SEED_IMAGES } from '../config/paths.server.ts'
import { MEDIA_URL } from '../services/images/media.server.ts'
import { loadSharp } from '../services/images/sharp.server.ts'

const SEED_URL = '/images/seed/'
/** The parchment of the site's pages, around a square photograph on a wide card. */
const BACKGROUND = '#f3ece2'

/**
 * JPEG because chat apps preview JPEG and PNG, not WebP or SVG; made on
 * first request and cached for a year (a new photograph, a new fingerprint).
 */
export function socialImagesRouter({ store, mediaDir }: { store: Store; mediaDir: string }): Router {
  const router = Router()
  const making = new Map<string, Promise<Buffer>>()

  router.get('/products/:file', async (req, res, next) => {
    const match = /^(.+)-([0-9a-z]+)\.jpg$/.exec(req.params.file)
    const product = match ? publishedProducts(store.products).find((p) => p.id === match[1]) : undefined
    const photo = product && galleryOf(product).find((image) => fingerprint(image.src) === match![2])
    if (!photo) return next() // not a card of a current photograph: the 404 page
    const file = path.join(mediaDir, 'social', 'products', req.params.file)
    try {
      let jpeg: Buffer | undefined = await readFile(file).catch(() => undefined)
      if (!jpeg) {
        const source = sourceFile(photo.src, mediaDir)
        // Another site's address names no file to make a card from: the brand's card stands in.
        if (!source) return await sendBrandCard(res)
        let job = making.get(file)
        if (!job) {
          job = makeCard(source).then(async (bytes) => {
            await writeAtomically(file, bytes)
            return bytes
          })
          making.set(file, job)
          void job.finally(() => making.delete(file)).catch(() => {})
        }
        // So it does for a file that is missing or not a picture, and the owner reads why in the log.
        jpeg = await job.catch((err: Error) => {
          req.log.warn(
            { src: photo.src, reason: err.message },
            'share card made from the brand card: the photograph could not be read',
          )
          return undefined
        })
        if (!jpeg) return await sendBrandCard(res)
      }
      res.setHeader('Cache-Control', 'public, max-age=31536000, immutable')
      res.type('image/jpeg').send(jpeg)
    } catch (err) {
      next(err)
    }
  })
  return router
}

/** The file behind a photograph's address: a seed image of the repository, or a generated one. */
function sourceFile(src: string, mediaDir: string): string | undefined {
  const inside = (root: string, rest: string) => {
    let file: string
    try {
      file = path.resolve(root, decodeURIComponent(rest))
    } catch {
      return undefined // a broken escape names no file
    }
    return file.startsWith(path.resolve(root) + path.sep) ? file : undefined
  }
  if (src.startsWith(SEED_URL)) return inside(SEED_IMAGES, src.slice(SEED_URL.length))
  if (src.startsWith(`${MEDIA_URL}/`)) return inside(mediaDir, src.slice(MEDIA_URL.length + 1))
  return undefined
}

/** The brand's card as a JPEG, made once; kept an hour only, as the photograph may be readable later. */
let brandCard: Promise<Buffer> | undefined
async function sendBrandCard(res: Response): Promise<void> {
  if (!brandCard) {
    brandCard = loadSharp().then((sharp) =>
      sharp(path.join(PUBLIC_DIR, BRAND_CARD_URL))
        .flatten({ background: BACKGROUND })
        .jpeg({ quality: 84, mozjpeg: true })
        .toBuffer(),
    )
    brandCard.catch(() => (brandCard = undefined)) // tried again next time
  }
  const jpeg = await brandCard
  res.setHeader('Cache-Control', 'public, max-age=3600')
  res.type('image/jpeg').send(jpeg)
}

async function makeCard(file: string): Promise<Buffer> {
  const { width, height } = SOCIAL_IMAGE
  const sharp = await loadSharp()
  const photo = await sharp(await readFile(file), { density: 144 })
    .resize(height, height, { fit: 'cover' })
    .toBuffer()
  return sharp({ create: { width, height, channels: 3, background: BACKGROUND } })
    .composite([{ input: photo, left: Math.round((width - height) / 2), top: 0 }])
    .jpeg({ quality: 84, mozjpeg: true })
    .toBuffer()
}

async function writeAtomically(file: string, bytes: Buffer): Promise<void> {
  await mkdir(path.dirname(file), { recursive: true })
  const tmp = `${file}.tmp-${randomBytes(4).toString('hex')}`
  try {
    await writeFile(tmp, bytes)
    await rename(tmp, file)
  } catch (err) {
    await rm(tmp, { force: true })
    throw err
  }
}
