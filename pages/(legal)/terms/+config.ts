import type { Config } from 'vike/types'

export default {
  title: 'Terms & Conditions | Ashbourne Leather',
  description:
    'The terms on which Ashbourne Leather LTD sells handmade leather ' +
    'footwear, bags and belts: ordering, card payment, delivery, your 14-day ' +
    'right to cancel, faulty goods and refunds.',
} satisfies Config
