import type { Config } from 'vike/types'

export default {
  title: 'Returns Policy | Ashbourne Leather',
  description:
    'How to cancel, return or exchange a handmade leather item from ' +
    'Ashbourne Leather: 14-day cancellation, returns, faulty goods and ' +
    'refunds to your card.',
} satisfies Config
