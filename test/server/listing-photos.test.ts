/** The pictures search engines and shopping listings are given: raster, and as large as the shop has them. */
import { existsSync } from 'node:fs'
import { readdir } from 'node:fs/promises'
import path from 'node:path'
import sharp from 'sharp'
import request from 'supertest'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SEED_IMAGES } from '../../server/config/paths.server.ts'
import { jsonLdBlocks, listingProblems } from '../helpers/listing-check.ts'
import { createTestApp, type TestServer } from '../helpers/server.ts'

let t: TestServer
beforeAll(async () => {
  t = await createTestApp({ avifTwins: false }) // no test here checks the AVIF twins
})
afterAll(() => t.close())

const SITE = 'https://www.example.co.uk'
const photo = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 150, g: 90, b: 40 } } })
    .jpeg()
    .toBuffer()
const upload = async (id: string, bytes: Buffer) =>
  request(t.app).post(`/admin/products/${id}/photos`).attach('photo', bytes, 'phone.jpg').expect(303)
const productOf = async (id: string) =>
  jsonLdBlocks((await request(t.app).get(`/products/${id}`).expect(200)).text).find((b) => b['@type'] === 'Product')!
const photosOf = (id: string) => t.store.products.find((p) => p.id === id)!.photos!.map((p) => p.src)

describe("the seed catalogue's drawings", () => {
  it('each have a JPEG twin of 1200 x 1200 beside them, made once and kept with the code', async () => {
    const drawings = (await readdir(SEED_IMAGES)).filter((f) => f.endsWith('.svg'))
    expect(drawings.length).toBeGreaterThan(0)
    for (const drawing of drawings) {
      const twin = path.join(SEED_IMAGES, drawing.replace(/\.svg$/, '.jpg'))
      expect(existsSync(twin), twin).toBe(true)
      expect(await sharp(twin).metadata()).toMatchObject({ format: 'jpeg', width: 1200, height: 1200 })
    }
  })
})

describe('an uploaded photograph, for listings', () => {
  it('is offered at 1600 px as well, and listings, search and the sitemap are given that', async () => {
    await upload('tote-bag', await photo(4032, 3024)) // a phone's 12-megapixel photograph
    const [src] = photosOf('tote-bag')
    const large = src!.replace(/-1024\.webp$/, '-1600.webp')
    const file = await request(t.app).get(large).buffer(true).expect(200).expect('content-type', 'image/webp')
    expect(await sharp(file.body as Buffer).metadata()).toMatchObject({ width: 1600, height: 1600 })

    const product = await productOf('tote-bag')
    expect(product.image).toEqual(expect.arrayContaining([`${SITE}${large}`]))
    expect(product.image).not.toContain(`${SITE}${src}`)
    expect(listingProblems(product)).toEqual([])
    const sitemap = (await request(t.app).get('/sitemap.xml').expect(200)).text
    expect(sitemap).toContain(`<image:loc>${SITE}${large}</image:loc>`)
    const feed = (await request(t.app).get('/products.xml').expect(200)).text
    expect(feed).toContain(`${SITE}${large}</g:`)
  })

  it('without the detail for it (a small photograph), keeps its largest width alone: nothing enlarged', async () => {
    await upload('bridle-belt', await photo(900, 900))
    const [src] = photosOf('bridle-belt')
    await request(t.app)
      .get(src!.replace(/-1024\.webp$/, '-1600.webp'))
      .expect(404)
    expect((await productOf('bridle-belt')).image).toEqual(expect.arrayContaining([`${SITE}${src}`]))
  })
})
