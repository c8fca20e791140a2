/** Kept apart from the product schema so the shop's buttons can ask it without loading valibot. */

/** A host name's label: letters, digits and inner hyphens (an international name arrives in its xn-- form). */
const HOST_LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/

/**
 * The longest host name DNS allows (RFC 1035), in its xn-- form. No real payment page has a longer one,
 * and each host goes into the security header of every answer, which must stay small.
 */
export const MAX_HOST_LENGTH = 253

/** The length of a link's host name when it is longer than DNS allows; null otherwise (or when it is no address). */
export function overlongHost(value: string): number | null {
  try {
    const { hostname } = new URL(value)
    return hostname.length > MAX_HOST_LENGTH ? hostname.length : null
  } catch {
    return null
  }
}

/**
 * Whether a value may be used as a card payment page: https:// and a host name with a dot, of at most
 * 253 characters (no commas or spaces, no user name). Browsers accept more, but the security headers are
 * built from these origins, and a visitor must never be sent to http:, javascript: or data:.
 */
export function isPaymentLink(value: string): boolean {
  if (!/^https:\/\//i.test(value) || /[\s\\]/.test(value)) return false
  let url: URL
  try {
    url = new URL(value)
  } catch {
    return false
  }
  const labels = url.hostname.split('.')
  return (
    url.protocol === 'https:' &&
    !url.username &&
    !url.password &&
    labels.length > 1 &&
    url.hostname.length <= MAX_HOST_LENGTH &&
    labels.every((l) => HOST_LABEL.test(l)) &&
    /^[a-z]/.test(labels.at(-1)!)
  )
}

/**
 * A typed link with https:// put in front when it names no scheme ('buy.stripe.com/x'); anything
 * else is left as typed for isPaymentLink to judge (http:, javascript:).
 */
export function withHttps(typed: string): string {
  const link = typed.trim()
  if (link === '' || /^[a-z][a-z0-9+.-]*:\/\//i.test(link)) return link
  return `https://${link.replace(/^\/\//, '')}`
}
