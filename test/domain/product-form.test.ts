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
