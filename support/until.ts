import { setInterval } from 'node:timers/promises'

/**
 * Resolves with the first truthy answer of `check`, asked at once and then every `everyMs`; rejects
 * after `timeoutMs`. For code that also runs outside Vitest (benchmarks), where `vi.waitFor` is not available.
 */
export async function until<T>(
  what: string,
  check: () => Promise<T> | T,
  { timeoutMs, everyMs = 100 }: { timeoutMs: number; everyMs?: number },
): Promise<NonNullable<T>> {
  const end = Date.now() + timeoutMs
  const first = await check()
  if (first) return first
  for await (const _ of setInterval(everyMs)) {
    const value = await check()
    if (value) return value
    if (Date.now() > end) throw new Error(`Timed out after ${timeoutMs} ms waiting for ${what}`)
  }
  throw new Error('unreachable: the interval never ends')
}
