import type { Config } from 'vike/types'

export default {
  title: 'Orders | Ashbourne Leather',
  description: "The shop's orders.",
  noindex: true,
} satisfies Config
