/**
 * A stalled upload gives its place back: four uploads that stop sending mid-file hold every place
 * of the photo queue only until the idle limit (15 s, shortened here), then are answered 408 and
 * closed, and a fifth upload is taken. An upload that keeps sending, or that waits while the
 * photograph before it is prepared, is not cut.
 */
import { createServer, request as httpRequest, type IncomingMessage, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import pino from 'pino'
import sharp from 'sharp'
import request from 'supertest'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createSite } from '../../server/site.server.ts'
import { photoWork } from '../../server/services/images/photo-queue.server.ts'
import { photosNow } from '../helpers/photo-forms.ts'
import { createTestApp, type TestServer } from '../helpers/server.ts'

const STALL_MS = 1_500

let t: TestServer
let server: Server
let port: number
beforeEach(async () => {
  t = await createTestApp({ avifTwins: false })
  const { config, store, services } = t
  const site = await createSite({ config, store, services, logger: pino({ level: 'silent' }), uploadStallMs: STALL_MS })
  server = createServer(site.handler).listen(0, '127.0.0.1')
  await new Promise<void>((resolve) => server.once('listening', () => resolve()))
  port = (server.address() as AddressInfo).port
})
afterEach(async () => {
  server.closeAllConnections()
  await new Promise<void>((resolve) => server.close(() => resolve()))
  await t.close()
})

/** Places of the photo queue free now (taken and given straight back). */
function freePlaces(): number {
  const taken = []
  for (let place = photoWork.admit(); place; place = photoWork.admit()) taken.push(place)
  for (const place of taken) place.leave()
  return taken.length
}

const BOUNDARY = 'x'
const part = (name: string) =>
  `--${BOUNDARY}\r\nContent-Disposition: form-data; name="photo"; filename="${name}"\r\nContent-Type: image/jpeg\r\n\r\n`
const jpeg = (r: number) =>
  sharp({ create: { width: 600, height: 600, channels: 3, background: { r, g: 60, b: 30 } } })
    .jpeg()
    .toBuffer()

/** An upload to the product, its body written as `write` chooses; resolves with the answer, or null if cut off. */
function upload(write: (req: ReturnType<typeof httpRequest>) => void, length: number) {
  const req = httpRequest({
    host: '127.0.0.1',
    port,
    path: '/admin/products/bridle-belt/photos',
    method: 'POST',
    headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}`, 'content-length': String(length) },
  })
  const answered = new Promise<{ status: number; closed: boolean; location?: string } | null>((resolve) => {
    req.on('response', (res: IncomingMessage) => {
      res.resume()
      const { location } = res.headers
      res.on('end', () => resolve({ status: res.statusCode!, closed: res.headers.connection === 'close', location }))
    })
    req.on('error', () => resolve(null))
  })
  write(req)
  return answered
}

describe('the photo queue and a stalled upload', () => {
  it('gives the places of four uploads that stop mid-file back after the idle limit: a fifth is taken', async () => {
    const all = freePlaces()
    expect(all).toBe(4)
    const started = Date.now()
    // Four phones losing their signal half-way through a photograph: the connections stay open.
    const stalled = Array.from({ length: all }, (_, i) =>
      upload((req) => req.write(part(`IMG_050${i}.jpg`) + 'x'.repeat(1000)), 100_000),
    )
    await expect.poll(freePlaces, { timeout: 10_000 }).toBe(0)
    const body = Buffer.concat([
      Buffer.from(part('IMG_0600.jpg')),
      await jpeg(120),
      Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
    ])
    const fifth = () => upload((req) => req.end(body), body.length)
    // Meanwhile a real upload is refused as busy: sent back to its page, which says so.
    const busy = await fifth()
    expect(busy?.status).toBe(303)
    expect(busy?.location).toMatch(/\?form=/)

    // Each stalled one is answered 408 and closed once it has sent nothing for the idle limit.
    for (const answer of await Promise.all(stalled)) expect(answer).toEqual({ status: 408, closed: true })
    expect(Date.now() - started).toBeLessThan(STALL_MS + 10_000)
    expect(freePlaces()).toBe(all)
    const before = photosNow(t, 'bridle-belt').length
    expect((await fifth())?.location).toMatch(/\?done=photo/)
    expect(photosNow(t, 'bridle-belt')).toHaveLength(before + 1)
  })

  it('keeps the place of an upload that sends slowly but steadily, longer than the idle limit in all', async () => {
    const photo = await jpeg(200)
    const body = Buffer.concat([Buffer.from(part('IMG_0700.jpg')), photo, Buffer.from(`\r\n--${BOUNDARY}--\r\n`)])
    const pieces = 6
    const step = Math.ceil(body.length / pieces)
    const answer = await upload((req) => {
      let at = 0
      const next = () => {
        req.write(body.subarray(at, at + step))
        at += step
        if (at < body.length) setTimeout(next, STALL_MS / 3)
        else req.end()
      }
      next()
    }, body.length)
    expect(answer?.status).toBe(303)
  })

  it('never cuts an upload that waits while the photograph before it is prepared', async () => {
    let release!: () => void
    const other = photoWork.run(() => new Promise<void>((resolve) => (release = resolve)))
    const body = Buffer.concat([
      Buffer.from(part('IMG_0801.jpg')),
      await jpeg(40),
      Buffer.from(`\r\n`),
      Buffer.from(part('IMG_0802.jpg')),
      // Larger than every buffer on the way, so the request is paused while the first one waits.
      await sharp({
        create: {
          width: 2000,
          height: 2000,
          channels: 3,
          noise: { type: 'gaussian', mean: 128, sigma: 60 },
          background: '#000',
        },
      })
        .jpeg({ quality: 95 })
        .toBuffer(),
      Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
    ])
    const before = photosNow(t, 'bridle-belt').length
    const answer = upload((req) => req.end(body), body.length)
    await expect.poll(() => photoWork.queued, { timeout: 10_000 }).toBe(1)
    // Three idle limits pass while it waits its turn.
    const waited = Date.now()
    await expect.poll(() => Date.now() - waited >= 3 * STALL_MS, { timeout: 10_000, interval: 100 }).toBe(true)
    release()
    await other
    expect((await answer)?.status).toBe(303)
    expect(photosNow(t, 'bridle-belt')).toHaveLength(before + 2)
    // Still served by the app these tests share.
    await request(t.app).get('/admin/products/bridle-belt').expect(200)
  })
})
