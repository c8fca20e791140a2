import type { Config } from 'vike/types'

export default {
  title: 'Enquiries | Ashbourne Leather',
  description: "The shop's enquiries.",
  noindex: true,
} satisfies Config
