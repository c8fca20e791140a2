import type { Config } from 'vike/types'

export default {
  title: 'Restore a snapshot | Ashbourne Leather',
  noindex: true,
} satisfies Config
