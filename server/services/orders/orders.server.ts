import type { Logger } from 'pino'
import type { Notification } from '../../../data/enquiry.server.ts'
import type { StoredOrder } from '../../../data/order.server.ts'
import { OrdersStore } from '../../../data/orders-store.server.ts'
import { StoreWriteError, type Store } from '../../../data/store.server.ts'
import { isToSend } from '../../../domain/shop-order.ts'
import type { CatalogueService } from '../catalogue.server.ts'
import type { MailOutbox, MailQueue } from '../mail-outbox.server.ts'
import { withFacts, withStockIntent, type OrderFacts } from './order-facts.server.ts'
import { buildOrderMail } from './order-mail.server.ts'
import { ordersCsv, salesByDay, type DaySales } from './order-reports.server.ts'
import type { EventFacts } from './stripe-event.server.ts'

/** What became of an event: stored, already applied (a retry, a replay), or of a kind the shop leaves alone. */
export type Handled = 'stored' | 'duplicate' | 'ignored'

export type OrdersDeps = {
  store: Store
  catalogue: CatalogueService
  outbox: MailOutbox
  logger: Logger
}

/** How often settled orders move to their dated files and expired customer details are erased. */
const TIDY_EVERY_MS = 60 * 60 * 1000
/** A tracking note: a carrier's number, a word or two. */
const TRACKING_MAX = 200

/** The newest first, those still to send before them. */
export function inListOrder(orders: StoredOrder[]): StoredOrder[] {
  const times = new Map(orders.map((o) => [o, Date.parse(o.createdAt) || 0]))
  return orders.sort((a, b) => Number(isToSend(b)) - Number(isToSend(a)) || times.get(b)! - times.get(a)!)
}

/**
 * The shop's orders, made from Stripe's events (docs/decisions.md, orders): each event is stored, with the
 * change of stock it asks for, before it is answered; the owner's marks and erasures go through here too.
 */
export class OrdersService {
  private readonly ready: Promise<OrdersStore>
  private timer: NodeJS.Timeout | null = null

  constructor(private readonly deps: OrdersDeps) {
    this.ready = OrdersStore.open(deps.store.file, deps.logger)
    this.ready.catch(() => {}) // reported where it is awaited
    deps.outbox.add(this.mailQueue())
    // A backup's copy is one moment of the orders too.
    deps.store.alsoPause(async () => (await this.ready.catch(() => null))?.hold() ?? (() => {}))
  }

  /** Applies a verified event; resolves once all it changed (the order, the product's stock) is on disk. */
  async handle(facts: EventFacts): Promise<Handled> {
    if (facts.kind === 'other') return 'ignored'
    const orders = await this.ready
    const outcome = await orders.serial(async () => {
      const sessionId = facts.kind === 'session' ? facts.session.sessionId : undefined
      const paymentIntent = facts.kind === 'session' ? facts.session.paymentIntent : facts.paymentIntent
      // A checkout's order is dated by the checkout, so only its month's file can hold it; a refund may be of any.
      const months =
        facts.kind === 'session' && facts.session.createdAt ? [facts.session.createdAt.slice(0, 7)] : undefined
      const found =
        (sessionId ? await orders.find({ sessionId }, months) : undefined) ??
        (paymentIntent ? await orders.find({ paymentIntent }, months) : undefined)
      if (found?.events.includes(facts.eventId)) {
        // Applied already; a change of stock an earlier try left unfinished (it was not answered 2xx) is finished.
        return { order: await this.settleStock(orders, found), stored: false }
      }
      const next = withStockIntent(this.withFacts(found, facts), this.deps.store.products)
      await orders.put([next])
      this.deps.logger.info(
        { order: next.id, event: facts.eventId, kind: facts.kind },
        found ? 'Order updated from a Stripe event' : 'Order stored from a Stripe event',
      )
      if (next.oversold && !found?.oversold)
        this.deps.logger.warn({ order: next.id, product: next.productId }, 'Order paid for a piece no longer in stock')
      return { order: await this.settleStock(orders, next), stored: true }
    })
    if (outcome.order.notification?.status === 'pending') this.deps.outbox.deliverSoon()
    return outcome.stored ? 'stored' : 'duplicate'
  }

