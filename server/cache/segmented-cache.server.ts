import { LRUCache } from 'lru-cache'

type SegmentedOptions<V> = {
  maxBytes: number
  sizeOf: (value: V) => number
  protectedShare?: number
}

/**
 * An SLRU bounded by bytes: a key must be asked for twice to be protected, so a
 * flood of one-off keys churns probation only (as nginx's `proxy_cache_min_uses`).
 */
export class SegmentedCache<V extends object> {
  private readonly probation: LRUCache<string, V>
  private readonly protected: LRUCache<string, V>

  constructor({ maxBytes, sizeOf, protectedShare = 0.8 }: SegmentedOptions<V>) {
    const segment = (bytes: number, extra: Partial<LRUCache.Options<string, V, unknown>> = {}) =>
      new LRUCache<string, V>({
        maxSize: Math.max(1, Math.round(bytes)),
        sizeCalculation: (value) => Math.max(1, sizeOf(value)),
        ...extra,
      })
    this.probation = segment(maxBytes * (1 - protectedShare))
    this.protected = segment(maxBytes * protectedShare, {
      // After the eviction, as lru-cache asks: no cache call may run inside `dispose` itself.
      disposeAfter: (value, key, reason) => {
        if (reason === 'evict') this.probation.set(key, value)
      },
    })
  }

  get(key: string): V | undefined {
    const hot = this.protected.get(key)
    if (hot !== undefined) return hot
    const value = this.probation.get(key)
    if (value !== undefined) {
      this.probation.delete(key)
      this.protected.set(key, value)
    }
    return value
  }

  has(key: string): boolean {
    return this.protected.has(key) || this.probation.has(key)
  }

  add(key: string, value: V): void {
    if (!this.has(key)) this.probation.set(key, value)
  }

  /** Counts an entry's size again (it grew), in the segment that holds it, if it is still this one. */
  resize(key: string, value: V): void {
    // lru-cache counts a value's size when it is stored, not when the same value is set again.
    for (const segment of [this.protected, this.probation]) {
      if (segment.peek(key) !== value) continue
      segment.delete(key)
      segment.set(key, value)
    }
  }

  clear(): void {
    this.protected.clear()
    this.probation.clear()
  }

  get bytes(): number {
    return this.protected.calculatedSize + this.probation.calculatedSize
  }
}
