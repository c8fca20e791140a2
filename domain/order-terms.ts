import { availabilityOf, type Availability } from './availability.ts'
import type { Category } from './business.ts'
import type { Product } from './product.ts'

/** What a visitor agrees to by ordering: the price and availability the page showed them. */
export type OrderTerms = { price: string; availability: Availability; leadTime: string }

/** The order form carries the terms it was shown with, so a post can be checked against the product now. */
export const TERMS_FIELDS = {
  price: 'shownPrice',
  availability: 'shownAvailability',
  leadTime: 'shownLeadTime',
} as const

/** And the product's name as the page showed it, so an answer can name the product once it has left the shop. */
export const SHOWN_NAME_FIELD = 'shownName'

type HasTerms = Pick<Product, 'price' | 'availability' | 'leadTime'>

export function termsOf(product: HasTerms): OrderTerms {
  const availability = availabilityOf(product)
  return {
    price: product.price,
    availability,
    leadTime: availability === 'made-to-order' ? (product.leadTime ?? '') : '',
  }
}

/** The shop could not be asked (the connection dropped): nothing is ordered, and the visitor may try again. */
export const NOT_CHECKED = 'We could not check this product just now. Please try again in a moment.'

/** How a sentence names one product of each category. */
const THIS_ONE: Record<Category, string> = { bags: 'This bag', belts: 'This belt', footwear: 'This pair' }

/** Why an order cannot go ahead on the terms shown: what changed, in plain words; `soldOut` takes no order at all. */
export type TermsChange = { soldOut: boolean; sentence: string }

/** Null when the product is still sold on the terms shown. */
export function termsChange(product: HasTerms & Pick<Product, 'category'>, shown: OrderTerms): TermsChange | null {
  const now = termsOf(product)
  if (now.availability === 'sold-out')
    return { soldOut: true, sentence: `${THIS_ONE[product.category]} sold out a moment ago.` }
  const changes: string[] = []
  if (now.price !== shown.price) changes.push(`The price is now ${now.price}.`)
  if (now.availability !== shown.availability || now.leadTime !== shown.leadTime)
    changes.push(availabilityNow(now, shown))
  if (changes.length === 0) return null
  return { soldOut: false, sentence: [...changes, 'Press Purchase again to order on these terms.'].join(' ') }
}

/** The product was taken off the shop meanwhile. */
export function goneSentence(category: Category): string {
  return `${THIS_ONE[category]} is no longer in the shop.`
}

function availabilityNow(now: OrderTerms, shown: OrderTerms): string {
  if (now.availability !== 'made-to-order') return 'It is now in stock.'
  return shown.availability === 'made-to-order'
    ? `It will now be ready in ${now.leadTime}.`
    : `It is now made to order: ready in ${now.leadTime}.`
}
