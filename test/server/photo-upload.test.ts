/** The owner's photographs: uploaded from a phone, stored as generated ones are, refused when they must be. */
import { existsSync } from 'node:fs'
import { createServer, request as httpRequest, type IncomingMessage } from 'node:http'
import type { AddressInfo } from 'node:net'
import { readdir, readFile } from 'node:fs/promises'
import path from 'node:path'
import { deflateSync } from 'node:zlib'
import sharp from 'sharp'
import request from 'supertest'
import { describe, expect, it } from 'vitest'
import { testAppForEachTest } from '../helpers/server.ts'
import { photoVersion } from '../helpers/photo-forms.ts'
import { photoWork } from '../../server/services/images/photo-queue.server.ts'
import { PHOTO_UPLOAD_LIMIT, PHOTOS_AT_ONCE } from '../../domain/photo-offers.ts'
import { pageText } from '../helpers/page-text.ts'
import { sentBack } from '../helpers/sent-back.ts'

const t = testAppForEachTest({ avifTwins: false }) // no test here checks the AVIF twins

const product = async (id: string) =>
  (JSON.parse(await readFile(t.dataFile, 'utf8')) as { products: Record<string, unknown>[] }).products.find(
    (p) => p.id === id,
  )!
const photo = (format: 'jpeg' | 'png' | 'webp', width = 1200, height = 900) =>
  sharp({ create: { width, height, channels: 3, background: { r: 150, g: 90, b: 40 } } })
    [format]()
    .toBuffer()
const upload = (id: string, bytes: Buffer, filename: string) =>
  request(t.app).post(`/admin/products/${id}/photos`).attach('photo', bytes, filename)

/** A PNG whose header claims `width` × `height` pixels, a few bytes long: a decompression bomb's shape. */
function pngClaiming(width: number, height: number): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1
    return c >>> 0
  })
  const crc = (buf: Buffer) => {
    let c = 0xffffffff
    for (const b of buf) c = crcTable[(c ^ b) & 0xff]! ^ (c >>> 8)
    return (c ^ 0xffffffff) >>> 0
  }
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data])
    const out = Buffer.alloc(8 + data.length + 4)
    out.writeUInt32BE(data.length, 0)
    body.copy(out, 4)
    out.writeUInt32BE(crc(body), 8 + data.length)
    return out
  }
  const ihdr = Buffer.alloc(13)
  ihdr.writeUInt32BE(width, 0)
  ihdr.writeUInt32BE(height, 4)
  ihdr.set([8, 2, 0, 0, 0], 8)
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(Buffer.alloc(1024))),
    chunk('IEND', Buffer.alloc(0)),
  ])
}

/** The status answered to a multipart upload announcing `length` bytes, sent after the headers alone. */
async function statusOfLargeUpload(address: string, length: number): Promise<number> {
  const server = createServer(t.handler).listen(0, '127.0.0.1')
  await new Promise<void>((resolve) => server.once('listening', () => resolve()))
  const { port } = server.address() as AddressInfo
  try {
    return await new Promise<number>((resolve, reject) => {
      const req = httpRequest(
        {
          host: '127.0.0.1',
          port,
          path: address,
          method: 'POST',
          headers: { 'content-type': 'multipart/form-data; boundary=x', 'content-length': String(length) },
        },
        (res) => {
          resolve(res.statusCode!)
          res.resume()
          req.destroy()
        },
      )
      req.on('error', reject)
      req.flushHeaders()
    })
  } finally {
    server.closeAllConnections()
    await new Promise<void>((resolve) => server.close(() => resolve()))
  }
}

