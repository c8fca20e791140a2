import { availabilityOf } from './availability.ts'
import { COMPANY, POLICY } from './business.ts'
import type { Product } from './product.ts'

/**
 * What free shopping listings ask of an Offer beyond its price: the returns policy and the delivery
 * (https://developers.google.com/search/docs/appearance/structured-data/merchant-listing).
 * Every term comes from POLICY, where the policy pages read theirs, so the two cannot disagree.
 */

export type DayRange = { min: number; max: number }

const RANGE = /^(\d{1,3})(?:\s*(?:-|–|—|to)\s*(\d{1,3}))?\s+(?:(?:business|working)\s+)?(days?|weeks?)$/i

/**
 * Business days in the owner's words: '3 weeks', '10 days', '2-3 weeks', '5-7 business days'.
 * A week is five business days; days are taken as written (never fewer than the owner said).
 * Anything else ('about a month') is undefined: better no promise than an invented one.
 */
export function businessDaysIn(words: string): DayRange | undefined {
  const m = RANGE.exec(words.trim())
  if (!m) return undefined
  const perUnit = m[3]!.toLowerCase().startsWith('week') ? POLICY.businessDays.length : 1
  const min = Number(m[1]) * perUnit
  const max = Number(m[2] ?? m[1]) * perUnit
  return min <= max ? { min, max } : undefined
}

/** Made to order: ready in its lead time; otherwise dispatched in the terms' 5-7 business days. */
export function handlingDays(product: Pick<Product, 'availability' | 'leadTime'>): DayRange | undefined {
  if (availabilityOf(product) === 'made-to-order')
    return product.leadTime ? businessDaysIn(product.leadTime) : undefined
  return businessDaysIn(`${POLICY.dispatchBusinessDays} business days`)
}

const SCHEMA = 'https://schema.org/'

/** The returns policy (/returns) as schema.org's MerchantReturnPolicy. */
export function returnPolicyJsonLd(origin: string) {
  return {
    '@type': 'MerchantReturnPolicy',
    applicableCountry: POLICY.deliveryCountryCode,
    returnPolicyCountry: COMPANY.registeredOffice.countryCode,
    returnPolicyCategory: `${SCHEMA}MerchantReturnFiniteReturnWindow`,
    // Counted from delivery, as the listing counts it: the cancellation period
    // (the goods then have their own days to reach us).
    merchantReturnDays: POLICY.cancellationDays,
    returnMethod: `${SCHEMA}ReturnByMail`,
    // The policy: unless faulty or not as described, sending it back is the customer's cost.
    returnFees: `${SCHEMA}ReturnFeesCustomerResponsibility`,
    merchantReturnLink: `${origin}/returns`,
  }
}

/** What the owner set for delivery in the United Kingdom: its price in pounds and its time in the post. */
export type DeliveryTerms = {
  /** DELIVERY_PRICE, two decimals ('4.95'); undefined: no price is claimed. */
  deliveryPrice: string | undefined
  /** DELIVERY_DAYS in business days; undefined: no time in the post is claimed. */
  deliveryDays?: DayRange | undefined
}

const days = ({ min, max }: DayRange) => ({
  '@type': 'QuantitativeValue',
  minValue: min,
  maxValue: max,
  unitCode: 'DAY',
})
const businessDays = () => ({
  '@type': 'OpeningHoursSpecification',
  dayOfWeek: POLICY.businessDays.map((d) => `${SCHEMA}${d}`),
})
const ukDestination = () => ({ '@type': 'DefinedRegion', addressCountry: POLICY.deliveryCountryCode })
const rate = (price: string) => ({ '@type': 'MonetaryAmount', value: Number(price), currency: 'GBP' })

/**
 * Delivery to the United Kingdom: the price only where the owner set one (DELIVERY_PRICE), the
 * handling time only where it can be read, and the time in the post (DELIVERY_DAYS) only beside it:
 * a delivery estimate without the handling time would promise too early a day.
 */
export function shippingDetailsJsonLd(product: Pick<Product, 'availability' | 'leadTime'>, terms: DeliveryTerms) {
  const handling = handlingDays(product)
  return {
    '@type': 'OfferShippingDetails',
    shippingDestination: ukDestination(),
    ...(terms.deliveryPrice !== undefined && { shippingRate: rate(terms.deliveryPrice) }),
    ...(handling && {
      deliveryTime: {
        '@type': 'ShippingDeliveryTime',
        handlingTime: days(handling),
        ...(terms.deliveryDays && { transitTime: days(terms.deliveryDays) }),
        businessDays: businessDays(),
      },
    }),
  }
}

/**
 * The shop's standard delivery, for the Store: given only with a price, which a
 * shipping policy cannot go without (https://developers.google.com/search/docs/appearance/structured-data/shipping-policy).
 */
export function shippingServiceJsonLd(terms: DeliveryTerms) {
  if (terms.deliveryPrice === undefined) return undefined
  const dispatch = handlingDays({})!
  const period = (range: DayRange) => ({
    '@type': 'ServicePeriod',
    duration: days(range),
    businessDays: businessDays(),
  })
  return {
    '@type': 'ShippingService',
    name: 'Delivery in the United Kingdom',
    shippingConditions: {
      '@type': 'ShippingConditions',
      shippingDestination: ukDestination(),
      shippingRate: rate(terms.deliveryPrice),
      ...(terms.deliveryDays && { transitTime: period(terms.deliveryDays) }),
    },
    handlingTime: period(dispatch),
  }
}
