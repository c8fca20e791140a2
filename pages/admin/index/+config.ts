import type { Config } from 'vike/types'

export default {
  title: 'Product Image Generator | Ashbourne Leather',
  description: 'Generate the product photographs of the catalogue.',
  noindex: true,
} satisfies Config
