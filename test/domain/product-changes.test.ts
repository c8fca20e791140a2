import { describe, expect, it } from 'vitest'
import { seedProducts } from '../../data/seed/products.ts'
import { fieldChanges } from '../../domain/product-changes.ts'
import type { Product } from '../../domain/product.ts'

const before = seedProducts.find((p) => p.id === 'oxford-brogue')!

describe('a change in the history, in the product form’s words', () => {
  it('names every changed field as the form labels it, in the form’s order; the photographs are not words', () => {
    const after: Product = {
      ...before,
      paymentLink: 'https://buy.stripe.com/test_changed',
      description: 'Another description.',
      sku: 'OXF-2',
      name: 'Oxford Brogue II',
      price: '£1.00',
      category: 'belts',
      availability: 'made-to-order',
      leadTime: '3 weeks',
      stock: 2,
      showFewLeft: true,
      mainImage: '/media/products/oxford-brogue/new-main-1024.webp',
      status: 'draft',
    }
    expect(fieldChanges(before, after).map((c) => c.field)).toEqual([
      'Name',
      'Price',
      'Category',
      'Availability',
      'Time to make',
      'Pieces ready to send',
      'Say “Only 1 left” on its page',
      'SKU (stock code)',
      'Description',
      'Card payment page',
      'On the shop',
    ])
  })

  it('shows values as the form does, and a draft’s new web address first', () => {
    const after: Product = { ...before, id: 'oxford', category: 'belts', status: 'draft' }
    expect(fieldChanges(before, after)).toEqual([
      { field: 'Web address of the product page', before: 'oxford-brogue', after: 'oxford' },
      { field: 'Category', before: 'Footwear', after: 'Belts' },
      { field: 'On the shop', before: 'Published', after: 'Draft' },
    ])
  })

  it('lists nothing when nothing the owner reads as words changed', () => {
    expect(fieldChanges(before, { ...before, mainImage: '/media/products/x/y-1024.webp' })).toEqual([])
  })
})
