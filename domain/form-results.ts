import type { ContactFormState } from './contact-fields.ts'
import type { OrderFormState } from './order.ts'
import type { OrderGone } from './order-gone.ts'
import type { ProductFormState } from './product-form.ts'

/**
 * What a refused form brings back to its page, by form: the messages and what was typed. The post that refused it
 * answers with the page again (its status kept), or sends the visitor to it with the result in a signed cookie; either
 * way the page's own `+data` reads it from `pageContext.form`, and nothing else carries a form's result.
 */
export type FormResults = {
  /** The enquiry form, without JavaScript; with an order for a product that left the shop, what it said. */
  contact: ContactFormState & { orderGone?: OrderGone }
  /** A product's order form, without JavaScript. */
  order: OrderFormState
  /** The owner's product form (a new product, or a product's Save). */
  product: ProductFormState
  /** Publish refused: what the draft still needs. */
  publish: { missing: string[] }
  /** An upload refused, in part or whole: why. */
  upload: { error: string }
  /** A photo action or choice made on photographs that changed meanwhile: why nothing changed. */
  photoAction: { refusal: string }
  /** The four angles could not start: why. */
  angles: { error: string }
  /** The run over every product (the overview's form) could not start: why. */
  generator: { error: string }
}
