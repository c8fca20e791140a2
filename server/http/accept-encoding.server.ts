import Negotiator from 'negotiator'

export type Encoding = 'br' | 'gzip' | 'identity'

/** The codings we keep, best first: used when a browser accepts several equally (most do). */
const CODINGS: Encoding[] = ['br', 'gzip', 'identity']

/** Browsers send a handful of distinct Accept-Encoding values: each is negotiated once. */
const preferences = new Map<string, Encoding[]>()

/** The codings a request accepts, best first (negotiator applies HTTP's rules: q-values, `*`, `identity`). */
export function preferredEncodings(acceptEncoding: string | undefined): Encoding[] {
  const header = acceptEncoding ?? ''
  let order = preferences.get(header)
  if (!order) {
    const negotiator = new Negotiator({ headers: { 'accept-encoding': header } }) as unknown as {
      // The `preferred` option (ties between equally accepted codings) is documented, not yet typed.
      encodings(available: readonly string[], options: { preferred: readonly string[] }): string[]
    }
    order = negotiator.encodings(CODINGS, { preferred: CODINGS }) as Encoding[]
    if (preferences.size >= 100) preferences.clear() // the header is the client's to choose: bounded
    preferences.set(header, order)
  }
  return order
}
