/**
 * Drafts over HTTP, as a browser without JavaScript uses the workspace: 'Add a product' and 'Duplicate'
 * make drafts the shop never shows, until the owner publishes one that has all a visitor needs.
 */
import { readFile } from 'node:fs/promises'
import sharp from 'sharp'
import request from 'supertest'
import { describe, expect, it, vi } from 'vitest'
import { fingerprint } from '../../domain/social-image.ts'
import { testAppForEachTest } from '../helpers/server.ts'
import { ownerSaves } from '../helpers/owner-save.ts'
import { dataOnDisk } from '../helpers/on-disk.ts'
import { pageText } from '../helpers/page-text.ts'
import { sentBack } from '../helpers/sent-back.ts'
import { NEW_BELT as BELT, openProductForm } from '../helpers/product-form.ts'

const t = testAppForEachTest()

type Stored = Record<string, unknown> & { id: string; sku: string; name: string }
const onDisk = async () => dataOnDisk<{ products: Stored[] }>(t.dataFile)
const stored = async (id: string) => (await onDisk()).products.find((p) => p.id === id)
/** The shop as visitors reach it: through the page cache too. */
const shop = () => request(t.handler)

// As the form sends it: a new product has no photograph field.
const { mainImage: _, ...NEW_BELT } = BELT

async function addBelt(): Promise<string> {
  const res = await request(t.app).post('/admin/products/new').type('form').send(NEW_BELT)
  expect(res.status).toBe(303)
  return /\/admin\/products\/([^?]+)/.exec(res.headers.location!)![1]!
}

/** Every place a visitor (or a search engine, or a chat app) could meet a product, each checked for `id` and `name`. */
async function expectOffTheShop(id: string, name: string, sku: string) {
  const api = (await shop().get('/api/products').expect(200)).body as { id: string }[]
  expect(api.map((p) => p.id)).not.toContain(id)
  const catalogue = await shop().get('/products').expect(200)
  expect(catalogue.text).not.toContain(name)
  expect(catalogue.text).not.toContain(`/products/${id}"`)
  expect(catalogue.text).not.toContain(sku)
  expect((await shop().get('/products?category=belts').expect(200)).text).not.toContain(name)
  expect((await shop().get('/').expect(200)).text).not.toContain(name)
  expect((await shop().get('/sitemap.xml').expect(200)).text).not.toContain(`/products/${id}<`)
  expect((await shop().get(`/products/${id}`)).status).toBe(404)
  const order = {
    firstName: 'Ada',
    lastName: 'Byron',
    email: 'ada@example.com',
    phone: '07700900000',
    address: '1 High Street',
    size: '',
  }
  const ordered = await shop().post(`/products/${id}`).type('form').send(order)
  expect(ordered.status).toBe(404)
  expect(ordered.headers.location).toBeUndefined()
}

describe("'Add a product'", () => {
  it('asks for no photograph address and makes a draft that only the workspace shows', async () => {
    const form = await request(t.app).get('/admin/products/new').expect(200)
    expect(form.text).not.toContain('name="mainImage"')
    const id = await addBelt()
    expect(id).toBe('plaited-bridle-belt')
    expect(await stored(id)).toMatchObject({ status: 'draft', mainImage: '' })
    await expectOffTheShop(id, NEW_BELT.name, NEW_BELT.sku)
    const list = await request(t.app).get('/admin/products').expect(200)
    expect(pageText(list.text)).toMatch(/Plaited Bridle Belt Draft/)
    const page = await request(t.app).get(`/admin/products/${id}?done=added`).expect(200)
    expect(pageText(page.text)).toContain('Draft Only you see this product')
    expect(page.text).toContain('/images/no-photo.svg') // the preview's placeholder, not a broken picture
    expect(page.text).toContain(`action="/admin/products/${id}/publish"`)
  })
})

