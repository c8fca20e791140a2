/**
 * Orders older than the orders file keeps, one file per month of their date (UTC) beside the data file:
 * `db.json.orders-2024-03.json`, `{ "orders": [...] }`, pretty-printed, oldest first. Written by the
 * server alone, one change at a time (OrdersStore); each change rewrites its month's file only.
 */
import { readdir, readFile, stat } from 'node:fs/promises'
import path from 'node:path'
import * as v from 'valibot'
import { serializePretty } from './atomic-json-file.server.ts'
import { writeDurably } from './durable-write.server.ts'
import { StoredOrderSchema, type StoredOrder } from './order.server.ts'

const DatedOrdersSchema = v.object({ orders: v.array(StoredOrderSchema) })

export type DatedOrderFile = { month: string; file: string }

export function datedOrdersFileFor(dataFile: string, month: string): string {
  return `${dataFile}.orders-${month}.json`
}

/** The month ("2024-03", UTC) an order's file is named after; null when its date cannot be read. */
export function orderMonth(order: Pick<StoredOrder, 'createdAt'>): string | null {
  const time = Date.parse(order.createdAt)
  return Number.isNaN(time) ? null : new Date(time).toISOString().slice(0, 7)
}

/** Newest month first. */
export async function listDatedOrderFiles(dataFile: string): Promise<DatedOrderFile[]> {
  const base = `${path.basename(dataFile)}.orders-`
  const names = await readdir(path.dirname(dataFile)).catch((err: NodeJS.ErrnoException) => {
    if (err.code === 'ENOENT') return [] as string[]
    throw err
  })
  const found: DatedOrderFile[] = []
  for (const name of names) {
    const month = name.startsWith(base) ? /^(\d{4}-\d{2})\.json$/.exec(name.slice(base.length))?.[1] : undefined
    if (month) found.push({ month, file: path.join(path.dirname(dataFile), name) })
  }
  return found.sort((a, b) => b.month.localeCompare(a.month))
}

/** What was read, kept while the file is unchanged on disk (the workspace lists orders often). */
const reads = new Map<string, { key: string; orders: readonly StoredOrder[] }>()
const MAX_KEPT_FILES = 120

/** A month's orders; a missing file has none; an unreadable one throws, naming it. */
export async function readDatedOrders(file: string): Promise<readonly StoredOrder[]> {
  const st = await stat(file, { bigint: true }).catch((err: NodeJS.ErrnoException) => {
    if (err.code === 'ENOENT') return null
    throw err
  })
  if (!st) return []
  const key = `${st.ino}:${st.size}:${st.mtimeNs}`
  const kept = reads.get(file)
  if (kept?.key === key) return kept.orders
  let orders: readonly StoredOrder[]
  try {
    orders = v.parse(DatedOrdersSchema, JSON.parse(await readFile(file, 'utf8'))).orders
  } catch (err) {
    throw new Error(`Cannot read the orders in ${file}: ${(err as Error).message}`, { cause: err })
  }
  if (reads.size >= MAX_KEPT_FILES) reads.delete(reads.keys().next().value!)
  reads.set(file, { key, orders })
  return orders
}

/** Replaces a month's orders, oldest first. */
export async function writeDatedOrders(file: string, orders: readonly StoredOrder[]): Promise<void> {
  const sorted = [...orders].sort((a, b) => Date.parse(a.createdAt) - Date.parse(b.createdAt))
  reads.delete(file)
  await writeDurably(file, serializePretty({ orders: sorted }))
}
