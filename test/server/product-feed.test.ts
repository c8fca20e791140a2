/** /products.xml, the product feed shopping listings read (Google Merchant Center), validated item by item. */
import type { Browser } from 'playwright-core'
import request from 'supertest'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { FOOTWEAR_SIZES } from '../../domain/business.ts'
import { feedItemProblems, parseFeed, type FeedItem } from '../helpers/feed-check.ts'
import { createTestApp, type TestServer } from '../helpers/server.ts'
import { workerBrowser } from '../helpers/shared-browser.ts'

let t: TestServer
let priced: TestServer
let browser: Browser
beforeAll(async () => {
  ;[t, priced, browser] = await Promise.all([
    createTestApp({ avifTwins: false }),
    createTestApp({ avifTwins: false, env: { DELIVERY_PRICE: '4.95', DELIVERY_DAYS: '1-3' } }),
    workerBrowser(),
  ])
})
afterAll(() => Promise.all([t.close(), priced.close()]))

const SITE = 'https://www.example.co.uk'
const feedOf = async (server: TestServer) => {
  const res = await request(server.app).get('/products.xml').expect(200)
  expect(res.headers['content-type']).toBe('application/rss+xml; charset=utf-8')
  const feed = await parseFeed(browser, res.text)
  expect(feed.error).toBeNull()
  return feed
}
const value = (item: FeedItem, key: string) => item[key]?.[0]
const itemsOf = (items: FeedItem[], id: string) =>
  items.filter((i) => value(i, 'g:item_group_id') === id || value(i, 'g:id') === id)

describe('the product feed (/products.xml)', () => {
  it('is RSS 2.0 with a channel, and every item meets the specification', async () => {
    for (const server of [t, priced]) {
      const feed = await feedOf(server)
      expect(feed.version).toBe('2.0')
      expect(feed.channel).toMatchObject({ title: [expect.any(String)], link: [`${SITE}/`] })
      expect(feed.items.length).toBeGreaterThan(0)
      for (const item of feed.items) expect(feedItemProblems(item), value(item, 'g:id')).toEqual([])
    }
  })

  it('lists every published product: one item each, one per size for footwear', async () => {
    const { items } = await feedOf(t)
    const footwear = t.store.products.filter((p) => p.category === 'footwear')
    expect(items).toHaveLength(t.store.products.length - footwear.length + footwear.length * FOOTWEAR_SIZES.length)
    for (const p of t.store.products) {
      const own = itemsOf(items, p.id)
      expect(
        own.map((i) => value(i, 'link')),
        p.id,
      ).toEqual(own.map(() => `${SITE}/products/${p.id}`))
      expect(own[0]).toMatchObject({
        title: [p.name],
        description: [p.description],
        'g:price': [`${p.price.replace(/[£,]/g, '')} GBP`],
        'g:condition': ['new'],
        'g:brand': ['Ashbourne Leather'],
        'g:identifier_exists': ['no'],
        'g:mpn': [p.sku],
        'g:availability': ['in_stock'],
        'g:min_handling_time': ['5'],
        'g:max_handling_time': ['7'],
        'g:image_link': [`${SITE}${p.mainImage.replace(/\.svg$/, '.jpg')}`],
      })
    }
    const brogue = itemsOf(items, 'oxford-brogue')
    expect(brogue.map((i) => [value(i, 'g:id'), value(i, 'g:size'), value(i, 'g:size_system')])).toEqual(
      FOOTWEAR_SIZES.map((s) => [`oxford-brogue__${s}`, s, 'EU']),
    )
    expect(value(brogue[0]!, 'g:google_product_category')).toBe('187')
    expect(itemsOf(items, 'briefcase')[0]).toMatchObject({ 'g:google_product_category': ['5181'] })
    expect(itemsOf(items, 'dress-belt')[0]).toMatchObject({
      'g:google_product_category': ['169'],
      'g:gender': ['unisex'],
      'g:age_group': ['adult'],
    })
  })

  it('gives delivery to the United Kingdom with its price and time in the post only when the owner set them', async () => {
    const [plain, set] = await Promise.all([feedOf(t), feedOf(priced)])
    expect(plain.items.every((i) => !Object.keys(i).some((k) => k.startsWith('g:shipping')))).toBe(true)
    for (const item of set.items) {
      expect(item).toMatchObject({
        'g:shipping/g:country': ['GB'],
        'g:shipping/g:price': ['4.95 GBP'],
        'g:shipping/g:min_transit_time': ['1'],
        'g:shipping/g:max_transit_time': ['3'],
      })
    }
  })

  it('follows availability: sold out, made to order as a preorder ready on its day, drafts never', async () => {
    await t.store.update((d) => ({
      ...d,
      products: d.products.map((p) =>
        p.id === 'tote-bag'
          ? { ...p, availability: 'sold-out' as const }
          : p.id === 'briefcase'
            ? { ...p, availability: 'made-to-order' as const, leadTime: '3 weeks' }
            : p.id === 'messenger-bag'
              ? { ...p, status: 'draft' as const }
              : p,
      ),
    }))
    const { items } = await feedOf(t)
    for (const item of items) expect(feedItemProblems(item), value(item, 'g:id')).toEqual([])
    expect(itemsOf(items, 'tote-bag')[0]).toMatchObject({ 'g:availability': ['out_of_stock'] })
    const briefcase = itemsOf(items, 'briefcase')[0]!
    expect(briefcase['g:availability']).toEqual(['preorder'])
    // 3 weeks are 15 business days: 21 calendar days from any weekday.
    const ready = Date.parse(value(briefcase, 'g:availability_date')!)
    const days = (ready - Date.parse(new Date().toISOString().slice(0, 10))) / 86_400_000
    expect(days).toBeGreaterThanOrEqual(19)
    expect(days).toBeLessThanOrEqual(21)
    expect(briefcase).not.toHaveProperty('g:min_handling_time')
    expect(itemsOf(items, 'messenger-bag')).toEqual([])
    expect((await request(t.app).get('/products.xml')).text).not.toContain('messenger-bag')
  })

  it('is kept and revalidated like a page, and robots.txt names it', async () => {
    const first = await request(t.app).get('/products.xml').expect(200)
    expect(first.headers['cache-control']).toBe('no-cache')
    const etag = first.headers.etag as string
    expect(etag).toBeTruthy()
    const again = await request(t.app).get('/products.xml').expect(200)
    expect(again.headers['cache-status']).toMatch(/; hit/)
    await request(t.app).get('/products.xml').set('If-None-Match', etag).expect(304)
    await t.store.updateProduct('dress-belt', (p) => ({ ...p, price: '£66.00' }))
    const changed = await request(t.app).get('/products.xml').set('If-None-Match', etag).expect(200)
    expect(changed.text).toContain('<g:price>66.00 GBP</g:price>')
    const robots = (await request(t.app).get('/robots.txt')).text
    expect(robots).toMatch(/^Sitemap: https:\/\/www\.example\.co\.uk\/products\.xml$/m)
  })
})
