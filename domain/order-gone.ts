import { CONTACT_LIMITS, type ContactFormState } from './contact-fields.ts'
import type { OrderForm } from './order.ts'

/** What the order form's page showed of the product (posted with the order), when it says. */
export type ShownProduct = { name: string; price: string | null }

/** The page a visitor without JavaScript gets after ordering a product that left the shop meanwhile. */
export type OrderGone = { heading: string }

/**
 * Says the product is gone, and puts what the visitor typed into the message form, ready to send
 * to the shop: nothing typed is lost, and the shop hears whom to answer and what they wanted.
 */
export function orderGone(shown: ShownProduct | null, order: OrderForm): { gone: OrderGone; form: ContactFormState } {
  const what = shown ? `${shown.name}${shown.price ? ` (${shown.price})` : ''}` : 'a product'
  const lines = [
    `I was ordering ${what} when it left the shop.`,
    order.size.trim() && `Size: ${order.size.trim()}`,
    order.phone.trim() && `Phone: ${order.phone.trim()}`,
    order.address.trim() && `Delivery address: ${order.address.trim()}`,
  ].filter(Boolean)
  return {
    gone: { heading: `${shown?.name ?? 'This product'} is no longer in the shop` },
    form: {
      values: {
        firstName: order.firstName,
        lastName: order.lastName,
        email: order.email,
        subject: 'general',
        message: [...lines.join('\n')].slice(0, CONTACT_LIMITS.message).join(''),
      },
      errors: {},
    },
  }
}