describe('publishing', () => {
  it(
    'refuses a draft without a photograph the site serves, then puts it on ' + 'the shop once one is uploaded',
    async () => {
      const id = await addBelt()
      const refused = await sentBack(t.app, await request(t.app).post(`/admin/products/${id}/publish`))
      expect(refused.headers['cache-control']).toBe('private, no-store')
      expect(pageText(refused.text)).toContain(
        'It cannot be published yet. It still needs: a photograph: upload one below (Photographs)',
      )
      expect((await stored(id))!.status).toBe('draft')

      const jpeg = await sharp({
        create: { width: 900, height: 900, channels: 3, background: { r: 120, g: 70, b: 30 } },
      })
        .jpeg()
        .toBuffer()
      await request(t.app).post(`/admin/products/${id}/photos`).attach('photo', jpeg, 'belt.jpg').expect(303)
      const published = await request(t.app).post(`/admin/products/${id}/publish`)
      expect(published.status).toBe(303)
      expect(published.headers.location).toBe(`/admin/products/${id}?done=published`)
      const saved = (await stored(id))!
      expect(saved.status).toBeUndefined()
      expect(saved.mainImage).toMatch(/^\/media\/products\/plaited-bridle-belt\//)

      expect(((await shop().get('/api/products').expect(200)).body as { id: string }[]).map((p) => p.id)).toContain(id)
      expect(pageText((await shop().get('/products').expect(200)).text)).toContain(NEW_BELT.name)
      expect((await shop().get('/sitemap.xml').expect(200)).text).toContain(`/products/${id}<`)
      expect(pageText((await shop().get(`/products/${id}`).expect(200)).text)).toContain(NEW_BELT.name)
    },
  )

  it('takes a product off the shop without removing it, and the history says both in words', async () => {
    await shop().get('/products/braided-belt').expect(200) // now kept by the page cache
    const before = await request(t.app).post('/admin/products/braided-belt/unpublish')
    expect(before.status).toBe(303)
    expect((await stored('braided-belt'))!.status).toBe('draft')
    await expectOffTheShop('braided-belt', 'Braided Belt', 'BT-BRD-003')
    expect(pageText((await request(t.app).get('/admin/products').expect(200)).text)).toMatch(/Braided Belt Draft/)

    await request(t.app).post('/admin/products/braided-belt/publish').expect(303)
    expect((await shop().get('/products/braided-belt')).status).toBe(200)
    const history = pageText((await request(t.app).get('/admin/history').expect(200)).text)
    expect(history).toMatch(
      /Braided Belt: published: on the shop now .*Braided Belt: taken off the shop \(kept as a draft\)/,
    )
  })
})

describe("'Duplicate'", () => {
  it('makes a draft copy with a stock code no other product has', async () => {
    await request(t.app).post('/admin/products/briefcase/duplicate').expect(303)
    const original = (await stored('briefcase'))!
    const copy = (await stored('briefcase-copy'))!
    expect(copy.status).toBe('draft')
    expect(copy.sku).toBe(`${original.sku}-COPY`)
    await expectOffTheShop('briefcase-copy', 'Heritage Briefcase (copy)', copy.sku)
    // A chat app's card of the copy's photograph is not made either.
    const card = `/social/products/briefcase-copy-${fingerprint(original.mainImage as string)}.jpg`
    expect((await shop().get(card)).status).toBe(404)

    await request(t.app).post('/admin/products/briefcase/duplicate').expect(303)
    const skus = (await onDisk()).products.map((p) => p.sku)
    expect(new Set(skus).size).toBe(skus.length)
    expect(skus).toContain(`${original.sku}-COPY-2`)
  })
})

describe('the main photograph', () => {
  it('refuses an edited address that is not a file the site serves, with the message beside the field', async () => {
    const before = await readFile(t.dataFile, 'utf8')
    const form = await openProductForm(t, 'oxford-brogue')
    for (const made_up of [
      '/media/products/oxford-brogue/made-up.jpg',
      'https://images.example.com/brogue.jpg',
      '/images/seed/../../db.json',
    ]) {
      const res = await sentBack(
        t.app,
        await request(t.app)
          .post('/admin/products/oxford-brogue')
          .type('form')
          .send({ ...form, mainImage: made_up }),
      )
      expect(res.text).toContain('id="product-mainImage-error">This is not a photograph of the site')
    }
    expect(await readFile(t.dataFile, 'utf8')).toBe(before)
    // One of the site's own photographs is accepted.
    await request(t.app)
      .post('/admin/products/oxford-brogue')
      .type('form')
      .send({ ...form, mainImage: '/images/seed/chelsea-boot.svg' })
      .expect(303)
  })
})

describe('files written before drafts', () => {
  it('shows every product without a status, and hides one the owner marks as a draft in the file', async () => {
    const file = await onDisk()
    expect(file.products.every((p) => p.status === undefined)).toBe(true)
    const shown = (await shop().get('/api/products').expect(200)).body as { id: string }[]
    expect(shown.map((p) => p.id)).toEqual(file.products.map((p) => p.id))
    file.products.find((p) => p.id === 'tote-bag')!.status = 'draft'
    await ownerSaves(t.store, JSON.stringify(file, null, 2))
    await expectOffTheShop('tote-bag', 'Market Tote', (await stored('tote-bag'))!.sku)
    expect(((await shop().get('/api/products').expect(200)).body as unknown[]).length).toBe(file.products.length - 1)
    // The history says what the edit changed, as for any other field.
    await vi.waitFor(
      async () =>
        expect(pageText((await request(t.app).get('/admin/history').expect(200)).text)).toMatch(
          /Market Tote: changed in the data file .* An edit of the data file On the shop Published → Draft Restore/,
        ),
      { timeout: 10_000 },
    )
  })
})

describe('what a draft leaves out beyond its own pages', () => {
  it("names neither its payment page in the shop's security header nor itself in the overview of /admin", async () => {
    const res = await request(t.app)
      .post('/admin/products/new')
      .type('form')
      .send({ ...NEW_BELT, paymentLink: 'https://pay.plaited-belts.co.uk/belt' })
    expect(res.status).toBe(303)
    const csp = (await shop().get('/').expect(200)).headers['content-security-policy'] as string
    expect(csp).toContain('form-action')
    expect(csp).not.toContain('plaited-belts')
    const overview = await request(t.app).get('/admin').expect(200)
    // Its Product Overview, which shows the shop's products; the list of what needs the owner names the draft.
    expect(/<section class="admin-card admin-overview"[\s\S]*?<\/section>/.exec(overview.text)![0]).not.toContain(
      NEW_BELT.name,
    )
    expect(overview.text).toContain(`Draft waiting: ${NEW_BELT.name}`)
    expect((await request(t.app).get('/admin/products').expect(200)).text).toContain(NEW_BELT.name)
  })
})
