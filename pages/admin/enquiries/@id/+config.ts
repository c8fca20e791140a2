import type { Config } from 'vike/types'

export default {
  description: 'An enquiry.',
  noindex: true,
} satisfies Config
