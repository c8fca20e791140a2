/** What the workspace's Orders pages show: worked out on the server, words and times ready to read. */

/** One order in the list. */
export type OrderRow = {
  id: string
  createdAt: string
  /** 'Fri 27 Nov, 10:30', UK time. */
  when: string
  /** 'Oxford Brogue, size 42', or 'Product not recognised (gift-card)'. */
  product: string
  /** As Stripe reported it: '£185.00'. */
  amount: string
  /** The name the customer gave Stripe ('' once erased). */
  name: string
  /** The state in the owner's words: 'Paid – to send', 'Sent', 'Refunded in part'... */
  state: string
  toSend: boolean
  /** Paid for a piece another order had taken: the owner refunds or makes another. */
  oversold: boolean
}

/** The list shows this many orders (those to send first, then the newest); every order is in the CSV. */
export const ORDERS_SHOWN = 200

export type OrdersListView = {
  rows: OrderRow[]
  /** How many orders there are in all (more than the rows when past ORDERS_SHOWN). */
  total: number
  counts: { toSend: number; oversold: number }
  notice: string | null
  /** Why the orders cannot be shown just now (their file cannot be read), in a sentence. */
  problem?: string
}

/** One order, whole. */
export type OrderView = OrderRow & {
  email: string
  phone: string
  /** The delivery address as Stripe collected it, one line each. */
  delivery: string[]
  /** When it was paid, failed, refunded: one sentence each, oldest first. */
  history: string[]
  /** Marked sent: when, and the tracking note. */
  sent: { when: string; tracking: string } | null
  /** An e-mail to the customer in the owner's mail app (null without an address). */
  mailHref: string | null
  /** When the customer's details were erased. */
  erased: string | null
  /** Stripe's id of the payment, for finding it in Stripe's dashboard. */
  payment: string
  notice: string | null
  /** The erase control asked for its confirmation (`?confirm=erase`). */
  confirmErase: boolean
}

/** '1 order to send', '3 orders to send'. */
export function ordersToSend(n: number): string {
  return `${n} ${n === 1 ? 'order' : 'orders'} to send`
}

/** '2 oversold: refund or make another'. */
export function oversoldOrders(n: number): string {
  return `${n} oversold: refund or make another`
}

/** Sentences shown after an action on an order (`?done=`): fixed texts, so the address carries nothing else. */
const ORDER_NOTICES = {
  sent: 'Marked as sent.',
  'not-paid': 'Only a paid order can be marked as sent.',
  erased: "The customer's details were erased from this order and every other order of theirs.",
  'confirm-first': 'Nothing was erased: confirm it first.',
  gone: 'That order is not there.',
  'not-saved':
    'That change could not be saved: the orders files cannot be written just now. Please try again in a moment.',
} as const

export type OrderNotice = keyof typeof ORDER_NOTICES

/** The table's own entry for the word in the address: `constructor` or `__proto__` are no notice. */
export function orderNotice(done: string | undefined): string | null {
  return done !== undefined && Object.hasOwn(ORDER_NOTICES, done) ? ORDER_NOTICES[done as OrderNotice] : null
}
