import request from 'supertest'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestServer } from '../helpers/server.ts'
import { jsonLdBlocks, listingProblems } from '../helpers/listing-check.ts'
import { pageText } from '../helpers/page-text.ts'

let t: TestServer
let priced: TestServer
beforeAll(async () => {
  ;[t, priced] = await Promise.all([createTestApp(), createTestApp({ env: { DELIVERY_PRICE: '4.95' } })])
})
afterAll(() => Promise.all([t.close(), priced.close()]))

const SITE = 'https://www.example.co.uk'
const MON_FRI = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'].map((d) => `https://schema.org/${d}`)

type Offer = Record<string, unknown> & {
  shippingDetails: Record<string, unknown>
  hasMerchantReturnPolicy: Record<string, unknown>
}
const productOf = (html: string) => jsonLdBlocks(html).find((b) => b['@type'] === 'Product')!
const offerOf = (html: string) => productOf(html).offers as Offer
const pageOf = async (server: TestServer, id: string) =>
  (await request(server.app).get(`/products/${id}`).expect(200)).text
const catalogueItems = async (server: TestServer) =>
  (
    jsonLdBlocks((await request(server.app).get('/products').expect(200)).text)[0]!.itemListElement as {
      item: Record<string, unknown>
    }[]
  ).map((e) => e.item)

