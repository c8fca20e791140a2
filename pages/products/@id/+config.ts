import type { Config } from 'vike/types'

export default {
  socialType: 'product',
} satisfies Config
