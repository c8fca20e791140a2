import * as v from 'valibot'
import { AVAILABILITIES, availabilityOf } from './availability.ts'
import { CATEGORIES } from './business.ts'
import { isPaymentLink, MAX_HOST_LENGTH, overlongHost, withHttps } from './payment-link.ts'
import type { Stored } from './stored.ts'
import { priceAsShown } from './typed-price.ts'

export const PRODUCT_STATUSES = ['published', 'draft'] as const

/** A price as the shop shows it: '£185.00', '£1,250.00'. */
export const PRICE_PATTERN = /^£\d{1,3}(,\d{3})*\.\d{2}$/

/** The one rule for a payment link, with the words of whoever asks (the data file's or the workspace's). */
export const paymentLinkCheck = (message: v.ErrorMessage<v.CheckIssue<string>>) => v.check(isPaymentLink, message)

/** Said of typed text longer than its field takes (its `maxlength`, which a post can pass by). */
export const atMost = (length: number) =>
  v.maxLength<string, number, string>(length, `Keep it to ${length} characters at most.`)

/** A price as people type it ('375', '£375.5', '1,250'), kept as the shop shows it ('£375.50'). */
export const typedPrice = (message: string, maxLength: number) =>
  v.pipe(
    v.string(),
    v.trim(),
    atMost(maxLength),
    v.transform((typed) => priceAsShown(typed) ?? typed),
    v.regex(PRICE_PATTERN, message),
  )

/** Said of a host name longer than DNS allows, wherever the link was typed. */
const overlongHostWords = (length: number) =>
  `its host name (the part after https:// up to the first /) is ${length.toLocaleString('en-GB')} characters ` +
  `long, and no real one has more than ${MAX_HOST_LENGTH}`

/** A payment link as people type it: https:// put in front when left out, then the one rule. */
export const typedPaymentLink = (empty: string, message: string, maxLength: number) =>
  v.pipe(
    v.string(),
    v.trim(),
    v.nonEmpty(empty),
    atMost(maxLength),
    v.transform(withHttps),
    paymentLinkCheck(({ input }) => {
      const length = overlongHost(input)
      return length === null ? message : `This address cannot be a card payment page: ${overlongHostWords(length)}.`
    }),
  )

/** The data file keeps the exact format; its message shows the value as it should be written, when it can. */
const filePriceMessage = ({ input }: v.RegexIssue<string>) => {
  const shown = priceAsShown(input)
  return shown ? `price must be "${shown}", as the shop shows prices` : 'price must be a display string such as £185.00'
}
const FILE_LINK_RULE =
  'paymentLink must be a card payment page starting with https:// and a ' +
  'host name such as buy.stripe.com, without spaces or commas'
const fileLinkMessage = ({ input }: v.CheckIssue<string>) => {
  const length = overlongHost(input)
  if (length !== null) return `${FILE_LINK_RULE}: ${overlongHostWords(length)}`
  return isPaymentLink(withHttps(input)) ? `${FILE_LINK_RULE}, here "${withHttps(input)}"` : FILE_LINK_RULE
}

/** A catalogue product as stored in the data file and served by GET /api/products. */
export const ProductSchema = v.object({
  id: v.pipe(v.string(), v.minLength(1)),
  name: v.pipe(v.string(), v.minLength(1)),
  description: v.string(),
  price: v.pipe(v.string(), v.regex(PRICE_PATTERN, filePriceMessage)),
  sku: v.pipe(v.string(), v.minLength(1)),
  category: v.picklist(CATEGORIES),
  /** Empty only on a draft whose photograph is not uploaded yet (publishedPhotoRule). */
  mainImage: v.string(),
  paymentLink: v.pipe(v.string(), paymentLinkCheck(fileLinkMessage)),
  availability: v.optional(v.picklist(AVAILABILITIES)),
  /** How long a made-to-order product takes, in words ('3 weeks'); asked for when it is made to order. */
  leadTime: v.optional(v.pipe(v.string(), v.trim(), v.minLength(1))),
  /** A draft is the owner's alone, never shown to visitors; published when absent, as in every older file. */
  status: v.optional(v.picklist(PRODUCT_STATUSES)),
})
/**
 * The owner's count of a product (checked with the data file, data/check.server.ts, and so kept out of the
 * shop's scripts): `stock`, pieces ready (absent: not counted; paid orders take one off, 0 sells it out), and
 * `showFewLeft`, 'Only 1 left' on its page while 1 or 2 are.
 */
export type StockFields = { stock?: number; showFewLeft?: boolean }
export type Product = v.InferOutput<typeof ProductSchema> & StockFields

/** A product as the data file keeps it: the public fields, the photographs of a generation run, and the owner's own. */
export type StoredProduct = Stored<
  Product & {
    images?: { angle: string; src: string; original?: string }[]
    imagesGeneratedAt?: string
    imageModel?: string
    photos?: { src: string }[]
  }
>

/** A made-to-order product says how long it takes. */
export const leadTimeRule = v.forward(
  v.check(
    (p: Product) => p.availability !== 'made-to-order' || Boolean(p.leadTime?.trim()),
    'leadTime must say how long a made-to-order product takes, such as "3 weeks"',
  ),
  ['leadTime'],
)

/** A product on the shop has its main photograph; a draft may wait for its upload. */
export const publishedPhotoRule = v.forward(
  v.check(
    (p: Product) => p.status === 'draft' || p.mainImage !== '',
    'mainImage must name the main photograph (only a draft may be without one)',
  ),
  ['mainImage'],
)

/** The public shape, as GET /api/products answers it: these eight fields, in this order, nothing internal. */
export function toPublicProduct(p: Product): Product {
  const { id, name, description, price, sku, category, mainImage, paymentLink } = p
  return { id, name, description, price, sku, category, mainImage, paymentLink }
}

/** What the shop's pages show of a product: the public fields and, when set or decided by the stock, its availability. */
export function toShopProduct(p: Product): Product {
  const shown = toPublicProduct(p)
  const availability = availabilityOf(p)
  if (p.availability || availability !== 'in-stock') shown.availability = availability
  if (availability === 'made-to-order' && p.leadTime) shown.leadTime = p.leadTime
  return shown
}
