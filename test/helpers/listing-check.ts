/**
 * Google's rules for Product snippets and merchant listings, checked offline on a page's JSON-LD
 * (https://developers.google.com/search/docs/appearance/structured-data/merchant-listing,
 * .../return-policy). structured-data-testing-tool's Google preset has no Product rules at all (a
 * Product with a name alone passes it), so it could not fail here; this checks what the listings require.
 */

type Json = Record<string, unknown>

const S = 'https://schema.org/'
const AVAILABILITY = [
  'BackOrder',
  'Discontinued',
  'InStock',
  'InStoreOnly',
  'LimitedAvailability',
  'MadeToOrder',
  'OnlineOnly',
  'OutOfStock',
  'PreOrder',
  'PreSale',
  'Reserved',
  'SoldOut',
]
const CONDITION = ['NewCondition', 'RefurbishedCondition', 'UsedCondition', 'DamagedCondition']
const RETURN_CATEGORY = [
  'MerchantReturnFiniteReturnWindow',
  'MerchantReturnNotPermitted',
  'MerchantReturnUnlimitedWindow',
]
const RETURN_METHOD = ['ReturnAtKiosk', 'ReturnByMail', 'ReturnInStore']
const RETURN_FEES = ['FreeReturn', 'ReturnFeesCustomerResponsibility', 'ReturnShippingFees']

const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v)
const one = (v: unknown): Json | undefined => (Array.isArray(v) ? v.find(isObject) : isObject(v) ? v : undefined)
const text = (v: unknown) => typeof v === 'string' && v.trim() !== ''
const absoluteUrl = (v: unknown) => typeof v === 'string' && /^https?:\/\/[^/\s]+\//.test(v)
/** Shopping surfaces take JPEG, PNG, WebP and GIF; not SVG (https://support.google.com/merchants/answer/6324350). */
const rasterUrl = (v: unknown) => typeof v === 'string' && /\.(jpe?g|png|webp|gif)$/i.test(new URL(v).pathname)
const named = (v: unknown, names: string[]) => typeof v === 'string' && names.some((n) => v === `${S}${n}` || v === n)
const wholeDays = (v: unknown) => typeof v === 'number' && Number.isInteger(v) && v >= 0

/** Every JSON-LD object of a page, arrays and ItemList entries opened. */
export function jsonLdBlocks(html: string): Json[] {
  const blocks = [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].flatMap((m) =>
    [JSON.parse(m[1]!) as unknown].flat(),
  )
  return blocks.filter(isObject)
}

function checkDays(where: string, q: unknown, problems: string[]) {
  const v = one(q)
  if (!v) return problems.push(`${where} is not a QuantitativeValue`)
  if (!wholeDays(v.minValue) || !wholeDays(v.maxValue) || (v.minValue as number) > (v.maxValue as number))
    problems.push(`${where} needs whole minValue <= maxValue`)
  if (v.unitCode !== 'DAY' && v.unitCode !== 'd') problems.push(`${where}.unitCode must be DAY or d`)
}

function checkReturns(policy: Json | undefined, problems: string[]) {
  if (!policy) return problems.push('offers.hasMerchantReturnPolicy is missing')
  if (!/^[A-Z]{2}$/.test(String(policy.applicableCountry)))
    problems.push('hasMerchantReturnPolicy.applicableCountry must be a two-letter country code')
  if (!named(policy.returnPolicyCategory, RETURN_CATEGORY))
    problems.push('hasMerchantReturnPolicy.returnPolicyCategory is missing or unknown')
  if (
    named(policy.returnPolicyCategory, ['MerchantReturnFiniteReturnWindow']) &&
    !(wholeDays(policy.merchantReturnDays) && (policy.merchantReturnDays as number) > 0)
  ) {
    problems.push('hasMerchantReturnPolicy.merchantReturnDays is required for a finite return window')
  }
  if (policy.returnMethod !== undefined && !named(policy.returnMethod, RETURN_METHOD))
    problems.push('hasMerchantReturnPolicy.returnMethod is unknown')
  if (policy.returnFees !== undefined && !named(policy.returnFees, RETURN_FEES))
    problems.push('hasMerchantReturnPolicy.returnFees is unknown')
  if (named(policy.returnFees, ['ReturnShippingFees']) && !one(policy.returnShippingFeesAmount))
    problems.push('returnShippingFeesAmount is required with ReturnShippingFees')
}

