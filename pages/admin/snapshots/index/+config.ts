import type { Config } from 'vike/types'

export default {
  title: 'Snapshots | Ashbourne Leather',
  noindex: true,
} satisfies Config
