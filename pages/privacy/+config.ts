import type { Config } from 'vike/types'

export default {
  title: 'Privacy Policy | Ashbourne Leather',
  description: 'The Privacy Policy of Ashbourne Leather LTD.',
} satisfies Config