describe("each product's offer, as shopping listings read it", () => {
  it(
    'in stock: price, GBP, InStock, its page and photographs, the returns ' +
      'policy and 5-7 business days to dispatch in the United Kingdom',
    async () => {
      const html = await pageOf(t, 'oxford-brogue')
      const product = productOf(html)
      expect(product.image).toEqual(
        expect.arrayContaining([expect.stringMatching(/^https:\/\/www\.example\.co\.uk\//)]),
      )
      const offer = offerOf(html)
      expect(offer).toMatchObject({
        '@type': 'Offer',
        priceCurrency: 'GBP',
        availability: 'https://schema.org/InStock',
        url: `${SITE}/products/oxford-brogue`,
      })
      expect(Number(offer.price)).toBeGreaterThan(0)
      expect(offer.hasMerchantReturnPolicy).toEqual({
        '@type': 'MerchantReturnPolicy',
        applicableCountry: 'GB',
        returnPolicyCountry: 'GB',
        returnPolicyCategory: 'https://schema.org/MerchantReturnFiniteReturnWindow',
        merchantReturnDays: 14,
        returnMethod: 'https://schema.org/ReturnByMail',
        returnFees: 'https://schema.org/ReturnFeesCustomerResponsibility',
        merchantReturnLink: `${SITE}/returns`,
      })
      expect(offer.shippingDetails).toEqual({
        '@type': 'OfferShippingDetails',
        shippingDestination: { '@type': 'DefinedRegion', addressCountry: 'GB' },
        deliveryTime: {
          '@type': 'ShippingDeliveryTime',
          handlingTime: { '@type': 'QuantitativeValue', minValue: 5, maxValue: 7, unitCode: 'DAY' },
          businessDays: { '@type': 'OpeningHoursSpecification', dayOfWeek: MON_FRI },
        },
      })
    },
  )

  it(
    "made to order: MadeToOrder, handled in the owner's lead time; a lead " +
      'time in words it cannot read gives no time at all',
    async () => {
      await t.store.updateProduct('briefcase', (p) => ({ ...p, availability: 'made-to-order', leadTime: '2-3 weeks' }))
      const offer = offerOf(await pageOf(t, 'briefcase'))
      expect(offer.availability).toBe('https://schema.org/MadeToOrder')
      expect(offer.shippingDetails.deliveryTime).toMatchObject({
        handlingTime: { minValue: 10, maxValue: 15, unitCode: 'DAY' },
      })
      expect(offer.hasMerchantReturnPolicy).toMatchObject({ merchantReturnDays: 14 })

      await t.store.updateProduct('briefcase', (p) => ({ ...p, leadTime: 'by the spring' }))
      const vague = offerOf(await pageOf(t, 'briefcase'))
      expect(vague.shippingDetails).toEqual({
        '@type': 'OfferShippingDetails',
        shippingDestination: { '@type': 'DefinedRegion', addressCountry: 'GB' },
      })
    },
  )

  it('sold out: SoldOut, with the same returns and delivery terms', async () => {
    await t.store.updateProduct('tote-bag', (p) => ({ ...p, availability: 'sold-out' }))
    const offer = offerOf(await pageOf(t, 'tote-bag'))
    expect(offer.availability).toBe('https://schema.org/SoldOut')
    expect(offer.hasMerchantReturnPolicy).toMatchObject({
      merchantReturnDays: 14,
      returnMethod: 'https://schema.org/ReturnByMail',
    })
    expect(offer.shippingDetails.deliveryTime).toMatchObject({ handlingTime: { minValue: 5, maxValue: 7 } })
  })

  it('gives a delivery price only where the owner set one (DELIVERY_PRICE)', async () => {
    const rate = { '@type': 'MonetaryAmount', value: 4.95, currency: 'GBP' }
    expect(offerOf(await pageOf(priced, 'oxford-brogue')).shippingDetails.shippingRate).toEqual(rate)
    expect(offerOf(await pageOf(t, 'oxford-brogue')).shippingDetails).not.toHaveProperty('shippingRate')
  })

  it(
    'states the terms the policy pages state: the returns window, by post ' +
      "at the customer's cost, delivery in the United Kingdom",
    async () => {
      const returns = pageText((await request(t.app).get('/returns').expect(200)).text)
      const terms = pageText((await request(t.app).get('/terms').expect(200)).text)
      const offer = offerOf(await pageOf(t, 'oxford-brogue'))
      const policy = offer.hasMerchantReturnPolicy
      expect(returns).toContain(`Cancel within ${String(policy.merchantReturnDays)} days of delivery`)
      expect(returns).toContain('Send it by a tracked and insured service')
      expect(returns).toContain('the cost of sending it back is yours')
      expect(policy.merchantReturnLink).toBe(`${SITE}/returns`)
      const handling = (offer.shippingDetails.deliveryTime as { handlingTime: { minValue: number; maxValue: number } })
        .handlingTime
      expect(terms).toContain(`We dispatch orders within ${handling.minValue}-${handling.maxValue} business days`)
      expect(terms).toContain('Business days are Monday to Friday')
      expect(terms).toContain('We deliver to addresses in the United Kingdom')
    },
  )

  it('passes the listings check on every product page, with and without a delivery price', async () => {
    for (const server of [t, priced]) {
      for (const p of server.store.products) {
        expect(listingProblems(productOf(await pageOf(server, p.id))), p.id).toEqual([])
      }
    }
  })

  it(
    'lists every product in the catalogue with its price and availability, ' +
      'leaving the shared terms to its own page',
    async () => {
      const items = await catalogueItems(t)
      expect(items.map((i) => i.url)).toEqual(t.store.products.map((p) => `${SITE}/products/${p.id}`))
      for (const item of items) {
        expect(item.offers).toMatchObject({
          priceCurrency: 'GBP',
          availability: expect.stringMatching(/^https:\/\/schema\.org\//),
        })
        expect(item.offers).not.toHaveProperty('shippingDetails')
        expect(item.offers).not.toHaveProperty('hasMerchantReturnPolicy')
      }
    },
  )

  it('the listings check fails an offer without returns or delivery, or with a made-up handling time', async () => {
    const product = productOf(await pageOf(t, 'oxford-brogue'))
    const { hasMerchantReturnPolicy: _r, shippingDetails: _s, ...bare } = product.offers as Offer
    expect(listingProblems({ ...product, offers: bare })).toEqual([
      'offers.hasMerchantReturnPolicy is missing',
      'offers.shippingDetails is missing',
    ])
    const offer = product.offers as Offer
    const wrong = {
      ...offer,
      shippingDetails: {
        ...offer.shippingDetails,
        deliveryTime: { handlingTime: { minValue: 7, maxValue: 5, unitCode: 'week' } },
      },
    }
    expect(listingProblems({ ...product, offers: wrong })).toHaveLength(2)
  })
})

describe('listing details a shopping surface needs (issue: found where people shop)', () => {
  let timed: TestServer
  beforeAll(async () => {
    timed = await createTestApp({ env: { DELIVERY_PRICE: '4.95', DELIVERY_DAYS: '1-3' } })
  })
  afterAll(() => timed.close())

  it('gives the time in the post (DELIVERY_DAYS) beside the handling time, so a delivery date can be shown', async () => {
    const offer = offerOf(await pageOf(timed, 'oxford-brogue'))
    expect(offer.shippingDetails.deliveryTime).toEqual({
      '@type': 'ShippingDeliveryTime',
      handlingTime: { '@type': 'QuantitativeValue', minValue: 5, maxValue: 7, unitCode: 'DAY' },
      transitTime: { '@type': 'QuantitativeValue', minValue: 1, maxValue: 3, unitCode: 'DAY' },
      businessDays: { '@type': 'OpeningHoursSpecification', dayOfWeek: MON_FRI },
    })
    // Unset, no time in the post is claimed.
    expect(offerOf(await pageOf(t, 'oxford-brogue')).shippingDetails.deliveryTime).not.toHaveProperty('transitTime')
    // Without a handling time, a time in the post alone would promise too early a day.
    await timed.store.updateProduct('briefcase', (p) => ({ ...p, availability: 'made-to-order', leadTime: 'soon' }))
    expect(offerOf(await pageOf(timed, 'briefcase')).shippingDetails).not.toHaveProperty('deliveryTime')
  })

  it("names each product's stock code as its part number (mpn): handmade goods have no GTIN", async () => {
    for (const p of t.store.products) {
      expect(productOf(await pageOf(t, p.id)), p.id).toMatchObject({ sku: p.sku, mpn: p.sku })
    }
  })

  it("gives raster photographs only: the seed drawings' JPEG twins, each answered as a JPEG", async () => {
    const images = (await Promise.all(t.store.products.map(async (p) => productOf(await pageOf(t, p.id)).image)))
      .flat()
      .concat((await catalogueItems(t)).flatMap((i) => i.image as string[]))
    expect(images.length).toBeGreaterThanOrEqual(t.store.products.length * 2)
    for (const src of new Set(images as string[])) {
      expect(src).toMatch(/^https:\/\/www\.example\.co\.uk\/images\/seed\/[a-z-]+\.jpg$/)
      await request(t.app).get(new URL(src).pathname).expect(200).expect('content-type', 'image/jpeg')
    }
  })

  it('passes the listings check on every product page with every delivery setting', async () => {
    for (const p of timed.store.products) {
      expect(listingProblems(productOf(await pageOf(timed, p.id))), p.id).toEqual([])
    }
  })
})
