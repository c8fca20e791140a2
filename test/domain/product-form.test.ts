import { describe, expect, it } from 'vitest'
import { seedProducts } from '../../data/seed/products.ts'
import { checkProduct, valuesOf } from '../../domain/product-form.ts'
import { BAD_PAYMENT_LINKS } from '../helpers/bad-payment-links.ts'

const saved = valuesOf(seedProducts[0]!)
const check = (change: Partial<typeof saved>) => checkProduct({ ...saved, ...change }, { isNew: false })

describe('the product form, typed as people type', () => {
  it(
    'takes a price in pounds, with or without its pound sign, pence or ' +
      'thousands commas, and keeps it as the shop shows it',
    () => {
      for (const [typed, shown] of [
        ['375', '£375.00'],
        ['375.5', '£375.50'],
        ['375.50', '£375.50'],
        ['£375.50', '£375.50'],
        ['£375.5', '£375.50'],
        [' £ 375 ', '£375.00'],
        ['1,250', '£1,250.00'],
        ['1250', '£1,250.00'],
        ['£1,250.99', '£1,250.99'],
        ['1234567.8', '£1,234,567.80'],
        ['0.5', '£0.50'],
      ]) {
        expect(check({ price: typed }), typed).toEqual({ success: true, values: { ...saved, price: shown } })
      }
    },
  )

  it('refuses what is not a price in pounds, saying how to write one', () => {
    for (const typed of ['', 'lots', '375 pounds', '£375.555', '1,25', '12,5000', '-5', '$375', '375.', '£', '1.2.3']) {
      expect(check({ price: typed }), typed).toEqual({
        success: false,
        errors: { price: 'Write the price in pounds, such as 185, 185.50 or £1,250.00.' },
      })
    }
  })

  it(
    'puts https:// in front of a payment link typed without it, and still ' +
      'refuses every link the shop must not use',
    () => {
      expect(check({ paymentLink: 'buy.stripe.com/ash_belt' })).toEqual({
        success: true,
        values: { ...saved, paymentLink: 'https://buy.stripe.com/ash_belt' },
      })
      expect(check({ paymentLink: ' //pay.example.co.uk/p/1 ' })).toEqual({
        success: true,
        values: { ...saved, paymentLink: 'https://pay.example.co.uk/p/1' },
      })
      expect(check({ paymentLink: 'https://buy.stripe.com/x' })).toEqual({
        success: true,
        values: { ...saved, paymentLink: 'https://buy.stripe.com/x' },
      })
      for (const link of [
        ...BAD_PAYMENT_LINKS,
        'buy stripe.com/x',
        'stripe/x',
        'owner@buy.stripe.com/x',
        'mailto:shop@example.com',
      ]) {
        const checked = check({ paymentLink: link })
        expect(checked.success, link).toBe(false)
        if (!checked.success) expect(checked.errors.paymentLink).toContain('starting with https://')
      }
      expect(check({ paymentLink: '  ' })).toEqual({
        success: false,
        errors: { paymentLink: 'Please give the address of the card payment page, such as buy.stripe.com/…' },
      })
    },
  )
})

describe('the product form, longer than its fields take', () => {
  it('refuses each typed field past its length, as its maxlength does in the browser, and takes it at the length', () => {
    const long = (n: number, unit = 'x') => unit.repeat(n)
    const cases: [keyof typeof saved, string, string][] = [
      ['name', long(121), long(120)],
      ['sku', long(61), long(60)],
      ['leadTime', long(61), long(60)],
      ['description', long(2001), long(2000)],
      ['price', `£${long(17, '9')}.00`, `${long(3, '9')}.00`],
      ['paymentLink', `https://buy.stripe.com/${long(478)}`, `https://buy.stripe.com/${long(477)}`],
    ]
    for (const [field, over, within] of cases) {
      const max = field === 'price' ? 20 : field === 'paymentLink' ? 500 : over.length - 1
      expect(check({ [field]: over }), field).toEqual({
        success: false,
        errors: { [field]: `Keep it to ${max} characters at most.` },
      })
      expect(check({ [field]: within }).success, field).toBe(true)
    }
  })
})
