/** Payment links the shop must never use: each kind the owner could type or paste by mistake. */
export const BAD_PAYMENT_LINKS = [
  'https://buy,stripe.com/ash_belt', // a comma in the host
  'https://buy stripe.com/ash_belt', // a space in the host
  'https://stripe/ash_belt', // no dot
  'http://buy.stripe.com/ash_belt',
  'javascript:alert(document.cookie)',
  'data:text/html,<script>alert(1)</script>',
] as const

/**
 * A host name of exactly `length` characters (labels of at most 63, so only its length can be wrong),
 * told apart by `n`: 253, the most DNS allows, is the longest a payment link may have.
 */
export function hostOfLength(length: number, n = 0): string {
  const end = `pay-${n}.example.com`
  const labels: string[] = []
  let left = length - end.length
  while (left > 0) {
    let size = Math.min(63, left - 1)
    if (left - size - 1 === 1) size -= 1 // never a last label of no character
    labels.push('a'.repeat(size))
    left -= size + 1
  }
  return [...labels, end].join('.')
}