describe('uploading a photograph', () => {
  it('stores a JPEG, PNG or WebP at the sizes pages use and shows it on the product page', async () => {
    for (const format of ['jpeg', 'png', 'webp'] as const) {
      const res = await upload('braided-belt', await photo(format), `phone.${format}`)
      expect(res.status, format).toBe(303)
      expect(res.headers.location).toBe('/admin/products/braided-belt?done=photo')
    }
    const saved = (await product('braided-belt')) as { mainImage: string; photos: { src: string }[] }
    expect(saved.mainImage).toBe('/images/seed/braided-belt.svg')
    expect(saved.photos).toHaveLength(3)
    for (const { src } of saved.photos) {
      expect(src).toMatch(/^\/media\/products\/braided-belt\/.+-1024\.webp$/)
      for (const width of [400, 800, 1024]) {
        const file = path.join(t.dir, src.replace(/^\//, '').replace(/-1024\.webp$/, `-${width}.webp`))
        expect(existsSync(file), file).toBe(true)
        expect((await sharp(file).metadata()).width).toBe(width)
      }
    }
    const page = await request(t.app).get('/products/braided-belt').expect(200)
    for (const { src } of saved.photos) expect(page.text).toContain(src.replace(/-1024\.webp$/, ''))
    // Made the main one: it leads the product's page and its card.
    await request(t.app)
      .post('/admin/products/braided-belt/photos/change')
      .type('form')
      .send({ src: saved.photos[1]!.src, action: 'main', version: photoVersion(t, 'braided-belt') })
      .expect(303)
    expect((await product('braided-belt')).mainImage).toBe(saved.photos[1]!.src)
  })

  it(
    'refuses what is not a JPEG, PNG or WebP (415), too large a file (413) ' +
      'and a pixel bomb (413), leaving the product as it was',
    async () => {
      const before = await product('bridle-belt')
      const text = await sentBack(t.app, await upload('bridle-belt', Buffer.from('not a picture at all'), 'notes.jpg'))
      expect(text.text).toContain('This file is not a photograph the site can read')
      const gif = await sentBack(
        t.app,
        await upload(
          'bridle-belt',
          await sharp({ create: { width: 10, height: 10, channels: 3, background: '#fff' } })
            .gif()
            .toBuffer(),
          'a.gif',
        ),
      )
      expect(gif.text).toContain('Only JPEG, PNG and WebP photographs can be uploaded (this one is GIF)')
      const bomb = await sentBack(t.app, await upload('bridle-belt', pngClaiming(30_000, 30_000), 'bomb.png'))
      expect(bomb.text).toContain('The photograph has too many pixels')
      // A form larger than every photograph it may carry hears 413 before sending it all.
      expect(
        await statusOfLargeUpload(
          '/admin/products/bridle-belt/photos',
          PHOTOS_AT_ONCE * PHOTO_UPLOAD_LIMIT + 1024 * 1024,
        ),
      ).toBe(413)
      expect(await product('bridle-belt')).toEqual(before)
      expect(existsSync(path.join(t.dir, 'media', 'products', 'bridle-belt'))).toBe(false)
    },
  )

  it('keeps the four angles of a generated set when a photograph is added to it', async () => {
    const set = ['main', '45-degree', 'side-profile', 'detail'].map((a) => `/media/products/holdall/run-${a}-1024.webp`)
    const angles = ['main', '45-degree', 'side profile', 'detail']
    await t.store.updateProduct('derby-shoe', (p) => ({
      ...p,
      mainImage: set[0]!,
      images: set.map((src, i) => ({ angle: angles[i]!, src })),
    }))
    expect(pageText((await request(t.app).get('/admin/products/derby-shoe').expect(200)).text)).toContain(
      'Photograph 4',
    )
    await upload('derby-shoe', await photo('jpeg'), 'phone.jpg').expect(303)
    const saved = (await product('derby-shoe')) as { mainImage: string; photos: { src: string }[] }
    expect(saved.mainImage).toBe(set[0])
    expect(saved.photos.map((p) => p.src).slice(0, 3)).toEqual(set.slice(1))
    expect(saved.photos).toHaveLength(4)
  })

  it('answers 404 to an upload whose product is removed while it arrives, and leaves no file behind', async () => {
    let arrived: IncomingMessage | undefined
    const server = createServer((req, res) => {
      arrived = req
      t.handler(req, res)
    }).listen(0, '127.0.0.1')
    await new Promise<void>((resolve) => server.once('listening', () => resolve()))
    const { port } = server.address() as AddressInfo
    try {
      const head = Buffer.from(
        '--x\r\nContent-Disposition: form-data; name="photo"; filename="phone.jpg"\r\nContent-Type: image/jpeg\r\n\r\n',
      )
      const body = Buffer.concat([head, await photo('jpeg'), Buffer.from('\r\n--x--\r\n')])
      const answer = new Promise<{ status: number; text: string }>((resolve, reject) => {
        const req = httpRequest(
          {
            host: '127.0.0.1',
            port,
            path: '/admin/products/bridle-belt/photos',
            method: 'POST',
            headers: { 'content-type': 'multipart/form-data; boundary=x', 'content-length': String(body.length) },
          },
          (res) => {
            let text = ''
            res.on('data', (c: Buffer) => (text += c.toString()))
            res.on('end', () => resolve({ status: res.statusCode!, text }))
          },
        )
        req.on('error', reject)
        req.write(body.subarray(0, 100))
        // The product is removed once the server is reading the photograph, and the rest is sent after.
        void expect
          .poll(() => arrived?.readableFlowing, { timeout: 10_000 })
          .toBe(true)
          .then(() => t.services.catalogue.remove('bridle-belt'))
          .then(() => req.end(body.subarray(100)), reject)
      })
      const { status, text } = await answer
      expect(status).toBe(404)
      expect(text).toContain('There is no such product')
      await t.services.photoFormats.idle()
      const folder = path.join(t.dir, 'media', 'products', 'bridle-belt')
      expect(existsSync(folder) ? await readdir(folder) : []).toEqual([])
      expect(JSON.stringify(JSON.parse(await readFile(t.dataFile, 'utf8')))).not.toContain(
        '/media/products/bridle-belt/',
      )
    } finally {
      server.closeAllConnections()
      await new Promise<void>((resolve) => server.close(() => resolve()))
    }
  })

  it("keeps an upright copy at most 2048 pixels on its longer side, without the camera's metadata", async () => {
    const sideways = await sharp({
      create: { width: 3000, height: 2000, channels: 3, background: { r: 90, g: 60, b: 30 } },
    })
      .jpeg()
      .withMetadata({ orientation: 6 })
      .toBuffer()
    await upload('bridle-belt', sideways, 'IMG_4001.jpg').expect(303)
    const folder = path.join(t.dir, 'media', 'products', 'bridle-belt')
    const original = (await readdir(folder)).find((f) => f.endsWith('-original.jpg'))!
    const kept = await sharp(path.join(folder, original)).metadata()
    expect([kept.width, kept.height, kept.orientation, kept.exif]).toEqual([1365, 2048, undefined, undefined])
    const large = await sharp(path.join(folder, original.replace(/-original\.jpg$/, '-1024.webp'))).metadata()
    expect([large.width, large.height]).toEqual([1024, 1024])
  })

  it(
    'lets uploads wait their turn, and past the last place answers 503 with ' + 'Retry-After, leaving no file behind',
    async () => {
      const before = await product('bridle-belt')
      // Another photograph is being worked on: an upload waits for it, then is saved.
      let finishOther!: () => void
      const other = photoWork.run(() => new Promise<void>((resolve) => (finishOther = resolve)))
      let waited = false
      const waiting = upload('bridle-belt', await photo('jpeg'), 'phone.jpg').then((res) => ((waited = true), res))
      await expect.poll(() => photoWork.queued, { timeout: 10_000 }).toBe(1)
      expect(waited).toBe(false)
      finishOther()
      await other
      expect((await waiting).status).toBe(303)
      // Every place taken: the next upload is refused at once, as JSON and as the page, and writes nothing.
      const places = []
      for (let place = photoWork.admit(); place; place = photoWork.admit()) places.push(place)
      try {
        const json = await upload('weekender-holdall', await photo('jpeg'), 'phone.jpg').set(
          'accept',
          'application/json',
        )
        expect(json.status).toBe(503)
        expect(json.headers['retry-after']).toMatch(/^\d+$/)
        expect(json.body).toEqual({ error: 'The site is busy with other photographs; please try again in a moment.' })
        const busy = await upload('weekender-holdall', await photo('jpeg'), 'phone.jpg')
        expect(busy.headers['retry-after']).toMatch(/^\d+$/)
        const page = await sentBack(t.app, busy)
        expect(pageText(page.text)).toContain('The site is busy with other photographs; please try again in a moment.')
      } finally {
        for (const place of places) place.leave()
      }
      await t.services.photoFormats.idle()
      expect(existsSync(path.join(t.dir, 'media', 'products', 'weekender-holdall'))).toBe(false)
      expect(((await product('bridle-belt')) as { photos: unknown[] }).photos).toHaveLength(
        ((before as { photos?: unknown[] }).photos?.length ?? 0) + 1,
      )
      // Places free again: the same upload is saved.
      await upload('weekender-holdall', await photo('jpeg'), 'phone.jpg').expect(303)
    },
  )

  it('gives the place of an upload cut short back, so later uploads are not refused as busy', async () => {
    const server = createServer(t.handler).listen(0, '127.0.0.1')
    await new Promise<void>((resolve) => server.once('listening', () => resolve()))
    const { port } = server.address() as AddressInfo
    const freePlaces = () => {
      const taken = []
      for (let place = photoWork.admit(); place; place = photoWork.admit()) taken.push(place)
      for (const place of taken) place.leave()
      return taken.length
    }
    const all = freePlaces()
    try {
      for (let i = 0; i < all + 1; i++) {
        // A phone losing its signal: half the photograph sent, then the connection gone.
        const req = httpRequest({
          host: '127.0.0.1',
          port,
          path: '/admin/products/bridle-belt/photos',
          method: 'POST',
          headers: { 'content-type': 'multipart/form-data; boundary=x', 'content-length': '100000' },
        })
        req.on('error', () => {})
        req.write(
          '--x\r\nContent-Disposition: form-data; name="photo"; ' +
            'filename="phone.jpg"\r\nContent-Type: image/jpeg\r\n\r\n' +
            'x'.repeat(1000),
        )
        await expect.poll(freePlaces, { timeout: 10_000 }).toBe(all - 1)
        req.destroy()
        await expect.poll(freePlaces, { timeout: 10_000 }).toBe(all)
      }
      await upload('bridle-belt', await photo('jpeg'), 'phone.jpg').expect(303)
    } finally {
      server.closeAllConnections()
      await new Promise<void>((resolve) => server.close(() => resolve()))
    }
  })

  it('keeps every other body limit as it was', async () => {
    const res = await request(t.app)
      .post('/api/contact')
      .send({
        firstName: 'A',
        lastName: 'B',
        email: 'a@example.com',
        subject: 'general',
        message: 'x'.repeat(40 * 1024),
      })
    expect(res.status).toBe(413)
  })
})
