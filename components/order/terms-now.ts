import { NOT_CHECKED, termsChange, termsOf, goneSentence } from '../../domain/order-terms.ts'
import type { Product } from '../../domain/product.ts'
import { isPaymentLink } from '../../domain/payment-link.ts'
import { ApiError, apiGet } from '../../lib/api.ts'

/** The owner's file now holds a payment link the site will not send anyone to. */
const OFFLINE = 'This product cannot be ordered online just now. Please get in touch to order it.'

/** The product as the shop sells it now: on the terms shown, or what changed (`closed`: it takes no order). */
export type TermsNow =
  { same: true; product: Product } | { same: false; product?: Product; sentence: string; closed: boolean }

/** Asks the shop with a GET, so nothing the visitor typed leaves the page. */
export async function termsNow(shown: Product): Promise<TermsNow> {
  let now: Product
  try {
    now = (await apiGet<Product>(`/api/products/${encodeURIComponent(shown.id)}`)) as Product
  } catch (err) {
    if (err instanceof ApiError && err.status === 404)
      return { same: false, sentence: goneSentence(shown.category), closed: true }
    return { same: false, sentence: NOT_CHECKED, closed: false }
  }
  if (!isPaymentLink(now.paymentLink)) return { same: false, sentence: OFFLINE, closed: true }
  const change = termsChange(now, termsOf(shown))
  return change
    ? { same: false, product: now, sentence: change.sentence, closed: change.soldOut }
    : { same: true, product: now }
}

/** Tells the shop an order went on to the payment page: a GET naming the product alone, never waited for. */
export function countHandoff(product: Product): void {
  void fetch(`/api/handoff/${encodeURIComponent(product.id)}`, { credentials: 'include', keepalive: true }).catch(
    () => {},
  )
}
