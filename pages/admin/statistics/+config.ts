import type { Config } from 'vike/types'

export default {
  title: 'Visits | Ashbourne Leather',
  description: 'Which pages and products visitors look at, where they come from, and what they go on to buy.',
  noindex: true,
} satisfies Config
