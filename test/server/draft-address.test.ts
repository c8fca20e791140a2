/**
 * A draft's web address (its id) over HTTP, as a browser without scripts changes it: editable on the
 * page of a product never published, checked as a new product's id is, and saved with the rest; what
 * refers to the id follows (the history, new photographs waiting, the page the form leads to). Once the
 * product has been on the shop its address is fixed.
 */
import { writeFile } from 'node:fs/promises'
import path from 'node:path'
import request from 'supertest'
import { afterEach, describe, expect, it } from 'vitest'
import type { AngleState } from '../../domain/photo-offers.ts'
import { startFakeOpenAIForSdk } from '../helpers/fake-openai.ts'
import { dataOnDisk } from '../helpers/on-disk.ts'
import { pageText } from '../helpers/page-text.ts'
import { openProductForm, saveProductForm } from '../helpers/product-form.ts'
import { sentBack } from '../helpers/sent-back.ts'
import { createTestApp, type TestServer } from '../helpers/server.ts'

let t: TestServer
afterEach(() => t.close())

type Stored = Record<string, unknown> & { id: string }
const idsOnDisk = async () => (await dataOnDisk<{ products: Stored[] }>(t.dataFile)).products.map((p) => p.id)
const OFFERED = '/media/products/oxford-brogue-copy/offer-1-main-640.webp'

async function duplicated(): Promise<string> {
  const res = await request(t.app).post('/admin/products/oxford-brogue/duplicate').expect(303)
  return /\/admin\/products\/([^?]+)/.exec(res.headers.location!)![1]!
}

