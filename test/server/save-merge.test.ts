/**
 * One product, several forms on its page: a Save writes only the fields the owner changed in the
 * form, merged by field against the values the form was made from (its hidden base). An upload, a
 * photo action or Publish made since never makes it a conflict; a conflict is a field changed both in
 * the form and in another tab, and keeping the owner's version then keeps every photograph.
 */
import { readFile, writeFile } from 'node:fs/promises'
import sharp from 'sharp'
import request from 'supertest'
import { describe, expect, it, vi } from 'vitest'
import type { HistoryEntry } from '../../data/catalogue-history.server.ts'
import { PRODUCT_FIELDS, type ProductValues } from '../../domain/product-form.ts'
import { mergeSave } from '../../server/services/save-merge.server.ts'
import { dataOnDisk } from '../helpers/on-disk.ts'
import { photosNow, photoVersion } from '../helpers/photo-forms.ts'
import { hiddenField, pageText } from '../helpers/page-text.ts'
import { NEW_BELT, openProductForm, saveProductForm } from '../helpers/product-form.ts'
import { sentBack } from '../helpers/sent-back.ts'
import { testAppForEachTest } from '../helpers/server.ts'

const t = testAppForEachTest()

type Stored = Record<string, unknown> & { id: string; mainImage: string; photos?: { src: string }[] }
const stored = async (id: string) =>
  (await dataOnDisk<{ products: Stored[] }>(t.dataFile)).products.find((p) => p.id === id)!

const jpeg = () =>
  sharp({ create: { width: 600, height: 600, channels: 3, background: { r: 120, g: 70, b: 30 } } })
    .jpeg()
    .toBuffer()

/** The page's script uploads a photograph and stays on the page (JSON answer). */
async function uploadInPlace(id: string): Promise<string[]> {
  const res = await request(t.app)
    .post(`/admin/products/${id}/photos`)
    .set('Accept', 'application/json')
    .attach('photo', await jpeg(), 'photo.jpg')
    .expect(201)
  return (res.body as { photos: string[] }).photos
}

async function addDraft(): Promise<string> {
  const res = await request(t.app).post('/admin/products/new').type('form').send(NEW_BELT)
  expect(res.status).toBe(303)
  return /\/admin\/products\/([^?]+)/.exec(res.headers.location!)![1]!
}

describe('a Save after the page changed the product itself', () => {
  it('after an upload on a new draft: saved, with the photograph (the form still said none)', async () => {
    const id = await addDraft()
    const form = await openProductForm(t, id)
    expect(form.mainImage).toBe('')
    const [photo] = await uploadInPlace(id)
    const res = await saveProductForm(t, id, { ...form, description: 'Plaited by hand in Walsall.' })
    expect(res.status).toBe(303)
    expect(res.headers.location).toBe(`/admin/products/${id}?done=saved`)
    expect(await stored(id)).toMatchObject({ description: 'Plaited by hand in Walsall.', mainImage: photo })
  })

  it('after an upload, a photo action and Publish on a published product: saved, every photograph kept', async () => {
    const form = await openProductForm(t, 'monk-strap')
    const photos = await uploadInPlace('monk-strap')
    await request(t.app)
      .post('/admin/products/monk-strap/photos/change')
      .type('form')
      .send({ src: photos.at(-1)!, action: 'main', version: photoVersion(t, 'monk-strap') })
      .expect(303)
    const main = photosNow(t, 'monk-strap')[0]
    await request(t.app).post('/admin/products/monk-strap/unpublish').expect(303)
    await request(t.app).post('/admin/products/monk-strap/publish').expect(303)
    await saveProductForm(t, 'monk-strap', { ...form, price: '£199.00' }).expect(303)
    const saved = await stored('monk-strap')
    expect(saved).toMatchObject({ price: '£199.00', mainImage: main })
    expect(saved.status).toBeUndefined()
    expect(photosNow(t, 'monk-strap')).toHaveLength(photos.length)
  })

  it('keeps a field another tab changed when this form left it alone', async () => {
    const first = await openProductForm(t, 'chelsea-boot')
    const second = await openProductForm(t, 'chelsea-boot')
    await saveProductForm(t, 'chelsea-boot', { ...first, price: '£220.00' }).expect(303)
    await saveProductForm(t, 'chelsea-boot', { ...second, description: 'Resoled by us, for life.' }).expect(303)
    expect(await stored('chelsea-boot')).toMatchObject({ price: '£220.00', description: 'Resoled by us, for life.' })
  })
})

