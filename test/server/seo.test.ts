import request from 'supertest'
import { describe, expect, it } from 'vitest'
import { COMPANY } from '../../domain/business.ts'
import { storeProblems } from '../helpers/listing-check.ts'
import { testAppForFile } from '../helpers/server.ts'

const t = testAppForFile({ env: { SITE_URL: 'https://www.ashbourne.example' } })

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

  it('links every address of the sitemap from a page a crawler reaches without scripts', async () => {
    const sitemap = (await request(t.app).get('/sitemap.xml').expect(200)).text
    const listed = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)]
      .map((m) => m[1]!.replaceAll('&amp;', '&'))
      .filter((loc) => loc.startsWith(`${SITE}/`) && !loc.includes('/images/') && !loc.includes('/media/'))
      .map((loc) => loc.slice(SITE.length))
    const linked = new Set<string>()
    for (const page of ['/', '/products']) {
      const html = (await request(t.app).get(page)).text
      for (const m of html.matchAll(/<a [^>]*href="([^"#]*)[^"]*"/g)) linked.add(m[1]!.replaceAll('&amp;', '&'))
    }
    expect(listed.length).toBeGreaterThan(5)
    expect(listed.filter((path) => path !== '/' && !linked.has(path))).toEqual([])
  })

  it('answers the sitemap, the feed and robots.txt at their own spelling only', async () => {
    for (const path of ['/ROBOTS.TXT', '/Robots.txt', '/Sitemap.xml', '/SITEMAP.XML', '/products.XML', '/Products.xml'])
      expect((await request(t.app).get(path)).status, path).toBe(404)
    for (const path of ['/robots.txt', '/sitemap.xml', '/products.xml'])
      expect((await request(t.app).get(path)).status, path).toBe(200)
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
    expect(sitemap).toContain(`<image:loc>${SITE}/images/seed/oxford-brogue.jpg</image:loc>`)
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

  it('keeps a category with nothing on show out of the index and the sitemap, until it has a product again', async () => {
    const NOINDEX = '<meta name="robots" content="noindex"/>'
    const BELTS = `<loc>${SITE}/products?category=belts</loc>`
    const belts = t.store.products.filter((p) => p.category === 'belts').map((p) => p.id)
    expect(belts.length).toBeGreaterThan(0)
    expect(head((await request(t.app).get('/products?category=belts').expect(200)).text)).not.toContain(NOINDEX)
    expect((await request(t.app).get('/sitemap.xml')).text).toContain(BELTS)
    const shown = t.store.products
    const drafts = (draft: boolean) =>
      t.store.update((d) => ({
        ...d,
        products: d.products.map((p, i) =>
          !belts.includes(p.id) ? p : draft ? { ...p, status: 'draft' as const } : shown[i]!,
        ),
      }))
    await drafts(true)
    try {
      const page = await request(t.app).get('/products?category=belts').expect(200)
      expect(page.text).toContain('No products found in this category.')
      expect(head(page.text)).toContain(NOINDEX)
      const sitemap = (await request(t.app).get('/sitemap.xml')).text
      expect(sitemap).not.toContain(BELTS)
      expect(sitemap).toContain(`<loc>${SITE}/products?category=bags</loc>`)
      expect(head((await request(t.app).get('/products').expect(200)).text)).not.toContain(NOINDEX)
    } finally {
      await drafts(false)
    }
    expect(head((await request(t.app).get('/products?category=belts').expect(200)).text)).not.toContain(NOINDEX)
    expect((await request(t.app).get('/sitemap.xml')).text).toContain(BELTS)
  })
})

