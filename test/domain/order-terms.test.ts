import { describe, expect, it } from 'vitest'
import { termsChange, termsOf } from '../../domain/order-terms.ts'
import { shownTermsFrom } from '../../domain/shown-terms.ts'

const tote = { price: '£195.00', category: 'bags' as const }
const shownTote = termsOf(tote)

describe('an order against the product as it is now', () => {
  it('goes ahead when nothing the visitor was shown has changed', () => {
    expect(termsChange(tote, shownTote)).toBeNull()
    const madeToOrder = { ...tote, availability: 'made-to-order' as const, leadTime: '3 weeks' }
    expect(termsChange(madeToOrder, termsOf(madeToOrder))).toBeNull()
  })

  it('says a product sold out meanwhile with its own noun, and takes no order', () => {
    expect(termsChange({ ...tote, availability: 'sold-out' }, shownTote)).toEqual({
      soldOut: true,
      sentence: 'This bag sold out a moment ago.',
    })
    expect(termsChange({ price: '£65.00', category: 'belts', availability: 'sold-out' }, shownTote)?.sentence).toBe(
      'This belt sold out a moment ago.',
    )
    expect(termsChange({ price: '£185.00', category: 'footwear', availability: 'sold-out' }, shownTote)?.sentence).toBe(
      'This pair sold out a moment ago.',
    )
  })

  it('says the new price', () => {
    const change = termsChange({ ...tote, price: '£210.00' }, shownTote)
    expect(change?.soldOut).toBe(false)
    expect(change?.sentence).toMatch(/^The price is now £210\.00\. /)
  })

  it('says a new lead time, and a product that became made to order or came back in stock', () => {
    const threeWeeks = termsOf({ ...tote, availability: 'made-to-order', leadTime: '3 weeks' })
    expect(termsChange({ ...tote, availability: 'made-to-order', leadTime: '5 weeks' }, threeWeeks)?.sentence).toMatch(
      /^It will now be ready in 5 weeks\. /,
    )
    expect(termsChange({ ...tote, availability: 'made-to-order', leadTime: '3 weeks' }, shownTote)?.sentence).toMatch(
      /^It is now made to order: ready in 3 weeks\. /,
    )
    expect(termsChange(tote, threeWeeks)?.sentence).toMatch(/^It is now in stock\. /)
  })

  it('reads the terms a form carried, and none from a post without them', () => {
    expect(
      shownTermsFrom({
        firstName: 'Jane',
        shownPrice: '£195.00',
        shownAvailability: 'made-to-order',
        shownLeadTime: '3 weeks',
      }),
    ).toEqual({
      price: '£195.00',
      availability: 'made-to-order',
      leadTime: '3 weeks',
    })
    expect(shownTermsFrom({ firstName: 'Jane' })).toBeNull()
    expect(shownTermsFrom({ shownPrice: '£195.00', shownAvailability: 'constructor' })).toBeNull()
  })
})