describe("a draft's web address", () => {
  it('is a field of the copy’s form, and saving a new one moves the product, its history and its new photographs', async () => {
    // New photographs already waiting under the copy's id, as a run would have left them.
    const offer = { id: 'offer-1', at: '2026-11-20T10:00:00.000Z', photos: [{ angle: 'main', src: OFFERED }] }
    t = await createTestApp({
      prepare: (dir) =>
        writeFile(path.join(dir, 'db.json.new-photos.json'), JSON.stringify({ 'oxford-brogue-copy': [offer] })),
    })
    const copy = await duplicated()
    expect(copy).toBe('oxford-brogue-copy')
    const page = await request(t.app).get(`/admin/products/${copy}`).expect(200)
    expect(pageText(page.text)).toContain(
      'Web address of the product page It can change until the product is first published',
    )
    expect(page.text).toMatch(/name="id"[^>]*value="oxford-brogue-copy"/)

    const form = await openProductForm(t, copy)
    const res = await saveProductForm(t, copy, { ...form, id: 'oxford-brogue-black', name: 'Oxford Brogue in Black' })
    expect(res.status).toBe(303)
    expect(res.headers.location).toBe('/admin/products/oxford-brogue-black?done=saved')
    const ids = await idsOnDisk()
    expect(ids).not.toContain('oxford-brogue-copy')
    expect(ids.indexOf('oxford-brogue-black')).toBe(ids.indexOf('oxford-brogue') + 1)
    expect((await request(t.app).get(`/admin/products/${copy}`)).status).toBe(404)
    const moved = await request(t.app).get('/admin/products/oxford-brogue-black').expect(200)
    expect(pageText(moved.text)).toContain('Oxford Brogue in Black')
    expect(moved.text).toContain(OFFERED)

    // One change in the history, not a removal and an addition; restoring it puts the old address back.
    const entries = await t.services.catalogue.history.all()
    const rename = entries.at(-1)!
    expect(rename).toMatchObject({ action: 'edit', productId: 'oxford-brogue-black' })
    expect(rename.before).toMatchObject({ id: 'oxford-brogue-copy' })
    expect(entries.filter((e) => e.productId === 'oxford-brogue-copy' && e.after === null)).toEqual([])
    const history = pageText((await request(t.app).get('/admin/history').expect(200)).text)
    expect(history).toContain('oxford-brogue-copy → oxford-brogue-black')
    const restored = await request(t.app).post(`/admin/history/${rename.id}/restore`).expect(303)
    expect(restored.headers.location).toBe('/admin/products/oxford-brogue-copy?done=restored')
    expect((await idsOnDisk()).filter((id) => id.startsWith('oxford-brogue'))).toEqual([
      'oxford-brogue',
      'oxford-brogue-copy',
    ])
    expect((await request(t.app).get(`/admin/products/${copy}`).expect(200)).text).toContain(OFFERED)
  })

  it('is checked as a new product’s id: its letters, another product’s, or made from the name when left empty', async () => {
    t = await createTestApp()
    const copy = await duplicated()
    const form = await openProductForm(t, copy)
    const wrong = await sentBack(t.app, await saveProductForm(t, copy, { ...form, id: 'Oxford Black' }))
    expect(pageText(wrong.text)).toContain('Use lower-case letters, digits and hyphens, such as oxford-brogue.')
    const taken = await sentBack(t.app, await saveProductForm(t, copy, { ...form, id: 'chelsea-boot' }))
    expect(pageText(taken.text)).toContain('Another product already has the id chelsea-boot; choose another.')
    await sentBack(t.app, await saveProductForm(t, copy, { ...form, id: '__proto__' }))
    expect(await idsOnDisk()).toContain(copy)

    const fromName = await saveProductForm(t, copy, { ...form, id: '', name: 'Oxford Brogue, Black' })
    expect(fromName.headers.location).toBe('/admin/products/oxford-brogue-black?done=saved')
    // A name every object has is an address like any other, looked up as one.
    const named = await saveProductForm(t, 'oxford-brogue-black', {
      ...(await openProductForm(t, 'oxford-brogue-black')),
      id: 'constructor',
    })
    expect(named.headers.location).toBe('/admin/products/constructor?done=saved')
    expect(pageText((await request(t.app).get('/admin/products/constructor').expect(200)).text)).toContain(
      'Oxford Brogue, Black',
    )
  })

  it('is fixed once the product has been on the shop, even after it is taken off', async () => {
    t = await createTestApp()
    const page = await request(t.app).get('/admin/products/oxford-brogue').expect(200)
    expect(page.text).not.toContain('name="id"')
    const form = await openProductForm(t, 'oxford-brogue')
    const refused = await sentBack(
      t.app,
      await saveProductForm(t, 'oxford-brogue', { ...form, id: 'oxford-brogue-tan' }),
    )
    expect(pageText(refused.text)).toContain(
      'It has been on the shop, so its web address stays as it was: /products/oxford-brogue.',
    )

    await request(t.app).post('/admin/products/oxford-brogue/unpublish').expect(303)
    expect((await request(t.app).get('/admin/products/oxford-brogue').expect(200)).text).not.toContain('name="id"')
    await sentBack(t.app, await saveProductForm(t, 'oxford-brogue', { ...form, id: 'oxford-brogue-tan' }))
    // Published, the copy's address is fixed too.
    const copy = await duplicated()
    await request(t.app).post(`/admin/products/${copy}/publish`).expect(303)
    expect((await request(t.app).get(`/admin/products/${copy}`).expect(200)).text).not.toContain('name="id"')
    expect(await idsOnDisk()).toEqual(expect.arrayContaining(['oxford-brogue', copy]))
  })

  it('waits while new photographs are being made for it, then takes those offered with it', async () => {
    const key = 'sk-test-not-a-real-key'
    const fake = await startFakeOpenAIForSdk(key)
    try {
      t = await createTestApp({
        env: { OPENAI_API_KEY: key, OPENAI_TIMEOUT_MS: '5000', OPENAI_MAX_RETRIES: '0' },
        avifTwins: false,
      })
      fake.set({ delayMs: 300 })
      const copy = await duplicated()
      await request(t.app).post(`/api/admin/products/${copy}/angles`).expect(202)
      const form = await openProductForm(t, copy)
      const busy = await sentBack(t.app, await saveProductForm(t, copy, { ...form, id: 'oxford-brogue-black' }))
      expect(pageText(busy.text)).toContain('New photographs are being made for this product')
      await t.services.productPhotos.running(copy)?.result
      const offered = ((await request(t.app).get(`/api/admin/products/${copy}/angles`).expect(200)).body as AngleState)
        .offers
      expect(offered.length).toBe(1)
      await saveProductForm(t, copy, { ...form, id: 'oxford-brogue-black' }).expect(303)
      const moved = (await request(t.app).get('/api/admin/products/oxford-brogue-black/angles').expect(200))
        .body as AngleState
      expect(moved.offers).toEqual(offered)
    } finally {
      await fake.close()
    }
  })
})
