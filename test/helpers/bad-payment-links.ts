/** Payment links the shop must never use: each kind the owner could type or paste by mistake. */
export const BAD_PAYMENT_LINKS = [
  'https://buy,stripe.com/ash_belt', // a comma in the host
  'https://buy stripe.com/ash_belt', // a space in the host
  'https://stripe/ash_belt', // no dot
  'http://buy.stripe.com/ash_belt',
  'javascript:alert(document.cookie)',
  'data:text/html,<script>alert(1)</script>',
] as const
