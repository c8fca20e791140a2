import { randomUUID } from 'node:crypto'

/**
 * Short-lived, server-side hand-over of a form's state between a POST and the page the browser
 * is redirected to (post/redirect/get without JavaScript). The redirect URL carries only a random
 * id: never the visitor's name, e-mail or message.
 *
 * Entries expire after `ttlMs` and the oldest go first beyond `max`, so a flood of bad posts costs
 * bounded memory. An entry can be read several times while it lives (a reload shows the same page).
 */
export class FormFlash<T> {
  private readonly entries = new Map<string, { value: T; expires: number }>()

  constructor(private readonly options: { ttlMs: number; max: number }) {}

  put(value: T, now = Date.now()): string {
    this.sweep(now)
    while (this.entries.size >= this.options.max) this.entries.delete(this.entries.keys().next().value!)
    const id = randomUUID()
    this.entries.set(id, { value, expires: now + this.options.ttlMs })
    return id
  }

  get(id: unknown, now = Date.now()): T | undefined {
    if (typeof id !== 'string') return undefined
    const entry = this.entries.get(id)
    if (!entry) return undefined
    if (entry.expires <= now) {
      this.entries.delete(id)
      return undefined
    }
    return entry.value
  }

  get size(): number {
    return this.entries.size
  }

  private sweep(now: number) {
    for (const [id, entry] of this.entries) {
      if (entry.expires > now) break // insertion order = expiry order
      this.entries.delete(id)
    }
  }
}
