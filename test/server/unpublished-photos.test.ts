/**
 * Unpublished means gone: a draft's or an unpublished product's photographs (every width, every
 * format twin, the original) and its share card are refused to visitors at every address, at once,
 * a copy they kept from before too, while the owner still sees them; a photograph a published
 * product also shows (a duplicate shares its original's files) stays public.
 */
import { readdir } from 'node:fs/promises'
import path from 'node:path'
import sharp from 'sharp'
import request from 'supertest'
import { describe, expect, it } from 'vitest'
import { galleryOf, photosOf } from '../../domain/product-page.ts'
import { socialImagePath } from '../../domain/social-image.ts'
import { basicAuth } from '../helpers/basic-auth.ts'
import { testAppForEachTest } from '../helpers/server.ts'

const PASSWORD = 'saddle-stitch-42'
const OWNER = basicAuth(PASSWORD)

const t = testAppForEachTest({ env: { ADMIN_PASSWORD: PASSWORD } })

/** Visitors arrive as the site answers them: kept answers first, then the app. */
const visitor = (address: string) => request(t.handler).get(address)
const owner = (address: string) => request(t.handler).get(address).set('authorization', OWNER)
const post = (address: string) => request(t.app).post(address).set('authorization', OWNER)

const jpeg = (r: number) =>
  sharp({ create: { width: 900, height: 900, channels: 3, background: { r, g: 80, b: 40 } } })
    .jpeg()
    .toBuffer()

/** Uploads one photograph as the owner; answers the addresses of every file made from it. */
async function upload(id: string, r: number): Promise<string[]> {
  await post(`/admin/products/${id}/photos`)
    .attach('photo', await jpeg(r), 'phone.jpg')
    .expect(303)
  await t.services.photoFormats.idle()
  const product = t.store.products.find((p) => p.id === id)!
  const src = photosOf(product).at(-1)!
  const folder = path.posix.dirname(src)
  const base = path.posix.basename(src).replace(/-1024\.webp$/, '')
  const names = await readdir(path.join(t.dir, folder))
  return names.filter((n) => n.startsWith(`${base}-`)).map((n) => `${folder}/${n}`)
}

/** The product's share card, made by asking for it as a chat app does, and the file it is kept in. */
async function shareCard(id: string): Promise<{ card: string; file: string }> {
  const product = t.store.products.find((p) => p.id === id)!
  const card = socialImagePath(id, galleryOf(product)[0]!.src)
  await visitor(card).expect(200)
  return { card, file: `/media${card}` }
}

async function expectAll(ask: (address: string) => request.Test, addresses: string[], status: number) {
  for (const address of addresses) expect((await ask(address)).status, address).toBe(status)
}

describe('an unpublished product’s photographs and share card', () => {
  it('are refused to visitors at once, every width and format, a kept copy too; the owner still sees them', async () => {
    const files = await upload('oxford-brogue', 30)
    expect(files.filter((f) => f.endsWith('.webp'))).toHaveLength(3)
    expect(files.some((f) => f.endsWith('.avif'))).toBe(true)
    expect(files.some((f) => /-original\.jpg$/.test(f))).toBe(true)
    const product = t.store.products.find((p) => p.id === 'oxford-brogue')!
    const { card, file } = await shareCard('oxford-brogue')
    // Its main photograph is the seed catalogue's drawing, its own.
    expect(product.mainImage).toBe('/images/seed/oxford-brogue.svg')
    const everything = [...files, file, product.mainImage]

    await expectAll(visitor, everything, 200)
    const kept = await visitor(files[0]!)
    expect(kept.headers['cache-control']).toBe('public, max-age=31536000, immutable')

    await post('/admin/products/oxford-brogue/unpublish').expect(303)
    await expectAll(visitor, [...everything, card], 404)
    // A visitor's browser asking whether its copy is still good is refused too, never told 304.
    const again = await visitor(files[0]!).set('if-none-match', kept.headers.etag!)
    expect(again.status).toBe(404)
    expect(again.headers['cache-control']).not.toMatch(/max-age=[1-9]|immutable/)
    // Spelled another way, it is the same file.
    for (const spelled of [
      files[0]!.replace('/products/', '//products/'),
      files[0]!.replace(/-(\d+)\.webp$/, '%2D$1.webp'),
    ])
      expect((await visitor(spelled).redirects(2)).status, spelled).toBe(404)

    // The workspace's page asking without the sign-in (a browser sends it unasked only below the address it
    // was first asked at) is asked for it, which the owner's browser answers itself; any other page is not.
    const fromPage = (page: string, site = 'same-origin') =>
      visitor(files[0]!).set('host', 'localhost').set('sec-fetch-site', site).set('referer', `http://localhost${page}`)
    const asked = await fromPage('/admin/products/oxford-brogue')
    expect(asked.status).toBe(401)
    expect(asked.headers['www-authenticate']).toMatch(/^Basic realm="Admin"/)
    expect((await fromPage('/admin/products/oxford-brogue').set('authorization', OWNER)).status).toBe(200)
    expect((await fromPage('/products')).status).toBe(404)
    expect((await fromPage('/admin/products/oxford-brogue', 'cross-site')).status).toBe(404)

    // The owner sees them in the workspace, kept by no shared cache.
    for (const address of everything) {
      const res = await owner(address)
      expect(res.status, address).toBe(200)
      expect(res.headers['cache-control'], address).toBe('private, no-cache')
    }

    await post('/admin/products/oxford-brogue/publish').expect(303)
    await expectAll(visitor, [...everything, card], 200)
  })

  it('a draft’s photographs are the owner’s from the first upload', async () => {
    const added = await post('/admin/products/new')
      .type('form')
      .send({ name: 'Plaited Bridle Belt', price: '£95.00', category: 'belts', sku: 'BL-PLB-001' })
      .send({ availability: 'in-stock', description: 'Plaited bridle leather.' })
      .send({ paymentLink: 'https://buy.stripe.com/plaited' })
      .expect(303)
    const id = /\/admin\/products\/([^?]+)/.exec(added.headers.location!)![1]!
    const files = await upload(id, 200)
    await expectAll(visitor, files, 404)
    await expectAll(owner, files, 200)
    const card = socialImagePath(id, galleryOf(t.store.products.find((p) => p.id === id)!)[0]!.src)
    expect((await visitor(card)).status).toBe(404)
  })

  it('keeps public a photograph a published product shares: a duplicate’s original unpublished', async () => {
    const files = await upload('tote-bag', 90)
    const copied = await post('/admin/products/tote-bag/duplicate').expect(303)
    const copy = /\/admin\/products\/([^?]+)/.exec(copied.headers.location!)![1]!
    await post(`/admin/products/${copy}/publish`).expect(303)
    await post('/admin/products/tote-bag/unpublish').expect(303)
    await expectAll(visitor, files, 200)
    // Unpublished both, it is gone.
    await post(`/admin/products/${copy}/unpublish`).expect(303)
    await expectAll(visitor, files, 404)
  })
})
