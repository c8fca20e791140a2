import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { seedProducts } from '../../data/seed/products.ts'
import { ProductSchema } from '../../domain/product.ts'
import { BAD_PAYMENT_LINKS } from '../helpers/bad-payment-links.ts'

const accepts = (paymentLink: string) => v.safeParse(ProductSchema, { ...seedProducts[0]!, paymentLink }).success

describe('a product’s payment link', () => {
  it(
    'is https:// with a host name that has a dot, as providers give them; ' +
      'http:, javascript:, data:, and hosts with a comma, a space, no dot, a ' +
      'user name or a number for a name are refused',
    () => {
      for (const link of [
        'https://buy.stripe.com/ash_belt',
        'https://BUY.Stripe.com/ash_belt?prefilled_email=a%40b.com',
        'https://pay.example.co.uk:8443/p/12-34',
        'https://zahlung.bücher.de/gürtel',
        'https://checkout.sumup.com/pay/c-8f2e',
      ]) {
        expect(accepts(link), link).toBe(true)
      }
      for (const link of [
        ...BAD_PAYMENT_LINKS,
        'https://owner@buy.stripe.com/x',
        'https://192.168.1.10/pay',
        'https://buy.stripe.com./x',
        'https://-buy.stripe.com/x',
        ' https://buy.stripe.com/x',
        'https:buy.stripe.com/x',
      ]) {
        expect(accepts(link), link).toBe(false)
      }
    },
  )
})
