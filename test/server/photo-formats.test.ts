/**
 * Photographs in the smallest format a browser takes: AVIF twins where
 * smaller, offered in a <picture> and preloaded; WebP alone otherwise.
 */
import { existsSync } from 'node:fs'
import { mkdir, readFile, stat, writeFile } from 'node:fs/promises'
import path from 'node:path'
import sharp from 'sharp'
import request from 'supertest'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { seedProducts } from '../../data/seed/products.ts'
import { mediaDirFor } from '../../server/config/paths.server.ts'
import { encodeAvifTwins } from '../../server/services/images/avif-twins.server.ts'
import { storeAngleImage } from '../../server/services/images/media.server.ts'
import { createTestApp, type TestServer } from '../helpers/server.ts'
import { photoVersion } from '../helpers/photo-forms.ts'
import { studioPhotograph } from '../helpers/studio-photograph.ts'

// AVIF encoding is the slow part of storing a photograph; the machine may be busy.
vi.setConfig({ testTimeout: 90_000 })

let t: TestServer | undefined
afterEach(async () => {
  await t?.close()
  t = undefined
})

const WIDTHS = [400, 800, 1024]
const fileOf = (t: TestServer, url: string) => path.join(path.dirname(t.dataFile), url.replace(/^\//, ''))

/** Every tag of `name` in the HTML, with its attributes (names in lower case, as HTML reads them). */
function tags(html: string, name: string): Record<string, string>[] {
  return [...html.matchAll(new RegExp(`<${name}\\b([^>]*)>`, 'g'))].map((m) =>
    Object.fromEntries(
      [...m[1]!.matchAll(/([\w-]+)="([^"]*)"/g)].map((a) => [a[1]!.toLowerCase(), a[2]!.replaceAll('&amp;', '&')]),
    ),
  )
}
const preloads = (html: string) => tags(html, 'link').filter((l) => l.rel === 'preload' && l.as === 'image')
const pictures = (html: string) =>
  [...html.matchAll(/<picture>([\s\S]*?)<\/picture>/g)].map((m) => ({
    sources: tags(m[1]!, 'source'),
    img: tags(m[1]!, 'img')[0]!,
  }))

async function withPhotograph(id: string) {
  t = await createTestApp()
  const { stored } = await storeAngleImage({
    mediaDir: mediaDirFor(t.dataFile),
    productId: id,
    generationId: 'gen1',
    angle: 'main',
    image: await studioPhotograph(),
  })
  await t.services.photoFormats.idle()
  await t.store.updateProduct(id, (p) => ({
    ...p,
    mainImage: stored.src,
    images: [{ angle: 'main', src: stored.src, original: stored.original }],
  }))
  return { t, stored, base: stored.src.replace(/-1024\.webp$/, '') }
}

/** Each AVIF a page's <source>s or preloads name is there, served as AVIF. */
async function expectEveryAvifServed(t: TestServer, html: string) {
  const urls = [...pictures(html).flatMap((p) => p.sources), ...preloads(html)].flatMap((s) =>
    (s.srcset ?? s.imagesrcset ?? '')
      .split(', ')
      .filter(Boolean)
      .map((c) => c.split(' ')[0]!),
  )
  for (const url of urls) {
    const res = await request(t.app).get(url)
    expect(res.status, url).toBe(200)
    expect(res.headers['content-type'], url).toBe('image/avif')
  }
  return urls
}

describe('the photograph pipeline', () => {
  it(
    'stores WebP at every width at once and then, in the background, beside ' + 'each an AVIF twin that is smaller',
    async () => {
      const { t, base } = await withPhotograph('oxford-brogue')
      for (const w of WIDTHS) {
        const webp = fileOf(t, `${base}-${w}.webp`)
        const avif = fileOf(t, `${base}-${w}.avif`)
        expect((await stat(avif)).size, `${w}`).toBeLessThan((await stat(webp)).size)
        expect(await sharp(avif).metadata()).toMatchObject({ format: 'heif', compression: 'av1', width: w, height: w })
      }
      expect(t.services.photoFormats.hasAvif(`${base}-800.webp`)).toBe(true)
    },
  )

  it('writes no AVIF where it would not be smaller than the WebP at every width', async () => {
    expect(await encodeAvifTwins(await studioPhotograph(), (w) => (w === 400 ? 1 : 1e9))).toBeUndefined()
  })
})

describe('pages offer the AVIF first and preload the largest photograph', () => {
  it(
    "/products: the first card's photograph alone is preloaded and fetched " +
      'at high priority, its <img> keeping its address',
    async () => {
      const { t, base } = await withPhotograph('oxford-brogue')
      const html = (await request(t.app).get('/products').expect(200)).text
      expect(preloads(html)).toEqual([
        {
          rel: 'preload',
          as: 'image',
          href: `${base}-800.avif`,
          imagesrcset: WIDTHS.map((w) => `${base}-${w}.avif ${w}w`).join(', '),
          imagesizes: '(min-width: 64rem) 22rem, (min-width: 40rem) 45vw, 92vw',
          type: 'image/avif',
          fetchpriority: 'high',
        },
      ])
      const [card] = pictures(html)
      expect(card!.sources).toEqual([
        {
          type: 'image/avif',
          srcset: WIDTHS.map((w) => `${base}-${w}.avif ${w}w`).join(', '),
          sizes: '(min-width: 64rem) 22rem, (min-width: 40rem) 45vw, 92vw',
        },
      ])
      expect(card!.img).toMatchObject({
        src: `${base}-800.webp`,
        srcset: WIDTHS.map((w) => `${base}-${w}.webp ${w}w`).join(', '),
        fetchpriority: 'high',
        loading: 'eager',
      })
      // The seed's drawings are shown as they were, in a plain <img>, none of them at high priority.
      const others = tags(html, 'img').filter((i) => i.src?.startsWith('/images/seed/'))
      expect(others.map((i) => i.src)).toEqual(seedProducts.slice(1).map((p) => p.mainImage))
      expect(others.filter((i) => i.fetchpriority === 'high')).toEqual([])
      await expectEveryAvifServed(t, html)
      // A filtered catalogue preloads its own first card (React adds its own preload of that <img>: the same file).
      const belts = preloads((await request(t.app).get('/products?category=belts').expect(200)).text)
      expect(belts[0]).toMatchObject({
        href: seedProducts.find((p) => p.category === 'belts')!.mainImage,
        fetchpriority: 'high',
      })
      expect(new Set(belts.map((l) => l.href))).toEqual(new Set([belts[0]!.href]))
    },
  )

  it("a product page preloads its main photograph at the gallery's width and offers AVIF in the gallery", async () => {
    const { t, base } = await withPhotograph('oxford-brogue')
    const html = (await request(t.app).get('/products/oxford-brogue').expect(200)).text
    expect(preloads(html)).toMatchObject([
      {
        href: `${base}-800.avif`,
        imagesizes: '(min-width: 64rem) 36rem, (min-width: 48rem) 50vw, 100vw',
        type: 'image/avif',
        fetchpriority: 'high',
      },
    ])
    const [main] = pictures(html)
    expect(main!.img).toMatchObject({ src: `${base}-800.webp`, fetchpriority: 'high', alt: 'Oxford Brogue' })
    expect(main!.sources[0]).toMatchObject({
      type: 'image/avif',
      sizes: '(min-width: 64rem) 36rem, (min-width: 48rem) 50vw, 100vw',
    })
    expect(await expectEveryAvifServed(t, html)).toContain(`${base}-400.avif`)
    // Its card among the related products of another page offers the AVIF too, lazily.
    const other = (await request(t.app).get('/products/chelsea-boot').expect(200)).text
    expect(pictures(other).map((p) => p.img)).toMatchObject([{ src: `${base}-800.webp`, loading: 'lazy' }])
    expect(
      tags(other, 'img')
        .filter((i) => i.fetchpriority === 'high')
        .map((i) => i.src),
    ).toEqual(['/images/seed/chelsea-boot.svg'])
  })

  it('an uploaded photograph gets the same twins and, made the main one, is offered as AVIF', async () => {
    t = await createTestApp()
    await request(t.app)
      .post('/admin/products/braided-belt/photos')
      .attach('photo', await studioPhotograph(), 'phone.png')
      .expect(303)
    const { photos } = JSON.parse(await readFile(t.dataFile, 'utf8')).products.find(
      (p: { id: string }) => p.id === 'braided-belt',
    ) as { photos: { src: string }[] }
    const src = photos.at(-1)!.src
    await t.services.photoFormats.idle()
    for (const w of WIDTHS) expect(existsSync(fileOf(t, src.replace(/-1024\.webp$/, `-${w}.avif`))), `${w}`).toBe(true)
    await request(t.app)
      .post('/admin/products/braided-belt/photos/change')
      .type('form')
      .send({ src, action: 'main', version: photoVersion(t, 'braided-belt') })
      .expect(303)
    const html = (await request(t.app).get('/products/braided-belt').expect(200)).text
    expect(preloads(html)).toMatchObject([{ href: src.replace(/-1024\.webp$/, '-800.avif'), type: 'image/avif' }])
    const card = pictures((await request(t.app).get('/products').expect(200)).text).find(
      (p) => p.img.alt === 'Braided Belt',
    )
    expect(card?.img.src).toBe(src.replace(/-1024\.webp$/, '-800.webp'))
  })
})

describe('photographs without AVIF twins', () => {
  /** A set on disk as earlier versions stored it: WebP widths (and an original) only. */
  async function writeOldSet(dir: string, folder: string, bytes: (w: number) => Promise<Buffer>) {
    const media = path.join(dir, 'media', 'products', folder)
    await mkdir(media, { recursive: true })
    for (const w of WIDTHS) await writeFile(path.join(media, `old-main-${w}.webp`), await bytes(w))
    const products = seedProducts.map((p) =>
      p.id === folder ? { ...p, mainImage: `/media/products/${folder}/old-main-1024.webp` } : p,
    )
    await writeFile(path.join(dir, 'db.json'), JSON.stringify({ products, messages: [] }, null, 2))
    return `/media/products/${folder}/old-main`
  }

  it('are offered in WebP alone: no <source> or preload names an AVIF that is not there', async () => {
    let base = ''
    // Not pictures at all: they can never be converted.
    t = await createTestApp({
      prepare: async (dir) =>
        void (base = await writeOldSet(dir, 'oxford-brogue', async () => Buffer.from('not a picture'))),
    })
    await t.services.photoFormats.idle()
    const html = (await request(t.app).get('/products/oxford-brogue').expect(200)).text
    expect(html).not.toContain('.avif')
    expect(pictures(html)).toEqual([])
    expect(preloads(html)[0]).toMatchObject({ href: `${base}-800.webp`, fetchpriority: 'high' })
    for (const link of preloads(html))
      expect(link).toMatchObject({ imagesrcset: WIDTHS.map((w) => `${base}-${w}.webp ${w}w`).join(', ') })
    expect(preloads(html).filter((l) => l.type)).toEqual([])
    for (const w of WIDTHS) expect(existsSync(fileOf(t, `${base}-${w}.avif`))).toBe(false)
  })

  it('stored before AVIF, get their twins in the background after start-up, and pages then offer them', async () => {
    let base = ''
    const image = await studioPhotograph()
    t = await createTestApp({
      prepare: async (dir) =>
        void (base = await writeOldSet(dir, 'oxford-brogue', (w) =>
          sharp(image).resize(w, w).webp({ quality: 82 }).toBuffer(),
        )),
    })
    await t.services.photoFormats.idle()
    for (const w of WIDTHS) expect(existsSync(fileOf(t, `${base}-${w}.avif`)), `${w}`).toBe(true)
    const html = (await request(t.app).get('/products').expect(200)).text
    expect(pictures(html)[0]!.sources).toMatchObject([{ type: 'image/avif' }])
    await expectEveryAvifServed(t, html)
  })

  it('a page kept before its photograph gained twins is made again, though the catalogue did not change', async () => {
    let base = ''
    t = await createTestApp({
      prepare: async (dir) =>
        void (base = await writeOldSet(dir, 'oxford-brogue', async () => Buffer.from('not a picture'))),
    })
    await t.services.photoFormats.idle()
    expect(pictures((await request(t.app).get('/products').expect(200)).text)).toEqual([])
    expect((await request(t.app).get('/products').expect(200)).headers['cache-status']).toMatch(/; hit/)
    // As a conversion finishing in the background would.
    const image = await studioPhotograph()
    for (const w of WIDTHS)
      await writeFile(fileOf(t, `${base}-${w}.avif`), await sharp(image).resize(w, w).avif({ effort: 0 }).toBuffer())
    t.services.photoFormats.add('products/oxford-brogue', 'old-main')
    const html = (await request(t.app).get('/products').expect(200)).text
    expect(pictures(html)[0]!.sources).toMatchObject([{ type: 'image/avif' }])
    await expectEveryAvifServed(t, html)
  })
})
