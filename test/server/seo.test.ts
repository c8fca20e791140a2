import request from 'supertest'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { COMPANY } from '../../domain/business.ts'
import { createTestApp, type TestServer } from '../helpers/server.ts'

let t: TestServer
beforeAll(async () => {
  t = await createTestApp({ env: { SITE_URL: 'https://www.ashbourne.example' } })
})
afterAll(() => t.close())

const SITE = 'https://www.ashbourne.example'
const head = (html: string) => html.slice(0, html.indexOf('</head>'))
const jsonLd = (html: string) =>
  [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((m) => JSON.parse(m[1]!))

describe('search engines', () => {
  it('gives canonical URLs from SITE_URL, and Open Graph and Twitter cards with an image', async () => {
    for (const [path, canonical] of [
      ['/', `${SITE}/`],
      ['/products', `${SITE}/products`],
      ['/products?category=bags&utm_source=x', `${SITE}/products?category=bags`],
      ['/terms', `${SITE}/terms`],
    ]) {
      const h = head((await request(t.app).get(path!)).text)
      expect(h).toContain(`<link rel="canonical" href="${canonical}"/>`)
      expect(h).toContain(`<meta property="og:url" content="${canonical}"/>`)
      expect(h).toContain(`<meta property="og:image" content="${SITE}/images/og-image.png"/>`)
      expect(h).toContain('<meta name="twitter:card" content="summary_large_image"/>')
      expect(h).toMatch(/<meta property="og:title" content="[^"]+"\/>/)
    }
  })

  it('describes the business as a Store on the home page', async () => {
    const data = jsonLd((await request(t.app).get('/')).text)
    const store = data.find((d) => d['@type'] === 'Store')
    expect(store).toBeTruthy()
    expect(store.name).toContain(COMPANY.brand)
    expect(store.address).toMatchObject({
      '@type': 'PostalAddress',
      postalCode: COMPANY.registeredOffice.postcode,
      addressCountry: 'GB',
    })
    expect(store.contactPoint.length).toBeGreaterThanOrEqual(1)
    expect(store.openingHoursSpecification.length).toBeGreaterThanOrEqual(2)
  })

  it('lists the products with offers in GBP on /products', async () => {
    const [list] = jsonLd((await request(t.app).get('/products')).text)
    expect(list['@type']).toBe('ItemList')
    expect(list.itemListElement).toHaveLength(t.store.products.length)
    const first = list.itemListElement[0].item
    expect(first['@type']).toBe('Product')
    expect(first.offers).toMatchObject({ '@type': 'Offer', priceCurrency: 'GBP' })
    expect(first.offers.price).toMatch(/^\d+\.\d{2}$/)
    expect(first.image[0]).toMatch(/^https:\/\/www\.ashbourne\.example\//)
  })

  it('serves a sitemap of every page and category, and robots.txt pointing to it', async () => {
    const sitemap = (await request(t.app).get('/sitemap.xml').expect(200).expect('content-type', /xml/)).text
    for (const path of [
      '/',
      '/products',
      '/products?category=footwear',
      '/products?category=bags',
      '/products?category=belts',
      '/terms',
      '/privacy',
      '/cookies',
      '/returns',
    ]) {
      expect(sitemap).toContain(`<loc>${SITE}${path.replace('&', '&amp;')}</loc>`)
    }
    expect(sitemap).not.toContain('/admin')
    // Each product's page, with its photographs, and a date once they have been made.
    for (const p of t.store.products) {
      expect(sitemap).toContain(`<url><loc>${SITE}/products/${p.id}</loc>`)
    }
    expect(sitemap).toContain(`<image:loc>${SITE}/images/seed/oxford-brogue.svg</image:loc>`)
    await t.store.updateProduct('oxford-brogue', (p) => ({ ...p, imagesGeneratedAt: '2026-03-04T10:00:00.000Z' }))
    const again = (await request(t.app).get('/sitemap.xml').expect(200)).text
    expect(again).toContain(`<loc>${SITE}/products/oxford-brogue</loc><lastmod>2026-03-04</lastmod>`)
    const robots = (
      await request(t.app)
        .get('/robots.txt')
        .expect(200)
        .expect('content-type', /text\/plain/)
    ).text
    expect(robots).toContain(`Sitemap: ${SITE}/sitemap.xml`)
    expect(robots).toMatch(/^Disallow: \/admin$/m)
    expect(robots).toMatch(/^Disallow: \/api\/$/m)
  })

  it('has a favicon and a web manifest', async () => {
    const h = head((await request(t.app).get('/')).text)
    expect(h).toContain('<link rel="icon" href="/favicon.svg" type="image/svg+xml"/>')
    expect(h).toContain('<link rel="manifest" href="/site.webmanifest"/>')
    await request(t.app).get('/favicon.svg').expect(200).expect('content-type', /svg/)
    const manifest = JSON.parse((await request(t.app).get('/site.webmanifest').expect(200)).text)
    expect(manifest.icons.map((i: { sizes: string }) => i.sizes)).toEqual(
      expect.arrayContaining(['192x192', '512x512']),
    )
    for (const icon of manifest.icons) await request(t.app).get(icon.src).expect(200)
  })

  it('keeps 404 pages and the admin page out of the index', async () => {
    expect(head((await request(t.app).get('/missing').expect(404)).text)).toContain(
      '<meta name="robots" content="noindex"/>',
    )
    expect(head((await request(t.app).get('/admin')).text)).toContain('<meta name="robots" content="noindex"/>')
  })
})
