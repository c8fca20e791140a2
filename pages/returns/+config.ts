import type { Config } from 'vike/types'

export default {
  title: 'Returns Policy | Ashbourne Leather',
  description: 'The Returns Policy of Ashbourne Leather LTD.',
} satisfies Config
