import escapeHtml from 'escape-html'
import { availabilityOf } from './availability.ts'
import { CATEGORY_LABELS, COMPANY, FOOTWEAR_SIZES, POLICY, type Category } from './business.ts'
import { productPath } from './catalogue.ts'
import { handlingDays, type DayRange, type DeliveryTerms } from './merchant-listing.ts'
import { listingImagesOf, schemaPrice } from './product-page.ts'
import type { PhotoFormats } from './product-image.ts'
import type { StoredProduct } from './product.ts'
import { publishedProducts } from './publishing.ts'
import { fingerprint } from './social-image.ts'

/**
 * The product feed shopping listings read (/products.xml): RSS 2.0 with Google's `g:` namespace, one item
 * per product, and per size for footwear (https://support.google.com/merchants/answer/7052112).
 */

/** Google's product taxonomy (https://www.google.com/basepages/producttype/taxonomy-with-ids.en-GB.txt). */
export const GOOGLE_CATEGORY: Record<Category, { id: number; path: string }> = {
  footwear: { id: 187, path: 'Apparel & Accessories > Shoes' },
  belts: { id: 169, path: 'Apparel & Accessories > Clothing Accessories > Belts' },
  bags: { id: 5181, path: 'Luggage & Bags' },
}

/** Footwear and belts are apparel, for which listings ask whom a product is for. */
const APPAREL: ReadonlySet<Category> = new Set(['footwear', 'belts'])

/** The feed's limits (characters), past which an item is refused. */
const LIMITS = { id: 50, title: 150, description: 5000, imageLinks: 10 }
/** A preorder's date may be at most a year away. */
const LATEST_PREORDER_DAYS = 365

export type FeedOptions = {
  origin: string
  terms: DeliveryTerms
  formats?: PhotoFormats
  /** The day the feed is made: a made-to-order product is ready its lead time after it. */
  today: Date
}

/** XML 1.0 allows no control characters but tab and line breaks: one pasted into a text would break the whole feed. */
const xmlText = (text: string) =>
  // eslint-disable-next-line no-control-regex
  escapeHtml(text.replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, ''))

const cut = (text: string, max: number) => ([...text].length <= max ? text : `${[...text].slice(0, max - 1).join('')}…`)

/** An id within the feed's 50 characters, the same every time: a long one keeps its start and a fingerprint. */
export function feedId(id: string): string {
  return id.length <= LIMITS.id ? id : `${id.slice(0, LIMITS.id - 8)}-${fingerprint(id).padStart(7, '0')}`
}

/** The day `days` business days (Monday to Friday) after `from`, as Google's date: '2026-12-14T00:00Z'. */
export function businessDaysAfter(from: Date, days: number): Date {
  const date = new Date(Date.UTC(from.getUTCFullYear(), from.getUTCMonth(), from.getUTCDate()))
  for (let left = days; left > 0;) {
    date.setUTCDate(date.getUTCDate() + 1)
    const weekday = date.getUTCDay()
    if (weekday !== 0 && weekday !== 6) left--
  }
  return date
}

const feedDate = (date: Date) => `${date.toISOString().slice(0, 10)}T00:00Z`

type Availability = { value: 'in_stock' | 'out_of_stock' | 'preorder'; date?: string; handling?: DayRange }

/**
 * In stock and sold out are dispatched in the terms' days; made to order is a preorder, ready on the
 * day its lead time gives (its making is the wait, so no handling time is added to it). Undefined when
 * no such day can be read from the lead time ('by the spring'), or it is more than a year away: such a
 * product is left out, as a preorder without its date is refused.
 */
function availabilityIn(product: StoredProduct, today: Date): Availability | undefined {
  const availability = availabilityOf(product)
  if (availability !== 'made-to-order')
    return { value: availability === 'sold-out' ? 'out_of_stock' : 'in_stock', handling: handlingDays(product) }
  const making = handlingDays(product)
  if (!making) return undefined
  const ready = businessDaysAfter(today, making.max)
  if (ready.getTime() - today.getTime() > LATEST_PREORDER_DAYS * 86_400_000) return undefined
  return { value: 'preorder', date: feedDate(ready) }
}

const tag = (name: string, value: string | number) => `<${name}>${xmlText(String(value))}</${name}>`

function shippingOf(terms: DeliveryTerms): string[] {
  // Google's shipping needs a price: without DELIVERY_PRICE the owner sets delivery in Merchant Center.
  if (terms.deliveryPrice === undefined) return []
  const transit = terms.deliveryDays
  return [
    '<g:shipping>',
    tag('g:country', POLICY.deliveryCountryCode),
    tag('g:price', `${terms.deliveryPrice} GBP`),
    ...(transit ? [tag('g:min_transit_time', transit.min), tag('g:max_transit_time', transit.max)] : []),
    '</g:shipping>',
  ]
}

function itemsOf(product: StoredProduct, options: FeedOptions): string[] {
  const availability = availabilityIn(product, options.today)
  if (!availability) return []
  const link = `${options.origin}${productPath(product)}`
  const [image, ...more] = listingImagesOf(product, options.origin, { formats: options.formats })
  const description =
    product.description.trim() || `${product.name}: ${CATEGORY_LABELS[product.category]} by ${COMPANY.brand}.`
  const shared = [
    tag('title', cut(product.name, LIMITS.title)),
    tag('link', link),
    tag('description', cut(description, LIMITS.description)),
    tag('g:image_link', image ?? ''),
    ...more.slice(0, LIMITS.imageLinks).map((src) => tag('g:additional_image_link', src)),
    tag('g:availability', availability.value),
    ...(availability.date ? [tag('g:availability_date', availability.date)] : []),
    tag('g:price', `${schemaPrice(product.price)} GBP`),
    tag('g:condition', 'new'),
    tag('g:brand', COMPANY.brand),
    // Made in the shop's own workshop: no GTIN exists; the stock code is the maker's part number.
    tag('g:identifier_exists', 'no'),
    tag('g:mpn', product.sku),
    tag('g:google_product_category', GOOGLE_CATEGORY[product.category].id),
    tag('g:product_type', CATEGORY_LABELS[product.category]),
    // Every product is made for adults, in one line for all.
    ...(APPAREL.has(product.category) ? [tag('g:age_group', 'adult'), tag('g:gender', 'unisex')] : []),
    ...(availability.handling
      ? [tag('g:min_handling_time', availability.handling.min), tag('g:max_handling_time', availability.handling.max)]
      : []),
    ...shippingOf(options.terms),
  ]
  const item = (head: string[]) => ['<item>', ...head, ...shared, '</item>'].join('')
  if (product.category !== 'footwear') return [item([tag('g:id', feedId(product.id))])]
  // One item per size, grouped: the order names a size as the payment hand-off does ('oxford-brogue__42').
  return FOOTWEAR_SIZES.map((size) =>
    item([
      tag('g:id', feedId(`${product.id}__${size}`)),
      tag('g:item_group_id', feedId(product.id)),
      tag('g:size', size),
      tag('g:size_system', 'EU'),
    ]),
  )
}

/** Every published product, never a draft. */
export function productFeed(products: readonly StoredProduct[], options: FeedOptions): string {
  const items = publishedProducts(products).flatMap((p) => itemsOf(p, options))
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:g="http://base.google.com/ns/1.0">',
    '<channel>',
    tag('title', COMPANY.legalName),
    tag('link', `${options.origin}/`),
    tag('description', `Handmade British leather footwear, bags and belts from ${COMPANY.brand}.`),
    ...items,
    '</channel>',
    '</rss>',
    '',
  ].join('\n')
}