  /**
   * Finishes what an earlier run left (a stock change a crash cut short), then tidies every hour. The shop
   * starts whatever this finds: what cannot be done now is logged, and done when Stripe sends the event again.
   */
  async start(): Promise<void> {
    this.timer = setInterval(() => void this.tidy(), TIDY_EVERY_MS)
    this.timer.unref()
    const orders = await this.ready.catch((err: Error) => {
      this.deps.logger.error({ err }, `The orders file cannot be read: ${err.message}; no order is taken until it can.`)
      return null
    })
    if (!orders) return
    await orders
      .serial(async () => {
        for (const order of orders.orders) if (order.stock?.move) await this.settleStock(orders, order)
      })
      .catch((err: Error) =>
        this.deps.logger.error({ err }, `A change of stock left by the last run could not be made: ${err.message}`),
      )
    await this.tidy()
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer)
    await (await this.ready.catch(() => null))?.close()
  }

  /** Every order, those still to send first, then the newest first. */
  async list(): Promise<StoredOrder[]> {
    return inListOrder(await (await this.ready).all())
  }

  async find(id: string): Promise<StoredOrder | undefined> {
    return (await this.ready).find({ id })
  }

  /** For "Needs you": orders paid and not yet sent, and those that paid for a piece another order had taken. */
  async counts(): Promise<{ toSend: number; oversold: number }> {
    const live = (await this.ready).orders
    return {
      toSend: live.filter(isToSend).length,
      oversold: live.filter((o) => o.oversold && isToSend(o)).length,
    }
  }

  /** Every order as CSV for the accountant, in the list's order (one chunk per row). */
  async csv(): Promise<Generator<string>> {
    return ordersCsv(await this.list())
  }

  /** For Visits: paid orders per UK day, per product, and the takings (net of refunds), `from`..`to` (YYYY-MM-DD). */
  async salesByDay(range: { from?: string; to?: string } = {}): Promise<DaySales[]> {
    return salesByDay(await (await this.ready).all(), range)
  }

  /** The owner's mark, with an optional tracking note; null when there is no such order or it is not paid. */
  async markSent(id: string, tracking = ''): Promise<StoredOrder | null> {
    const orders = await this.ready
    return orders.serial(async () => {
      const order = await orders.find({ id })
      if (!order || order.payment !== 'paid') return null
      const note = tracking
        .replace(/[\p{Cc}\u2028\u2029]+/gu, ' ')
        .trim()
        .slice(0, TRACKING_MAX)
      const next = { ...order, sent: { at: new Date().toISOString(), ...(note ? { tracking: note } : {}) } }
      await orders.put([next])
      return next
    })
  }

  /**
   * Erases a customer's details (a request under UK GDPR) from this order and every other order with
   * their e-mail address, in every file the orders are kept in; amounts and dates stay. Resolves to the
   * number of orders erased (0: no such order).
   */
  async eraseCustomer(id: string): Promise<number> {
    const orders = await this.ready
    return orders.serial(async () => {
      const order = await orders.find({ id })
      if (!order) return 0
      const email = order.customer?.email?.trim().toLowerCase()
      const theirs = email
        ? (await orders.all()).filter((o) => o.customer?.email?.trim().toLowerCase() === email)
        : [order]
      const ids = new Set([order.id, ...theirs.map((o) => o.id)])
      await orders.erase(ids, new Date().toISOString())
      this.deps.logger.info({ order: id, orders: ids.size }, "A customer's details were erased from their orders")
      return ids.size
    })
  }

  /** Settled orders older than the orders file keeps go to dated files; customer details 7 years on are erased. */
  async tidy(now = Date.now()): Promise<void> {
    const orders = await this.ready.catch(() => null)
    if (!orders) return
    await orders
      .serial(async () => {
        const due = await orders.dueToErase(now)
        if (due.length > 0) await orders.erase(new Set(due.map((o) => o.id)), new Date(now).toISOString())
        await orders.moveOlder(now)
      })
      .catch((err: Error) =>
        this.deps.logger.error({ err }, `Could not tidy the orders files: ${err.message}; tried again later.`),
      )
  }

  private withFacts(found: StoredOrder | undefined, facts: OrderFacts): StoredOrder {
    const notification = (): Notification => this.deps.outbox.initialNotification()
    return withFacts(found, facts, this.deps.store.products, notification)
  }

  /**
   * Moves the product's stock as the order asks, then records that it did. The move is made only if the
   * stock still reads what it read when asked (see CatalogueService.changeProduct): a move done before a
   * crash is never done twice, and a count the owner changed meanwhile stands. Call it inside `serial`.
   */
  private async settleStock(orders: OrdersStore, order: StoredOrder): Promise<StoredOrder> {
    const move = order.stock?.move
    if (!move) return order
    const moved = await this.deps.catalogue.changeProduct(
      move.productId,
      (p) => (p.stock === move.from ? { ...p, stock: move.to } : null),
      { who: 'order', action: 'stock', orderId: order.id },
    )
    if (!moved) await this.recordMoveDone(order.id, move)
    const settled = { ...order, stock: { held: move.to < move.from } }
    await orders.put([settled])
    return settled
  }

  /**
   * A move the data file already shows (a crash after its write) is put in the history if the crash came
   * before the history had it. Appended directly: this only runs while finishing an interrupted move.
   */
  private async recordMoveDone(orderId: string, move: { productId: string; from: number; to: number }) {
    const { history } = this.deps.catalogue
    const product = this.deps.store.products.find((p) => p.id === move.productId)
    if (product?.stock !== move.to) return // the owner recounted, or removed it: their count stands
    if ((await history.all()).some((e) => e.orderId === orderId && e.after?.stock === move.to)) return
    const before = { ...product, stock: move.from }
    await history.record([{ who: 'order', action: 'stock', productId: product.id, before, after: product, orderId }])
  }

  /** The owner's e-mail of each paid order, sent by the outbox as an enquiry's is. */
  private mailQueue(): MailQueue {
    const waiting = (o: StoredOrder): o is StoredOrder & { notification: Notification } =>
      o.notification?.status === 'pending'
    let live: OrdersStore | null = null
    void this.ready.then((orders) => (live = orders)).catch(() => {})
    return {
      name: 'order',
      waiting: () => live?.orders.filter(waiting) ?? [],
      mailOf: (id, addresses) => {
        const order = live?.orders.find((o) => o.id === id)
        return order && waiting(order) ? buildOrderMail(order, addresses) : null
      },
      record: async (id, change) => {
        const orders = await this.ready
        await orders
          .serial(async () => {
            const order = await orders.find({ id })
            if (order?.notification) await orders.put([{ ...order, notification: change(order.notification) }])
          })
          .catch((err: Error) => {
            throw new StoreWriteError(`Could not record the e-mail of order ${id}: ${err.message}`)
          })
      },
    }
  }
}