describe('found where people shop', () => {
  const priced = testAppForFile({ env: { SITE_URL: SITE, DELIVERY_PRICE: '4.95', DELIVERY_DAYS: '1-3' } })

  const PAGES = [
    '/',
    '/products',
    '/products?category=belts',
    '/products/oxford-brogue',
    '/contact',
    '/terms',
    '/returns',
  ]

  it('says what every social image shows (og:image:alt, twitter:image:alt)', async () => {
    for (const path of PAGES) {
      const h = head((await request(t.app).get(path).expect(200)).text)
      const og = /<meta property="og:image:alt" content="([^"]+)"\/>/.exec(h)?.[1]
      const twitter = /<meta name="twitter:image:alt" content="([^"]+)"\/>/.exec(h)?.[1]
      expect(og, path).toMatch(/\w{3,}/)
      expect(twitter, path).toBe(og)
    }
    const product = head((await request(t.app).get('/products/oxford-brogue')).text)
    expect(product).toContain('<meta property="og:image:alt" content="Oxford Brogue"/>')
  })

  it('answers /favicon.ico with an icon file of the sizes tabs and bookmarks ask for', async () => {
    const res = await request(t.app).get('/favicon.ico').buffer(true).expect(200)
    expect(res.headers['content-type']).toMatch(/^image\/(x-icon|vnd\.microsoft\.icon)/)
    const ico = res.body as Buffer
    expect([ico.readUInt16LE(0), ico.readUInt16LE(2)]).toEqual([0, 1])
    const sizes = Array.from({ length: ico.readUInt16LE(4) }, (_, i) => ico.readUInt8(6 + 16 * i))
    expect(sizes).toEqual(expect.arrayContaining([16, 32]))
  })

  it('describes the Store with its logo, a raster image, and the returns and delivery terms of every product', async () => {
    const plain = jsonLd((await request(t.app).get('/')).text).find((d) => d['@type'] === 'Store')
    const withDelivery = jsonLd((await request(priced.app).get('/')).text).find((d) => d['@type'] === 'Store')
    expect(plain.logo).toBe(`${SITE}/images/icon-512.png`)
    expect(storeProblems(plain)).toEqual([])
    expect(storeProblems(withDelivery)).toEqual([])
    expect(plain.hasMerchantReturnPolicy).toMatchObject({
      merchantReturnDays: 14,
      merchantReturnLink: `${SITE}/returns`,
    })
    // A shipping policy without a price is not one: given only when DELIVERY_PRICE is set.
    expect(plain).not.toHaveProperty('hasShippingService')
    expect(withDelivery.hasShippingService.shippingConditions).toMatchObject({
      shippingDestination: { addressCountry: 'GB' },
      shippingRate: { value: 4.95, currency: 'GBP' },
      transitTime: { '@type': 'ServicePeriod', duration: { minValue: 1, maxValue: 3, unitCode: 'DAY' } },
    })
    for (const url of [plain.logo, plain.image]) await request(t.app).get(new URL(url).pathname).expect(200)
  })

  it('lists /contact in the sitemap, holds no SVG, and dates each page by the last change in the history', async () => {
    const before = (await request(t.app).get('/sitemap.xml').expect(200)).text
    expect(before).toContain(`<url><loc>${SITE}/contact</loc></url>`)
    expect(before).not.toMatch(/\.svg</)
    const today = new Date().toISOString().slice(0, 10)
    await t.services.catalogue.history.record([
      {
        who: 'owner',
        action: 'edit',
        productId: 'dress-belt',
        before: t.store.products.find((p) => p.id === 'dress-belt')!,
        after: { ...t.store.products.find((p) => p.id === 'dress-belt')!, price: '£99.00' },
      },
    ])
    await t.store.updateProduct('dress-belt', (p) => ({ ...p, price: '£99.00' }))
    const after = (await request(t.app).get('/sitemap.xml').expect(200)).text
    expect(after).toContain(`<loc>${SITE}/products/dress-belt</loc><lastmod>${today}</lastmod>`)
    expect(after).toContain(`<loc>${SITE}/products?category=belts</loc><lastmod>${today}</lastmod>`)
    expect(after).toContain(`<loc>${SITE}/products</loc><lastmod>${today}</lastmod>`)
    expect(after).toContain(`<url><loc>${SITE}/products?category=bags</loc></url>`)
    expect(after).toContain(`<url><loc>${SITE}/products/briefcase</loc><image:image>`)
  })
})
