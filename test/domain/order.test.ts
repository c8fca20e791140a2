import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { fieldErrors } from '../../domain/form-errors.ts'
import { buildOrderNote, buildPaymentUrl, clientReference, orderSchemaFor, type OrderForm } from '../../domain/order.ts'
import { readReference } from '../../domain/shop-order.ts'

const EMPTY_ORDER: OrderForm = { firstName: '', lastName: '', email: '', phone: '', address: '', size: '' }
const valid: OrderForm = {
  firstName: 'Jane',
  lastName: 'Smith',
  email: 'jane@example.co.uk',
  phone: '07700 900456',
  address: '1 High Street, Bath, BA1 1AA',
  size: '',
}

const errorsOf = (category: 'footwear' | 'bags' | 'belts', values: OrderForm) => {
  const r = v.safeParse(orderSchemaFor(category), values)
  return r.success ? {} : fieldErrors(r.issues)
}

describe('order schema: the order form’s messages', () => {
  it('gives every message of an empty footwear order', () => {
    expect(errorsOf('footwear', EMPTY_ORDER)).toEqual({
      firstName: 'First name is required',
      lastName: 'Last name is required',
      email: 'Email is required',
      phone: 'Phone number is required',
      address: 'Delivery address is required',
      size: 'Please select a size',
    })
  })

  it('asks for a size only for footwear', () => {
    expect(errorsOf('bags', valid)).toEqual({})
    expect(errorsOf('belts', valid)).toEqual({})
    expect(errorsOf('footwear', valid)).toEqual({ size: 'Please select a size' })
    expect(errorsOf('footwear', { ...valid, size: '42' })).toEqual({})
    expect(errorsOf('footwear', { ...valid, size: '46' })).toEqual({ size: 'Please select a size' })
  })

  it('trims values before the emptiness checks', () => {
    expect(errorsOf('bags', { ...valid, firstName: '   ', address: '\n\t ' })).toEqual({
      firstName: 'First name is required',
      address: 'Delivery address is required',
    })
  })

  it("says 'Invalid email format' for an address that does not look like one", () => {
    for (const email of ['jane', 'jane@', 'jane@example', 'ja ne@example.com']) {
      expect(errorsOf('bags', { ...valid, email })).toEqual({ email: 'Invalid email format' })
    }
    expect(errorsOf('bags', { ...valid, email: '  ' })).toEqual({ email: 'Email is required' })
  })
})

describe('order note and payment URL', () => {
  const boot = { name: 'Chelsea Boot', price: '£210.00', category: 'footwear' as const }

  it('summarises product, price, size, name, email, phone and address', () => {
    const note = buildOrderNote(boot, { ...valid, size: '43', firstName: ' Jane ' })
    expect(note).toBe(
      [
        'Product: Chelsea Boot (£210.00)',
        'Size: 43',
        'Name: Jane Smith',
        'Email: jane@example.co.uk',
        'Phone: 07700 900456',
        'Delivery address: 1 High Street, Bath, BA1 1AA',
      ].join('\n'),
    )
  })

  it('keeps the name, e-mail and phone on their own lines, so none can add a line such as another size', () => {
    const forged = {
      ...valid,
      size: '43',
      firstName: 'Jane\nSize: 45',
      lastName: 'Smith\r\n',
      phone: '07700\u2028900456',
    }
    expect(buildOrderNote(boot, forged).split('\n')).toEqual([
      'Product: Chelsea Boot (£210.00)',
      'Size: 43',
      'Name: Jane Size: 45 Smith',
      'Email: jane@example.co.uk',
      'Phone: 07700 900456',
      'Delivery address: 1 High Street, Bath, BA1 1AA',
    ])
  })

  it('says how long a product made to order takes, and nothing of the kind for one in stock', () => {
    const briefcase = { name: 'Heritage Briefcase', price: '£395.00', category: 'bags' as const }
    const note = buildOrderNote({ ...briefcase, availability: 'made-to-order', leadTime: '3 weeks' }, valid).split('\n')
    expect(note.slice(0, 2)).toEqual(['Product: Heritage Briefcase (£395.00)', 'Made to order: ready in 3 weeks'])
    expect(buildOrderNote(briefcase, valid)).not.toMatch(/Made to order|ready in/)
  })

  it('leaves the size out for bags and belts', () => {
    expect(buildOrderNote({ name: 'Market Tote', price: '£195.00', category: 'bags' }, valid)).not.toMatch(/Size/)
  })

  it('sets `note` URL-encoded and keeps a query the link already has', () => {
    const note = 'Product: A & B (£1.00)\nName: Zoë #1'
    const url = new URL(buildPaymentUrl('https://pay.example.com/p/abc?prefilled_email=x%40y.z&ref=1', note))
    expect(url.searchParams.get('note')).toBe(note)
    expect(url.searchParams.get('prefilled_email')).toBe('x@y.z')
    expect(url.searchParams.get('ref')).toBe('1')
    expect(url.href).not.toContain('#1') // the summary cannot break out into a fragment
    expect(url.origin + url.pathname).toBe('https://pay.example.com/p/abc')
  })

  it('replaces a note the link already carries instead of adding a second one', () => {
    const url = new URL(buildPaymentUrl('https://pay.example.com/p?note=old', 'new'))
    expect(url.searchParams.getAll('note')).toEqual(['new'])
  })
})

