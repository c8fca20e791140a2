/**
 * The shop's order of products, changed by the owner (the page's API or its buttons without
 * JavaScript): written to the data file, served at once, recorded in the history and undone from it.
 */
import { readFile, writeFile } from 'node:fs/promises'
import request from 'supertest'
import { describe, expect, it } from 'vitest'
import { historyFileFor } from '../../data/catalogue-history.server.ts'
import { testAppForEachTest } from '../helpers/server.ts'
import { dataOnDisk } from '../helpers/on-disk.ts'
import { hiddenField, pageText } from '../helpers/page-text.ts'

const t = testAppForEachTest()

const onDisk = async () => dataOnDisk<{ products: { id: string; price: string }[] }>(t.dataFile)
const idsOnDisk = async () => (await onDisk()).products.map((p) => p.id)
const historyLines = async () =>
  (await readFile(historyFileFor(t.dataFile), 'utf8').catch(() => ''))
    .split('\n')
    .filter(Boolean)
    .map(
      (l) =>
        JSON.parse(l) as {
          id: string
          at: string
          who: string
          action: string
          productId: string
          order?: { before: string[]; after: string[] }
        },
    )
const served = async () =>
  ((await request(t.app).get('/api/products').expect(200)).body as { id: string }[]).map((p) => p.id)

describe('moving a product through the API', () => {
  it('writes the new order to the file, serves it at once, and answers with the whole order', async () => {
    const before = await idsOnDisk()
    const res = await request(t.app).post('/api/admin/products/order').send({ id: before[0], to: 3 }).expect(200)
    const expected = [before[1], before[2], before[3], before[0], ...before.slice(4)]
    expect(res.body).toEqual({ order: expected, position: 3 })
    expect(await idsOnDisk()).toEqual(expected)
    expect(await served()).toEqual(expected)
    const catalogue = (await request(t.app).get('/products').expect(200)).text
    const names = t.store.products.map((p) => p.name)
    const at = (name: string) => catalogue.indexOf(`>${name}<`)
    expect(at(names[2]!)).toBeLessThan(at(names[3]!))
    expect(at(names[3]!)).toBeLessThan(at(names[4]!))
    expect(names[3]).toBe(t.store.products.find((p) => p.id === before[0])!.name)
  })

  it('takes a step, an end, or a place past the end (the last place)', async () => {
    const ids = await idsOnDisk()
    expect(
      (await request(t.app).post('/api/admin/products/order').send({ id: ids[2], to: 'up' }).expect(200)).body.position,
    ).toBe(1)
    expect(
      (await request(t.app).post('/api/admin/products/order').send({ id: ids[2], to: 'bottom' }).expect(200)).body
        .position,
    ).toBe(ids.length - 1)
    expect(
      (await request(t.app).post('/api/admin/products/order').send({ id: ids[5], to: 999 }).expect(200)).body.position,
    ).toBe(ids.length - 1)
    expect(
      (await request(t.app).post('/api/admin/products/order').send({ id: ids[0], to: 'up' }).expect(200)).body.position,
    ).toBe(0)
  })

  it('refuses what it cannot do with a clear message and changes nothing', async () => {
    const file = await readFile(t.dataFile, 'utf8')
    const refused = [
      await request(t.app).post('/api/admin/products/order').send({ id: 'no-such-product', to: 'up' }),
      await request(t.app).post('/api/admin/products/order').send({ id: 'oxford-brogue', to: -1 }),
      await request(t.app).post('/api/admin/products/order').send({ id: 'oxford-brogue', to: 'sideways' }),
      await request(t.app).post('/api/admin/products/order').send({ to: 'up' }),
      await request(t.app).post('/api/admin/products/order').set('Content-Type', 'text/plain').send('oxford-brogue'),
      await request(t.app).post('/api/admin/products/order').send({ id: 'oxford-brogue', to: 1.5 }),
      await request(t.app).post('/api/admin/products/order').send([]),
    ]
    expect(refused.map((r) => r.status)).toEqual([404, 400, 400, 400, 415, 400, 400])
    for (const r of refused) expect(r.body.error).toMatch(/\w+ \w+/)
    // Sentences of the owner's own, never the validator's ("Invalid value: Expected >=0 but received -1").
    for (const r of refused) expect(r.body.error).toMatch(/^(?!Invalid)[A-Z][^]*\.$/)
    expect(await readFile(t.dataFile, 'utf8')).toBe(file)
    expect(await historyLines()).toEqual([])
  })
})

