/**
 * Google Merchant Center's product data specification, checked offline on one item of an RSS 2.0 feed
 * (https://support.google.com/merchants/answer/7052112 and each attribute's own page). The feed is
 * parsed by Chromium's XML parser, which refuses a feed that is not well-formed XML as Merchant Center does.
 */
import type { Browser } from 'playwright-core'

/** An item as its tags: `g:shipping` children are read as `g:shipping/g:country`. */
export type FeedItem = Record<string, string[]>
export type ParsedFeed = { error: string | null; version: string | null; channel: FeedItem; items: FeedItem[] }

export async function parseFeed(browser: Browser, xml: string): Promise<ParsedFeed> {
  const page = await browser.newPage()
  try {
    return await page.evaluate((text) => {
      const doc = new DOMParser().parseFromString(text, 'application/xml')
      const error = doc.querySelector('parsererror')?.textContent ?? null
      const read = (el: Element): Record<string, string[]> => {
        const out: Record<string, string[]> = {}
        const add = (key: string, value: string) => (out[key] ??= []).push(value)
        for (const child of Array.from(el.children)) {
          if (child.tagName === 'item') continue
          if (child.children.length > 0)
            for (const sub of Array.from(child.children)) add(`${child.tagName}/${sub.tagName}`, sub.textContent ?? '')
          else add(child.tagName, child.textContent ?? '')
        }
        return out
      }
      const channel = doc.querySelector('rss > channel')
      return {
        error,
        version: doc.documentElement.getAttribute('version'),
        channel: channel ? read(channel) : {},
        items: Array.from(doc.querySelectorAll('rss > channel > item')).map(read),
      }
    }, xml)
  } finally {
    await page.close()
  }
}

const AVAILABILITY = ['in_stock', 'out_of_stock', 'preorder', 'backorder']
const CONDITION = ['new', 'refurbished', 'used']
const GENDER = ['male', 'female', 'unisex']
const AGE_GROUP = ['newborn', 'infant', 'toddler', 'kids', 'adult']
/** Apparel & Accessories > Shoes (187) and > Clothing (1604): size is required for them. */
const SIZED = new Set(['187', '1604'])
/** Apparel & Accessories (166) and the subcategories of it the feed uses: gender and age group are required. */
const APPAREL = new Set(['166', '187', '169', '1604'])

const url = (v: string) => /^https?:\/\/[^/\s]+\/\S*$/.test(v) && v.length <= 2000
const raster = (v: string) => /\.(jpe?g|png|webp|gif|bmp|tiff?)$/i.test(new URL(v).pathname)
const price = (v: string) => /^\d+(\.\d{1,2})? [A-Z]{3}$/.test(v) && Number(v.split(' ')[0]) > 0
const whole = (v: string | undefined) => v !== undefined && /^\d+$/.test(v)

/** What keeps an item out of free listings and Shopping ads; empty when it qualifies. */
export function feedItemProblems(item: FeedItem, today = new Date()): string[] {
  const problems: string[] = []
  const one = (key: string) => {
    const values = item[key] ?? []
    if (values.length > 1) problems.push(`${key} is given ${values.length} times`)
    return values[0]?.trim()
  }
  const required = (key: string, max: number) => {
    const v = one(key)
    if (!v) problems.push(`${key} is required`)
    else if ([...v].length > max) problems.push(`${key} is over ${max} characters`)
    return v
  }
  required('g:id', 50)
  required('title', 150)
  required('description', 5000)
  const link = required('link', 2000)
  if (link && !url(link)) problems.push('link must be an absolute http(s) URL')
  const image = required('g:image_link', 2000)
  if (image && !(url(image) && raster(image))) problems.push('g:image_link must be the URL of a JPEG, PNG, WebP or GIF')
  const more = item['g:additional_image_link'] ?? []
  if (more.length > 10) problems.push('at most 10 g:additional_image_link')
  if (!more.every((m) => url(m) && raster(m))) problems.push('g:additional_image_link must be raster image URLs')

  const availability = required('g:availability', 20)
  if (availability && !AVAILABILITY.includes(availability)) problems.push('g:availability is not a known value')
  const date = one('g:availability_date')
  if (availability === 'preorder' || availability === 'backorder') {
    if (!date) problems.push(`g:availability_date is required for ${availability}`)
  }
  if (date) {
    if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(Z|[+-]\d{4})$/.test(date) || date.length > 25)
      problems.push('g:availability_date must be YYYY-MM-DDThh:mmZ or YYYY-MM-DDThh:mm±hhmm')
    const at = Date.parse(date.replace(/([+-]\d{2})(\d{2})$/, '$1:$2'))
    const days = (at - today.getTime()) / 86_400_000
    if (!(days > -1 && days <= 366)) problems.push('g:availability_date must be within the coming year')
  }

  const cost = required('g:price', 30)
  if (cost && !price(cost)) problems.push('g:price must be an amount above zero and an ISO 4217 currency, "185.00 GBP"')
  const condition = one('g:condition')
  if (condition !== undefined && !CONDITION.includes(condition)) problems.push('g:condition is not a known value')
  required('g:brand', 70)
  const exists = one('g:identifier_exists')
  const mpn = one('g:mpn')
  if (mpn !== undefined && [...mpn].length > 70) problems.push('g:mpn is over 70 characters')
  if (exists !== 'no' && !one('g:gtin') && !mpn) problems.push('a GTIN, an MPN, or identifier_exists "no" is required')

  const category = required('g:google_product_category', 750)
  if (category && !/^\d+$/.test(category) && !category.includes(' > ') && !/^[A-Z]/.test(category))
    problems.push('g:google_product_category must be an id or a path of Google taxonomy')
  if (category && SIZED.has(category)) {
    const size = required('g:size', 100)
    if (size && !one('g:item_group_id')) problems.push('g:item_group_id is required for variants by size')
  }
  if (category && APPAREL.has(category)) {
    const gender = required('g:gender', 10)
    if (gender && !GENDER.includes(gender)) problems.push('g:gender is not a known value')
    const age = required('g:age_group', 10)
    if (age && !AGE_GROUP.includes(age)) problems.push('g:age_group is not a known value')
  }

  for (const [min, max, where] of [
    ['g:min_handling_time', 'g:max_handling_time', 'handling'],
    ['g:shipping/g:min_transit_time', 'g:shipping/g:max_transit_time', 'transit'],
  ] as const) {
    const [lo, hi] = [one(min), one(max)]
    if (lo === undefined && hi === undefined) continue
    if (!whole(lo) || !whole(hi) || Number(lo) > Number(hi))
      problems.push(`${where} time needs whole numbers of days, the minimum first`)
  }
  if (Object.keys(item).some((k) => k.startsWith('g:shipping/'))) {
    const country = one('g:shipping/g:country')
    if (!country || !/^[A-Z]{2}$/.test(country)) problems.push('g:shipping needs a two-letter country')
    const rate = one('g:shipping/g:price')
    if (!rate || !/^\d+(\.\d{1,2})? [A-Z]{3}$/.test(rate)) problems.push('g:shipping needs a price')
  }
  return problems
}
