import type { Config } from 'vike/types'

export default {
  title: 'History of changes | Ashbourne Leather',
} satisfies Config
