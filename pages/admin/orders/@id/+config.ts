import type { Config } from 'vike/types'

export default {
  description: 'An order.',
  noindex: true,
} satisfies Config