describe('a field changed here and in another tab', () => {
  it('shows both by the form’s labels; keeping yours keeps the photograph and what the other tab did elsewhere', async () => {
    const id = await addDraft()
    const here = await openProductForm(t, id)
    const there = await openProductForm(t, id)
    const [photo] = await uploadInPlace(id)
    await saveProductForm(t, id, { ...there, description: 'From the other tab.', category: 'bags' }).expect(303)
    const late = await sentBack(
      t.app,
      await saveProductForm(t, id, { ...here, description: 'From this tab.', price: '£99.00' }),
    )
    const shown = pageText(late.text)
    expect(shown).toContain('saved in another tab or window after you opened it')
    expect(shown).toContain('Description Saved now: From the other tab. Yours: From this tab.')
    // Only the field changed in both places is asked about, by its label.
    expect(shown).not.toMatch(/Category Saved now/)
    expect(late.text).not.toMatch(/<th[^>]*>description</)
    expect(await stored(id)).toMatchObject({ description: 'From the other tab.', price: '£95.00', mainImage: photo })

    // "Save my version": the form it came back with.
    const again = {
      ...(JSON.parse(hiddenField(late.text, 'base')) as ProductValues),
      base: hiddenField(late.text, 'base'),
    }
    const typed = (name: string) =>
      new RegExp(`name="${name}"[^>]*value="([^"]*)"|name="${name}"[^>]*>([^<]*)</textarea>`).exec(late.text)
    for (const f of PRODUCT_FIELDS) {
      const m = typed(f)
      if (m) again[f] = (m[1] ?? m[2] ?? '').replace(/&amp;/g, '&')
    }
    expect(again.mainImage).toBe(photo)
    expect(again.category).toBe('bags')
    await saveProductForm(t, id, again).expect(303)
    expect(await stored(id)).toMatchObject({
      description: 'From this tab.',
      price: '£99.00',
      category: 'bags',
      mainImage: photo,
    })
  })

  it('is no conflict when both set the same value', async () => {
    const first = await openProductForm(t, 'penny-loafer')
    const second = await openProductForm(t, 'penny-loafer')
    await saveProductForm(t, 'penny-loafer', { ...first, price: '£170.00' }).expect(303)
    await saveProductForm(t, 'penny-loafer', { ...second, price: '170' }).expect(303)
    expect((await stored('penny-loafer')).price).toBe('£170.00')
  })
})

