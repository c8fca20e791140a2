import * as v from 'valibot'
import { AVAILABILITIES } from './availability.ts'
import { CATEGORIES } from './business.ts'
import { fieldErrors } from './form-errors.ts'
import { atMost, typedPaymentLink, typedPrice, type Product } from './product.ts'

/** The server also checks the saved product with the data file's own schema, so the two cannot drift apart. */
const text = () => v.pipe(v.string(), v.trim())
const required = (message: string) => v.pipe(v.string(message), v.trim(), v.nonEmpty(message))

/** A product's own short name, used in its address. */
export const ID_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/

/** The most each typed field takes: the form's `maxlength`, and the server's check of a post that passed it by. */
export const PRODUCT_MAX_LENGTHS = {
  name: 120,
  id: 60,
  price: 20,
  leadTime: 60,
  stock: 6,
  sku: 60,
  description: 2000,
  mainImage: 300,
  paymentLink: 500,
} as const
const MAX = PRODUCT_MAX_LENGTHS

const fields = {
  name: v.pipe(required('Please give the product a name.'), atMost(MAX.name)),
  description: v.pipe(text(), atMost(MAX.description)),
  price: typedPrice('Write the price in pounds, such as 185, 185.50 or £1,250.00.', MAX.price),
  sku: v.pipe(required('Please give the stock code (SKU).'), atMost(MAX.sku)),
  category: v.picklist(CATEGORIES, 'Please choose footwear, bags or belts.'),
  availability: v.picklist(AVAILABILITIES, 'Please choose in stock, made to order or sold out.'),
  leadTime: v.pipe(text(), atMost(MAX.leadTime)),
  /** Empty: not counted. Absent (a caller of before the field): left as it is, as is the next. */
  stock: v.optional(
    v.pipe(
      text(),
      v.regex(
        new RegExp(`^\\d{0,${MAX.stock}}$`),
        'Write how many are ready as a whole number, such as 3, or leave it empty.',
      ),
    ),
  ),
  /** A checkbox: 'on' when ticked. */
  showFewLeft: v.optional(
    v.pipe(
      v.string(),
      v.transform((s) => (s ? 'on' : '')),
    ),
  ),
  /** Checked by the server: a file the site serves (never a typed address of a missing one). */
  mainImage: v.pipe(text(), atMost(MAX.mainImage)),
  paymentLink: typedPaymentLink(
    'Please give the address of the card payment page, such as buy.stripe.com/…',
    'Write the whole address of the card payment page, starting with ' +
      'https:// and a host name such as buy.stripe.com, without spaces or ' +
      'commas.',
    MAX.paymentLink,
  ),
}

const LEAD_TIME_ASKED = 'Say how long it takes to make, such as 3 weeks.'

const EditSchema = v.pipe(
  v.object(fields),
  v.forward(
    v.check((p) => p.availability !== 'made-to-order' || p.leadTime !== '', LEAD_TIME_ASKED),
    ['leadTime'],
  ),
)
const NewSchema = v.pipe(
  v.object({
    id: v.pipe(
      text(),
      atMost(MAX.id),
      v.regex(ID_PATTERN, 'Use lower-case letters, digits and hyphens, such as oxford-brogue.'),
    ),
    ...fields,
  }),
  v.forward(
    v.check((p) => p.availability !== 'made-to-order' || p.leadTime !== '', LEAD_TIME_ASKED),
    ['leadTime'],
  ),
)

export type ProductField = 'id' | keyof typeof fields
/** The form's fields in the order it shows them (`id` on a new product only). */
export const PRODUCT_FIELDS: readonly ProductField[] = [
  'name',
  'id',
  'price',
  'category',
  'availability',
  'leadTime',
  'stock',
  'showFewLeft',
  'sku',
  'description',
  'mainImage',
  'paymentLink',
]
/** The counted stock's fields, which a caller that predates them may leave out (then unchanged). */
type StockField = 'stock' | 'showFewLeft'
export type ProductValues = Record<Exclude<ProductField, StockField>, string> & Partial<Record<StockField, string>>
export type ProductErrors = Partial<Record<ProductField, string>>

/**
 * A form sent back: `base` is what it is saved against (the values it was made from); `conflict`
 * names the fields changed both in it and elsewhere meanwhile, with the version saved now.
 */
export type ProductFormState = {
  values: ProductValues
  errors: ProductErrors
  base?: ProductValues
  conflict?: { saved: ProductValues; fields: ProductField[] }
}

/** What a form post holds, strings only (anything else is left empty). */
export function productValuesFrom(body: unknown): ProductValues {
  const src = (body && typeof body === 'object' ? body : {}) as Record<string, unknown>
  return Object.fromEntries(PRODUCT_FIELDS.map((f) => [f, typeof src[f] === 'string' ? src[f] : ''])) as ProductValues
}

/** A stored product as the form shows it. */
export function valuesOf(p: Product): ProductValues {
  return {
    id: p.id,
    name: p.name,
    description: p.description,
    price: p.price,
    sku: p.sku,
    category: p.category,
    availability: p.availability ?? 'in-stock',
    leadTime: p.leadTime ?? '',
    stock: p.stock === undefined ? '' : String(p.stock),
    showFewLeft: p.showFewLeft ? 'on' : '',
    mainImage: p.mainImage,
    paymentLink: p.paymentLink,
  }
}

export type ProductCheck = { success: true; values: ProductValues } | { success: false; errors: ProductErrors }

/** Checks the form (with `id` for a new product): the trimmed values, or a message for each wrong field. */
export function checkProduct(values: ProductValues, { isNew }: { isNew: boolean }): ProductCheck {
  const parsed = isNew ? v.safeParse(NewSchema, values) : v.safeParse(EditSchema, values)
  if (!parsed.success) return { success: false, errors: fieldErrors<ProductField>(parsed.issues) }
  return { success: true, values: { ...values, ...parsed.output } }
}

/** An id proposed from a name: 'Oxford Brogue No. 2' -> 'oxford-brogue-no-2'. */
export function idFromName(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '')
}

/** A proposed id no product has yet ('belt', 'belt-2', 'belt-3'...). */
export function uniqueId(wanted: string, taken: ReadonlySet<string>): string {
  const base = wanted || 'product'
  if (!taken.has(base)) return base
  for (let n = 2; ; n++) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`
}
