import type { Config } from 'vike/types'

export default {
  description: "The shop's enquiries.",
  noindex: true,
} satisfies Config