describe('what a Save cannot do', () => {
  it('never empties the main photograph of a product that has one, draft or not', async () => {
    const id = await addDraft()
    await uploadInPlace(id)
    const form = await openProductForm(t, id)
    const res = await sentBack(t.app, await saveProductForm(t, id, { ...form, mainImage: '' }))
    expect(pageText(res.text)).toContain('A product keeps its main photograph')
    expect((await stored(id)).mainImage).toBe(form.mainImage)
  })

  it('reads only the form’s own fields: __proto__, constructor and hasOwnProperty change nothing', async () => {
    const form = await openProductForm(t, 'oxford-brogue')
    const before = await stored('oxford-brogue')
    // As JSON text: an object literal's __proto__ would set its prototype, not a field.
    const base = form.base!.replace(/^\{/, '{"__proto__":{"price":"£1.00"},"constructor":"x",')
    const odd =
      'base=' + encodeURIComponent(base) + '&__proto__=x&constructor=y&hasOwnProperty=z&__proto__%5Bprice%5D=1'
    const fields = Object.entries(form)
      .filter(([k]) => k !== 'base')
      .map(([k, v]) => `${k}=${encodeURIComponent(v)}`)
      .join('&')
    const res = await request(t.app).post('/admin/products/oxford-brogue').type('form').send(`${fields}&${odd}`)
    expect(res.status).toBe(303)
    expect(await stored('oxford-brogue')).toEqual(before)
    expect(({} as Record<string, unknown>).price).toBeUndefined()
    // Named as products, they are no product.
    for (const name of ['__proto__', 'constructor', 'hasOwnProperty'])
      expect((await saveProductForm(t, name, form)).status).toBe(404)
  })
})

describe('the merge rules', () => {
  const values = (over: Partial<ProductValues> = {}): ProductValues => ({
    id: 'belt',
    name: 'Belt',
    description: 'Old',
    price: '£65.00',
    sku: 'BL-1',
    category: 'belts',
    availability: 'in-stock',
    leadTime: '',
    mainImage: '/media/products/belt/a.webp',
    paymentLink: 'https://buy.stripe.com/belt',
    ...over,
  })
  const merge = (posted: Partial<ProductValues>, stored: Partial<ProductValues>, who: HistoryEntry['who'] = 'owner') =>
    mergeSave({
      base: values(),
      posted: values(posted),
      typed: values(posted),
      stored: values(stored),
      lastSetBy: () => who,
    })

  it('writes what the form changed and nothing it left as it was', () => {
    expect(merge({ description: 'New' }, { mainImage: '/media/products/belt/b.webp' })).toEqual({
      changed: { description: 'New' },
      conflicts: [],
      yours: values({ description: 'New', mainImage: '/media/products/belt/b.webp' }),
    })
  })

  it('calls a field changed in both places to different values a conflict, unless the data file changed it', () => {
    expect(merge({ price: '£70.00' }, { price: '£75.00' }).conflicts).toEqual(['price'])
    expect(merge({ price: '£70.00' }, { price: '£70.00' }).conflicts).toEqual([])
    expect(merge({ price: '£70.00' }, { price: '£75.00' }, 'data file')).toMatchObject({
      changed: { price: '£70.00' },
      conflicts: [],
    })
  })
})

describe('a Save while the owner edits the data file by hand', () => {
  /** The owner sets the boot's price to £999.00 by hand, then saves a new name: the file is read only as the Save goes in. */
  async function saveDuringHandEdit(): Promise<{ status: number; price: unknown }> {
    const form = await openProductForm(t, 'chelsea-boot')
    const data = JSON.parse(await readFile(t.dataFile, 'utf8')) as { products: Stored[] }
    const price = data.products.find((p) => p.id === 'chelsea-boot')!.price
    let saving: Promise<request.Response> | undefined
    // Held, the store reads the owner's file only when it writes the Save: the order a tenth of a second gives.
    await t.store.whilePaused(async () => {
      const products = data.products.map((p) => (p.id === 'chelsea-boot' ? { ...p, price: '£999.00' } : p))
      await writeFile(t.dataFile, JSON.stringify({ ...data, products }, null, 2))
      saving = saveProductForm(t, 'chelsea-boot', { ...form, name: 'Chelsea Boot II' }).then((res) => res)
      await vi.waitFor(() =>
        expect(t.store.products.find((p) => p.id === 'chelsea-boot')?.name).toBe('Chelsea Boot II'),
      )
    })
    return { status: (await saving!).status, price }
  }

  it('keeps the hand edit of another field when the file is read only as the Save goes in', async () => {
    expect((await saveDuringHandEdit()).status).toBe(303)
    expect(await stored('chelsea-boot')).toMatchObject({ name: 'Chelsea Boot II', price: '£999.00' })
  })

  it('records the hand edit as the data file’s, before the Save, and the Save as the owner’s field alone', async () => {
    const { status, price } = await saveDuringHandEdit()
    expect(status).toBe(303)
    const entries = (await t.services.catalogue.history.all()).filter((e) => e.productId === 'chelsea-boot')
    const fields = (e: HistoryEntry) =>
      Object.keys({ ...e.before, ...e.after }).filter((k) => e.before?.[k as 'name'] !== e.after?.[k as 'name'])
    expect(entries.map((e) => ({ who: e.who, fields: fields(e) }))).toEqual([
      { who: 'data file', fields: ['price'] },
      { who: 'owner', fields: ['name'] },
    ])
    expect(entries[0]).toMatchObject({ before: { price }, after: { price: '£999.00', name: 'Chelsea Boot' } })
  })
})
