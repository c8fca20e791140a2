import type { Config } from 'vike/types'

export default {
  title: 'Terms & Conditions | Ashbourne Leather',
  description: 'The Terms & Conditions of Ashbourne Leather LTD.',
} satisfies Config
