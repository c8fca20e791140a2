import { isToSend } from '../domain/shop-order.ts'
import {
  datedOrdersFileFor,
  listDatedOrderFiles,
  orderMonth,
  readDatedOrders,
  writeDatedOrders,
} from './dated-orders.server.ts'
import { frozenUnderTest } from './freeze.server.ts'
import type { StoredOrder } from './order.server.ts'
import { OrdersFile, ordersFileFor } from './orders-file.server.ts'

/** The orders file keeps the orders of this many days, and any older one still to send or settle. */
export const DAYS_OF_ORDERS_IN_PLAY = 30
/** The policies keep order records 7 years; the customer's details go then, the amounts and dates stay. */
export const CUSTOMER_KEPT_YEARS = 7
const DAY_MS = 24 * 60 * 60 * 1000

type Logger = { error(obj: object, msg: string): void }

/** An order is looked for by its own id, or by the ids of Stripe's objects that name it. */
export type OrderKey = { id?: string; sessionId?: string; paymentIntent?: string }

/** Before this moment (7 years back, to the day), an order keeps no customer details. */
export function customerKeptSince(now: number): number {
  const cutoff = new Date(now)
  cutoff.setUTCFullYear(cutoff.getUTCFullYear() - CUSTOMER_KEPT_YEARS)
  return cutoff.getTime()
}

/** The order with the customer's details gone (tracking notes too: they lead to an address); the rest kept. */
export function withoutCustomer(order: StoredOrder, at: string): StoredOrder {
  const sent = order.sent ? { at: order.sent.at } : undefined
  const notification =
    order.notification?.status === 'pending' ? { ...order.notification, status: 'disabled' as const } : undefined
  return {
    ...order,
    customer: null,
    erasedAt: order.erasedAt ?? at,
    ...(sent ? { sent } : {}),
    ...(notification ? { notification } : {}),
  }
}

/** Settled: nothing left to do for it, so it may leave the orders file once old. */
function settled(order: StoredOrder): boolean {
  return (
    !isToSend(order) && order.payment !== 'awaiting' && !order.stock?.move && order.notification?.status !== 'pending'
  )
}

/**
 * The one writer of the orders file and its dated files (the server holding the data file's lock):
 * changes run one at a time (`serial`), and each is on disk before it resolves.
 */
export class OrdersStore {
  private readonly live = new Map<string, StoredOrder>()
  private readonly bySession = new Map<string, string>()
  private readonly byIntent = new Map<string, string>()
  private tail: Promise<unknown> = Promise.resolve()
  /** The months that have a dated file: written by this store alone, so listed once (a new order costs no look). */
  private months: Promise<Set<string>> | null = null

  private constructor(
    readonly dataFile: string,
    private readonly file: OrdersFile,
    private readonly logger: Logger,
  ) {}

  /** Reads the orders file; a line a crash cut short is left out (it was never answered). */
  static async open(dataFile: string, logger: Logger): Promise<OrdersStore> {
    const file = new OrdersFile(ordersFileFor(dataFile))
    const store = new OrdersStore(dataFile, file, logger)
    const { orders, damaged } = await file.read()
    if (damaged > 0)
      logger.error({ file: file.file, damaged }, `${damaged} lines of ${file.file} could not be read and are left out.`)
    for (const order of orders) store.remember(order)
    return store
  }

  /** The orders in the orders file, in the order they came. */
  get orders(): StoredOrder[] {
    return [...this.live.values()]
  }

  /** Runs `job` after every change before it; nothing else changes the files meanwhile. */
  serial<T>(job: () => Promise<T>): Promise<T> {
    const run = this.tail.then(job, job)
    this.tail = run.catch(() => {})
    return run
  }

  /** Once the changes under way are on disk, lets go of the orders file. */
  close(): Promise<void> {
    return this.serial(() => this.file.close())
  }

  /** Holds every change until the returned function is called (a backup's one moment); resolves once none runs. */
  async hold(): Promise<() => void> {
    let release!: () => void
    const gate = new Promise<void>((resolve) => (release = resolve))
    await new Promise<void>((entered) => void this.serial(() => (entered(), gate)))
    return release
  }

  /** The order an event's ids name, in the orders file or a dated file (of `months` only, when given). */
  async find(key: OrderKey, months?: readonly string[]): Promise<StoredOrder | undefined> {
    const id =
      (key.id !== undefined && this.live.has(key.id) ? key.id : undefined) ??
      (key.sessionId !== undefined ? this.bySession.get(key.sessionId) : undefined) ??
      (key.paymentIntent !== undefined ? this.byIntent.get(key.paymentIntent) : undefined)
    if (id !== undefined) return this.live.get(id)
    const dated = [...(await this.datedMonths())].sort().reverse()
    const files = dated.filter((m) => !months || months.includes(m)).map((m) => datedOrdersFileFor(this.dataFile, m))
    for (const file of files) {
      const found = (await this.readDated(file)).find(
        (o) =>
          (key.id !== undefined && o.id === key.id) ||
          (key.sessionId !== undefined && o.sessionId === key.sessionId) ||
          (key.paymentIntent !== undefined && o.paymentIntent === key.paymentIntent),
      )
      if (found) return found
    }
    return undefined
  }

