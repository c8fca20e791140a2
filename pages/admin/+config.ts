import type { Config } from 'vike/types'

export default {
  noindex: true,
} satisfies Config