describe('the order in the history', () => {
  it('records a move (who, the order before and after, when) and shows it', async () => {
    const before = await idsOnDisk()
    const started = Date.now()
    await request(t.app).post('/api/admin/products/order').send({ id: before[4], to: 'top' }).expect(200)
    const [entry] = await historyLines()
    expect(entry).toMatchObject({
      who: 'owner',
      action: 'reorder',
      productId: before[4],
      order: { before, after: [before[4], ...before.slice(0, 4), ...before.slice(5)] },
    })
    expect(Date.parse(entry!.at)).toBeGreaterThanOrEqual(started - 1000)
    const page = pageText((await request(t.app).get('/admin/history').expect(200)).text)
    const name = t.store.products[0]!.name
    expect(page).toContain(`${name}: moved in the order`)
    expect(page).toMatch(/place in the shop 5 → 1/)
    expect(page).toContain('Put the products back in the order before this')
  })

  it(
    'puts the order back from the history, keeping a product added since ' + 'where it is, and records that too',
    async () => {
      const before = await idsOnDisk()
      await request(t.app).post('/admin/products/chelsea-boot/move').type('form').send({ to: 'down' }).expect(303)
      await request(t.app).post('/api/admin/products/order').send({ id: 'tote-bag', to: 0 }).expect(200)
      await request(t.app).post('/admin/products/oxford-brogue/duplicate').expect(303)
      const [first] = await historyLines()
      expect(first!.productId).toBe('chelsea-boot')
      const copyAt = (await idsOnDisk()).indexOf('oxford-brogue-copy')
      const undo = await request(t.app).post(`/admin/history/${first!.id}/restore`).expect(303)
      expect(undo.headers.location).toBe('/admin/products?done=order-restored')
      expect(await idsOnDisk()).toEqual([...before.slice(0, copyAt), 'oxford-brogue-copy', ...before.slice(copyAt)])
      // The copy is a draft: in the order, not on the shop.
      expect(await served()).toEqual((await idsOnDisk()).filter((id) => id !== 'oxford-brogue-copy'))
      expect((await historyLines()).at(-1)).toMatchObject({
        action: 'reorder',
        who: 'owner',
        order: { before: expect.any(Array), after: await idsOnDisk() },
      })
      expect(pageText((await request(t.app).get('/admin/products?done=order-restored').expect(200)).text)).toContain(
        'The order was put back',
      )
    },
  )

  it('does not make an open form of the moved product out of date', async () => {
    const page = await request(t.app).get('/admin/products/oxford-brogue').expect(200)
    const form = {
      ...JSON.parse(hiddenField(page.text, 'base')),
      base: hiddenField(page.text, 'base'),
    }
    await request(t.app).post('/api/admin/products/order').send({ id: 'oxford-brogue', to: 'bottom' }).expect(200)
    await request(t.app)
      .post('/admin/products/oxford-brogue')
      .type('form')
      .send({ ...form, price: '£190.00' })
      .expect(303)
    const products = (await onDisk()).products
    expect(products.at(-1)).toMatchObject({ id: 'oxford-brogue', price: '£190.00' })
  })

  it('records an order changed by hand in the data file, as the data file’s', async () => {
    const data = JSON.parse(await readFile(t.dataFile, 'utf8')) as { products: { id: string }[] }
    const before = data.products.map((p) => p.id)
    data.products.reverse()
    await writeFile(t.dataFile, JSON.stringify(data, null, 2))
    await expect
      .poll(async () => (await historyLines()).find((e) => e.action === 'reorder'), { timeout: 30_000 })
      .toMatchObject({ who: 'data file', order: { before, after: [...before].reverse() } })
  })
})
