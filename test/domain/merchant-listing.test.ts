import { describe, expect, it } from 'vitest'
import { businessDaysIn, handlingDays } from '../../domain/merchant-listing.ts'

describe('handling time in business days', () => {
  it.each([
    ['3 weeks', { min: 15, max: 15 }],
    ['10 days', { min: 10, max: 10 }],
    ['2-3 weeks', { min: 10, max: 15 }],
    ['2 to 3 weeks', { min: 10, max: 15 }],
    [' 1 week ', { min: 5, max: 5 }],
    ['5-7 business days', { min: 5, max: 7 }],
    ['10 working days', { min: 10, max: 10 }],
  ])('reads %j as %j', (words, days) => {
    expect(businessDaysIn(words)).toEqual(days)
  })

  it.each(['about a month', 'soon', '3', '3-2 weeks', 'weeks', ''])(
    'gives no time for %j rather than invent one',
    (words) => {
      expect(businessDaysIn(words)).toBeUndefined()
    },
  )

  it("is the terms' 5-7 business days for stock, sold out too, and the lead time when made to order", () => {
    expect(handlingDays({})).toEqual({ min: 5, max: 7 })
    expect(handlingDays({ availability: 'sold-out' })).toEqual({ min: 5, max: 7 })
    expect(handlingDays({ availability: 'made-to-order', leadTime: '2-3 weeks' })).toEqual({ min: 10, max: 15 })
    expect(handlingDays({ availability: 'made-to-order', leadTime: 'by spring' })).toBeUndefined()
  })
})
