import { describe, expect, it } from 'vitest'
import { businessDaysAfter, feedId, productFeed } from '../../domain/product-feed.ts'
import { seedProducts } from '../../data/seed/products.ts'

const day = (d: Date) => d.toISOString().slice(0, 10)

describe('the product feed, as made', () => {
  it('counts a lead time in business days, Monday to Friday', () => {
    // Friday 27 November 2026: five business days later is the Friday after.
    expect(day(businessDaysAfter(new Date('2026-11-27T15:00:00Z'), 5))).toBe('2026-12-04')
    expect(day(businessDaysAfter(new Date('2026-11-28T09:00:00Z'), 1))).toBe('2026-11-30') // Saturday: Monday
    expect(day(businessDaysAfter(new Date('2026-11-30T09:00:00Z'), 15))).toBe('2026-12-21')
  })

  it('keeps every id within 50 characters, the same each time, and apart from its neighbours', () => {
    expect(feedId('oxford-brogue__42')).toBe('oxford-brogue__42')
    const long = `${'hand-stitched-'.repeat(5)}brogue`
    const other = `${'hand-stitched-'.repeat(5)}loafer`
    expect(feedId(long).length).toBeLessThanOrEqual(50)
    expect(feedId(long)).toBe(feedId(long))
    expect(feedId(long)).not.toBe(feedId(other))
  })

  it('leaves out what XML cannot hold, and escapes the rest', () => {
    const [first] = seedProducts
    const xml = productFeed([{ ...first!, category: 'bags', name: 'Bag <b> & "co"\u0007\u0000' }], {
      origin: 'https://shop.example',
      terms: { deliveryPrice: undefined },
      today: new Date('2026-11-27T12:00:00Z'),
    })
    expect(xml).toContain('<title>Bag &lt;b&gt; &amp; &quot;co&quot;</title>')
    expect(xml).not.toContain('\u0007')
    expect(xml).not.toContain('\u0000')
  })

  it('leaves out a made-to-order product whose ready day cannot be read, as a preorder needs one', () => {
    const [first] = seedProducts
    const feed = (leadTime: string) =>
      productFeed([{ ...first!, category: 'bags', availability: 'made-to-order', leadTime }], {
        origin: 'https://shop.example',
        terms: { deliveryPrice: undefined },
        today: new Date('2026-11-27T12:00:00Z'),
      })
    expect(feed('3 weeks')).toContain('<g:availability_date>2026-12-18T00:00Z</g:availability_date>')
    expect(feed('by the spring')).not.toContain('<item>')
    expect(feed('60 weeks')).not.toContain('<item>')
  })
})