describe("client_reference_id: the product in Stripe's event", () => {
  const brogue = { id: 'oxford-brogue', category: 'footwear' as const }
  const holdall = { id: 'weekender-holdall', category: 'bags' as const }

  it('names the product, and for footwear __ and the size, in letters, digits, - and _ only', () => {
    expect(clientReference(brogue, ' 42 ')).toBe('oxford-brogue__42')
    expect(clientReference(holdall, '')).toBe('weekender-holdall')
    expect(clientReference({ id: 'x'.repeat(201), category: 'bags' }, '')).toBeNull()
    expect(clientReference({ id: 'tweed cap', category: 'bags' }, '')).toBeNull()
    expect(clientReference(brogue, '42 or 43')).toBeNull()
  })

  it('is added to a link on buy.stripe.com beside the note, which stays exactly as it was', () => {
    const note = buildOrderNote(
      { name: 'Oxford Brogue', price: '£185.00', category: 'footwear' },
      { ...valid, size: '42' },
    )
    const url = new URL(
      buildPaymentUrl('https://buy.stripe.com/ash_oxford?prefilled_email=a%40b.c', note, 'oxford-brogue__42'),
    )
    expect(url.searchParams.get('client_reference_id')).toBe('oxford-brogue__42')
    expect(url.searchParams.get('note')).toBe(note)
    expect(url.searchParams.get('prefilled_email')).toBe('a@b.c')
    expect(url.toString()).toBe(
      `${new URL(buildPaymentUrl('https://buy.stripe.com/ash_oxford?prefilled_email=a%40b.c', note))}` +
        '&client_reference_id=oxford-brogue__42',
    )
    // Nothing personal in it: the note holds the visitor's details, the reference only the product.
    expect(url.searchParams.get('client_reference_id')).not.toMatch(/Jane|example|High/)
  })

  it('leaves links on other hosts exactly as today', () => {
    for (const link of [
      'https://pay.example.com/p/abc',
      'https://checkout.stripe.com/c/pay',
      'https://buy.stripe.com.evil.example/x',
    ])
      expect(buildPaymentUrl(link, 'n', 'oxford-brogue__42')).toBe(buildPaymentUrl(link, 'n'))
  })

  it('reads back the product and size from the event', () => {
    expect(readReference('oxford-brogue__42')).toEqual({ productId: 'oxford-brogue', size: '42' })
    expect(readReference('weekender-holdall')).toEqual({ productId: 'weekender-holdall', size: '' })
    for (const bad of [null, '', 'a__b__c', 'oxford-brogue__', '__42', 'a b', 'x'.repeat(201)])
      expect(readReference(bad)).toBeNull()
  })
})
