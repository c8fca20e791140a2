import { readFile } from 'node:fs/promises'
import request from 'supertest'
import { checkoutSession, postEvent, signed, stripeEvent, type Buyer } from '../../support/stripe-events.ts'
import type { TestServer } from './server.ts'

/** An order as the orders file holds it; `T` names more fields a test reads. */
export type OrderOnDisk = Record<string, unknown> & {
  id: string
  events: string[]
  productId?: string | null
  payment?: string
  stock?: { held: boolean; move?: unknown }
  customer?: Record<string, unknown> | null
}

/** The orders file as a restart reads it: the last line of each order wins. */
export async function ordersOnDisk(dataFile: string): Promise<OrderOnDisk[]> {
  const text = await readFile(`${dataFile}.orders.jsonl`, 'utf8').catch(() => '')
  const latest = new Map<string, OrderOnDisk>()
  for (const line of text.split('\n').filter(Boolean)) {
    const { order } = JSON.parse(line) as { order: OrderOnDisk }
    latest.set(order.id, order)
  }
  return [...latest.values()]
}

/** A product's counted stock in the data file on disk. */
export async function stockOnDisk(dataFile: string, id: string): Promise<number | undefined> {
  const data = JSON.parse(await readFile(dataFile, 'utf8')) as { products: { id: string; stock?: number }[] }
  return data.products.find((p) => p.id === id)?.stock
}

/** Posts a signed event to the app (or a raw body with a header of the test's own). */
export function sendEvent(
  t: Pick<TestServer, 'app'>,
  event: object | string,
  options: Parameters<typeof signed>[1] & { signature?: string | null } = {},
) {
  const { body, signature } = signed(event, options)
  const req = request(t.app).post('/api/payments/stripe').set('Content-Type', 'application/json')
  const header = options.signature === undefined ? signature : options.signature
  return (header === null ? req : req.set('Stripe-Signature', header)).send(body)
}

/** Sets a product's counted stock through the store, as the owner's form would. */
export async function setStock(t: TestServer, id: string, stock: number | undefined, showFewLeft?: boolean) {
  await t.store.updateProduct(id, (p) => {
    const { stock: _, showFewLeft: __, ...rest } = p
    return {
      ...rest,
      ...(stock === undefined ? {} : { stock }),
      ...(showFewLeft === undefined ? {} : { showFewLeft }),
    }
  })
}

/** A paid order, its event signed and posted to a listening shop (STRIPE_WEBHOOK_SECRET set); resolves to its id. */
export async function paidOrder(t: TestServer, session: Parameters<typeof checkoutSession>[0] = {}): Promise<string> {
  const s = checkoutSession(session)
  const { status } = await postEvent(t.url, stripeEvent('checkout.session.completed', s))
  if (status !== 200) throw new Error(`the shop answered the paid order's event ${status}`)
  const order = (await t.services.orders.list()).find((o) => o.sessionId === s.id)
  if (!order) throw new Error('the paid order is not in the list')
  return order.id
}

/** A customer of their own for each `n`: 'Customer 7', customer.7@example.com, '7 Tannery Row'. */
export const buyer = (n: string): Buyer => ({
  name: `Customer ${n}`,
  email: `customer.${n}@example.com`,
  phone: `+44770090${n.padStart(4, '0')}`,
  line1: `${n} Tannery Row`,
  city: 'Northampton',
  postalCode: `NN${n} 1AA`,
})