function checkShipping(details: Json | undefined, problems: string[]) {
  if (!details) return problems.push('offers.shippingDetails is missing')
  if (!/^[A-Z]{2}$/.test(String(one(details.shippingDestination)?.addressCountry)))
    problems.push('shippingDetails.shippingDestination.addressCountry must be a two-letter country code')
  const rate = details.shippingRate
  if (rate !== undefined) {
    const r = one(rate)
    if (!r || typeof r.value !== 'number' || r.value < 0 || !/^[A-Z]{3}$/.test(String(r.currency)))
      problems.push('shippingDetails.shippingRate needs a value and a currency')
  }
  const time = details.deliveryTime
  if (time === undefined) return
  const t = one(time)
  if (!t || (t.handlingTime === undefined && t.transitTime === undefined))
    return problems.push('shippingDetails.deliveryTime has neither handlingTime nor transitTime')
  if (t.handlingTime !== undefined) checkDays('deliveryTime.handlingTime', t.handlingTime, problems)
  if (t.transitTime !== undefined) checkDays('deliveryTime.transitTime', t.transitTime, problems)
}

/** What keeps a Product out of rich results and free listings; empty when it qualifies. */
export function listingProblems(product: Json): string[] {
  const problems: string[] = []
  if (!text(product.name)) problems.push('name is missing')
  const images = [product.image].flat()
  if (images.length === 0 || !images.every(absoluteUrl)) problems.push('image must be one or more absolute URLs')
  else if (!images.every(rasterUrl)) problems.push('image must be JPEG, PNG, WebP or GIF, never SVG')
  const offer = one(product.offers)
  if (!offer || offer['@type'] !== 'Offer') return [...problems, 'offers is missing']
  if (!(Number(offer.price) > 0)) problems.push('offers.price must be a number above zero')
  if (!/^[A-Z]{3}$/.test(String(offer.priceCurrency)))
    problems.push('offers.priceCurrency must be a three-letter currency code')
  if (offer.availability !== undefined && !named(offer.availability, AVAILABILITY))
    problems.push('offers.availability is unknown')
  if (offer.itemCondition !== undefined && !named(offer.itemCondition, CONDITION))
    problems.push('offers.itemCondition is unknown')
  checkReturns(one(offer.hasMerchantReturnPolicy), problems)
  checkShipping(one(offer.shippingDetails), problems)
  return problems
}

/**
 * What Google reads of the business behind the listings (…/structured-data/organization,
 * …/return-policy, …/shipping-policy); empty when it holds.
 */
export function storeProblems(store: Json): string[] {
  const problems: string[] = []
  if (!text(store.name)) problems.push('name is missing')
  for (const key of ['logo', 'image'] as const) {
    if (!absoluteUrl(store[key])) problems.push(`${key} must be an absolute URL`)
    else if (!rasterUrl(store[key])) problems.push(`${key} must be JPEG, PNG, WebP or GIF, never SVG`)
  }
  checkReturns(one(store.hasMerchantReturnPolicy), problems)
  const service = store.hasShippingService
  if (service === undefined) return problems
  const s = one(service)
  const conditions = one(s?.shippingConditions)
  if (!s || s['@type'] !== 'ShippingService' || !conditions)
    return [...problems, 'hasShippingService needs a ShippingService with shippingConditions']
  if (!/^[A-Z]{2}$/.test(String(one(conditions.shippingDestination)?.addressCountry)))
    problems.push('shippingConditions.shippingDestination.addressCountry must be a two-letter country code')
  const rate = one(conditions.shippingRate)
  if (!rate || typeof rate.value !== 'number' || !/^[A-Z]{3}$/.test(String(rate.currency)))
    problems.push('shippingConditions.shippingRate needs a value and a currency')
  for (const [where, period] of [
    ['handlingTime', s.handlingTime],
    ['shippingConditions.transitTime', conditions.transitTime],
  ] as const) {
    if (period === undefined) continue
    const p = one(period)
    if (!p || p['@type'] !== 'ServicePeriod') problems.push(`${where} must be a ServicePeriod`)
    else checkDays(`${where}.duration`, p.duration, problems)
  }
  return problems
}
