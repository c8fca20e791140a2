import type { Config } from 'vike/types'

export default {
  title: 'Health | Ashbourne Leather',
  description: "How the shop's server is doing.",
  noindex: true,
} satisfies Config
