/**
 * Photographs as a phone takes them: several in one form, portraits
 * cut around their subject, HEIC refused with the iPhone's way out.
 */
import { existsSync } from 'node:fs'
import { readdir } from 'node:fs/promises'
import path from 'node:path'
import sharp from 'sharp'
import request from 'supertest'
import { describe, expect, it } from 'vitest'
import { testAppForEachTest } from '../helpers/server.ts'
import { photosNow } from '../helpers/photo-forms.ts'
import { detail, heicBytes, portraitWithSubjectOnTop } from '../helpers/phone-photos.ts'
import { sentBack } from '../helpers/sent-back.ts'
import { mainText } from '../helpers/page-text.ts'

const HEIC_TIP =
  'This is a HEIC photograph, which browsers cannot show. On an iPhone, ' +
  'choose it again from Photos: it will be sent as JPEG. Or set Settings > ' +
  'Camera > Formats to Most Compatible.'

const t = testAppForEachTest()

const jpeg = (r: number) =>
  sharp({ create: { width: 800, height: 600, channels: 3, background: { r, g: 90, b: 40 } } })
    .jpeg()
    .toBuffer()
/** The words of the page's main content, as a person reads them. */

describe('several photographs in one form (the form without the page’s script)', () => {
  it('takes each, in the order chosen, and the page says how many were added', async () => {
    const before = photosNow(t, 'bridle-belt')
    const res = await request(t.app)
      .post('/admin/products/bridle-belt/photos')
      .attach('photo', await jpeg(10), 'IMG_0001.jpg')
      .attach('photo', await jpeg(120), 'IMG_0002.jpg')
      .attach('photo', await jpeg(240), 'IMG_0003.jpg')
      .expect(303)
    expect(res.headers.location).toBe('/admin/products/bridle-belt?photo=added&n=3')
    const after = photosNow(t, 'bridle-belt')
    expect(after).toHaveLength(before.length + 3)
    const page = await request(t.app).get(res.headers.location!.replace(/#.*$/, '')).expect(200)
    expect(mainText(page.text)).toContain("3 photographs added: they are on the product's page now.")
    for (const src of after.slice(before.length)) expect(page.text).toContain(src.replace(/-1024\.webp$/, ''))
  })

  it('keeps those it can read, and names each one refused with the reason', async () => {
    const before = photosNow(t, 'bridle-belt')
    const res = await sentBack(
      t.app,
      await request(t.app)
        .post('/admin/products/bridle-belt/photos')
        .attach('photo', await jpeg(10), 'IMG_0001.jpg')
        .attach('photo', heicBytes(), 'IMG_0002.HEIC')
        .attach('photo', await jpeg(240), 'IMG_0003.jpg'),
    )
    expect(mainText(res.text)).toContain(`IMG_0002.HEIC: ${HEIC_TIP}`)
    expect(photosNow(t, 'bridle-belt')).toHaveLength(before.length + 2)
  })
})

describe('a HEIC that arrives anyway', () => {
  it('is refused with the iPhone tip, known by its content whatever its name, as the page and as JSON', async () => {
    for (const name of ['IMG_0004.HEIC', 'photo.jpg']) {
      const page = await sentBack(
        t.app,
        await request(t.app).post('/admin/products/bridle-belt/photos').attach('photo', heicBytes(), name),
      )
      expect(mainText(page.text)).toContain(HEIC_TIP)
    }
    const json = await request(t.app)
      .post('/admin/products/bridle-belt/photos')
      .set('accept', 'application/json')
      .attach('photo', heicBytes(), { filename: 'IMG_0005.heic', contentType: 'image/heic' })
    expect(json.status).toBe(415)
    expect(json.body).toEqual({ error: HEIC_TIP })
    expect(existsSync(path.join(t.dir, 'media', 'products', 'bridle-belt'))).toBe(false)
  })

  it('is also known by its name when its content cannot be read at all', async () => {
    const res = await sentBack(
      t.app,
      await request(t.app)
        .post('/admin/products/bridle-belt/photos')
        .attach('photo', Buffer.from('not quite a picture'), { filename: 'IMG_0006.heic', contentType: 'image/heic' }),
    )
    expect(mainText(res.text)).toContain(HEIC_TIP)
  })
})

describe('crops follow the subject', () => {
  it('cuts every square size of a portrait around its subject at the top, not from its plain middle', async () => {
    const portrait = await portraitWithSubjectOnTop()
    const middle = await sharp(portrait).extract({ left: 0, top: 600, width: 600, height: 600 }).toBuffer()
    const top = await sharp(portrait).extract({ left: 0, top: 0, width: 600, height: 600 }).toBuffer()
    expect(await detail(middle)).toBeLessThan(5)
    expect(await detail(top)).toBeGreaterThan(40)
    await request(t.app)
      .post('/admin/products/bridle-belt/photos')
      .attach('photo', portrait, 'IMG_0007.jpg')
      .expect(303)
    await t.services.photoFormats.idle()
    const folder = path.join(t.dir, 'media', 'products', 'bridle-belt')
    const sizes = (await readdir(folder)).filter((f) => /-\d+\.(webp|avif)$/.test(f))
    expect(sizes.length).toBeGreaterThanOrEqual(3)
    for (const file of sizes) expect(await detail(path.join(folder, file)), file).toBeGreaterThan(30)
  })
})
