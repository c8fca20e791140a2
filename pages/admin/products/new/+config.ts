import type { Config } from 'vike/types'

export default {
  title: 'Add a product | Ashbourne Leather',
} satisfies Config
