import type { Config } from 'vike/types'

export default {
  title: 'Cookies Policy | Ashbourne Leather',
  description: 'The Cookies Policy of Ashbourne Leather LTD.',
} satisfies Config
