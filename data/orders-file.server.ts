/**
 * The orders in play (the last 30 days, and older ones still to send or settle) in a file of their own beside
 * the data file, one JSON line per change, appended and flushed before Stripe is answered; older orders live in
 * dated files (dated-orders.server.ts). docs/decisions.md says why orders are not in the data file.
 */
import { open, readFile, type FileHandle } from 'node:fs/promises'
import path from 'node:path'
import * as v from 'valibot'
import { PRIVATE_MODE, writeDurably } from './durable-write.server.ts'
import { syncFolder } from './fsync.server.ts'
import { StoredOrderSchema, type StoredOrder } from './order.server.ts'

export const ordersFileFor = (dataFile: string) => `${dataFile}.orders.jsonl`

export type OrdersFileContents = {
  /** The latest version of each order, in the order they first appeared. */
  orders: StoredOrder[]
  /** Lines that could not be read (not the last line cut short by a crash, which never was answered). */
  damaged: number
}

const line = (order: StoredOrder) => `${JSON.stringify({ order })}\n`

export class OrdersFile {
  /** Lines appended since the file was last rewritten. */
  private appended = 0
  /** The file ends in a line a crash cut short: the next line starts on a line of its own. */
  private cutShort = false
  /** Kept open between appends (each event costs a write and a flush, not an open and a close too). */
  private handle: Promise<FileHandle> | null = null

  constructor(readonly file: string) {}

  async read(): Promise<OrdersFileContents> {
    let text: string
    try {
      text = await readFile(this.file, 'utf8')
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return { orders: [], damaged: 0 }
      throw err
    }
    const latest = new Map<string, StoredOrder>()
    const lines = text.split('\n')
    let damaged = 0
    lines.forEach((raw, i) => {
      if (raw.trim() === '') return
      try {
        const order = v.parse(StoredOrderSchema, (JSON.parse(raw) as { order?: unknown }).order)
        latest.delete(order.id) // its latest version takes the place of its last change
        latest.set(order.id, order)
      } catch {
        if (i !== lines.length - 1) damaged++
      }
    })
    this.appended = lines.length
    this.cutShort = text !== '' && !text.endsWith('\n')
    return { orders: [...latest.values()], damaged }
  }

  /** Appends each order's new version and flushes it; resolves once it is on disk. */
  async append(orders: readonly StoredOrder[]): Promise<void> {
    if (orders.length === 0) return
    const text = Buffer.from(`${this.cutShort ? '\n' : ''}${orders.map(line).join('')}`, 'utf8')
    this.cutShort = true // until the append is whole: one that fails may leave part of a line
    try {
      const handle = await this.opened()
      const { bytesWritten } = await handle.write(text)
      if (bytesWritten !== text.length) throw new Error(`wrote ${bytesWritten} of ${text.length} bytes to ${this.file}`)
      await handle.sync()
    } catch (err) {
      await this.close()
      throw err
    }
    this.cutShort = false
    this.appended += orders.length
  }

  /** Whether enough old versions have piled up to be worth rewriting the file for `orders` orders. */
  wantsRewrite(orders: number): boolean {
    return this.appended > Math.max(500, orders * 2)
  }

  /**
   * Replaces the file by one line per order (atomically): after an erasure, no older
   * line holds what was erased; after a move, the moved orders are gone from it.
   */
  async rewrite(orders: readonly StoredOrder[]): Promise<void> {
    await this.close() // the file is replaced: the next append opens the new one
    await writeDurably(this.file, orders.map(line).join(''))
    this.appended = orders.length
    this.cutShort = false
  }

  async close(): Promise<void> {
    const handle = this.handle
    this.handle = null
    await (await handle?.catch(() => null))?.close().catch(() => {})
  }

  private opened(): Promise<FileHandle> {
    this.handle ??= (async () => {
      const handle = await open(this.file, 'a', PRIVATE_MODE)
      // A new file's name is flushed with its folder, as appendDurably does.
      if ((await handle.stat()).size === 0) await syncFolder(path.dirname(this.file))
      return handle
    })()
    this.handle.catch(() => (this.handle = null))
    return this.handle
  }
}
