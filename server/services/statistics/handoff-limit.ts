/** Hand-offs counted per visitor and minute: filling in an order takes longer than twenty seconds. */
export const HANDOFFS_PER_MINUTE = 3
/** Visitors told apart in one minute; past them, a new one's hand-off is not counted (a flood, not orders). */
const MAX_VISITORS = 10_000

/**
 * Whether a hand-off from this visitor (their address, as the rate limits group it) may still be
 * counted this minute. Memory: one number per visitor of the current minute, at most MAX_VISITORS.
 */
export function handoffAllowance(now: () => number = Date.now): (visitor: string) => boolean {
  let minute = -1
  let counted = new Map<string, number>()
  return (visitor) => {
    const current = Math.floor(now() / 60_000)
    if (current !== minute) {
      minute = current
      counted = new Map()
    }
    const n = counted.get(visitor) ?? 0
    if (n >= HANDOFFS_PER_MINUTE || (n === 0 && counted.size >= MAX_VISITORS)) return false
    counted.set(visitor, n + 1)
    return true
  }
}