  /** Every order, the orders file's and the dated files' (a dated file that cannot be read is logged and left out). */
  async all(): Promise<StoredOrder[]> {
    const all = this.orders
    for (const { file } of await listDatedOrderFiles(this.dataFile)) {
      for (const order of await this.readDated(file)) if (!this.live.has(order.id)) all.push(order)
    }
    return all
  }

  /**
   * Writes new versions of orders, on disk before it resolves: one in a dated file is changed there
   * (its month's file rewritten), any other appended to the orders file. Call it inside `serial`.
   */
  async put(orders: readonly StoredOrder[]): Promise<void> {
    const toFile: StoredOrder[] = []
    for (const order of orders) {
      if (this.live.has(order.id)) toFile.push(order)
      else if (!(await this.changeDated(order))) toFile.push(order)
    }
    await this.file.append(toFile)
    for (const order of toFile) this.remember(order)
    if (this.file.wantsRewrite(this.live.size)) await this.file.rewrite(this.orders)
  }

  /**
   * Erases the customer's details from these orders wherever they are, and rewrites the
   * orders file whole, so no older line of it still holds them. Call it inside `serial`.
   */
  async erase(ids: ReadonlySet<string>, at: string): Promise<void> {
    for (const { file } of await listDatedOrderFiles(this.dataFile)) {
      const orders = await this.readDated(file)
      if (orders.some((o) => ids.has(o.id)))
        await writeDatedOrders(
          file,
          orders.map((o) => (ids.has(o.id) ? withoutCustomer(o, at) : o)),
        )
    }
    const live = this.orders.map((o) => (ids.has(o.id) ? withoutCustomer(o, at) : o))
    await this.file.rewrite(live)
    for (const order of live) if (ids.has(order.id)) this.remember(order)
  }

  /**
   * The orders whose customer's details are due to go (7 years after the order), wherever they are.
   * Dated files of months entirely before the cutoff are the only ones read.
   */
  async dueToErase(now = Date.now()): Promise<StoredOrder[]> {
    const since = customerKeptSince(now)
    const due = (o: StoredOrder) => o.customer != null && Date.parse(o.createdAt) < since
    const found = this.orders.filter(due)
    const lastMonth = new Date(since).toISOString().slice(0, 7)
    for (const { month, file } of await listDatedOrderFiles(this.dataFile))
      if (month <= lastMonth) found.push(...(await this.readDated(file)).filter(due))
    return found
  }

  /** Moves settled orders older than the orders file keeps to their months' files, then rewrites it without them. */
  async moveOlder(now = Date.now()): Promise<void> {
    const cutoff = now - DAYS_OF_ORDERS_IN_PLAY * DAY_MS
    const due = this.orders.filter((o) => Date.parse(o.createdAt) < cutoff && settled(o) && orderMonth(o))
    if (due.length === 0) return
    const byMonth = new Map<string, StoredOrder[]>()
    for (const order of due) byMonth.set(orderMonth(order)!, [...(byMonth.get(orderMonth(order)!) ?? []), order])
    for (const [month, orders] of byMonth) {
      const file = datedOrdersFileFor(this.dataFile, month)
      const existing = await readDatedOrders(file)
      // One there already was moved by a move cut short, and may have changed since: its version stays.
      const have = new Set(existing.map((o) => o.id))
      await writeDatedOrders(file, [...existing, ...orders.filter((o) => !have.has(o.id))])
      ;(await this.datedMonths()).add(month)
    }
    const staying = this.orders.filter((o) => !due.includes(o))
    await this.file.rewrite(staying)
    for (const order of due) this.forget(order)
  }

  private datedMonths(): Promise<Set<string>> {
    this.months ??= listDatedOrderFiles(this.dataFile).then((files) => new Set(files.map((f) => f.month)))
    this.months.catch(() => (this.months = null)) // listed again at the next look
    return this.months
  }

  private async readDated(file: string): Promise<readonly StoredOrder[]> {
    try {
      return await readDatedOrders(file)
    } catch (err) {
      this.logger.error({ file, err }, `${(err as Error).message} Its orders are left out until it is fixed.`)
      return []
    }
  }

  /** Changes an order that lives in a dated file; false when it is in none. */
  private async changeDated(order: StoredOrder): Promise<boolean> {
    const month = orderMonth(order)
    if (!month || !(await this.datedMonths()).has(month)) return false
    const file = datedOrdersFileFor(this.dataFile, month)
    const orders = await readDatedOrders(file)
    if (!orders.some((o) => o.id === order.id)) return false
    await writeDatedOrders(
      file,
      orders.map((o) => (o.id === order.id ? order : o)),
    )
    return true
  }

  private remember(order: StoredOrder) {
    const frozen = frozenUnderTest(order)
    this.live.set(order.id, frozen)
    if (order.sessionId) this.bySession.set(order.sessionId, order.id)
    if (order.paymentIntent) this.byIntent.set(order.paymentIntent, order.id)
  }

  private forget(order: StoredOrder) {
    this.live.delete(order.id)
    if (order.sessionId) this.bySession.delete(order.sessionId)
    if (order.paymentIntent) this.byIntent.delete(order.paymentIntent)
  }
}
