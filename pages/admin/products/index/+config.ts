import type { Config } from 'vike/types'

export default {
  title: 'Products | Ashbourne Leather',
  description: "The shop's products, for the owner to change.",
} satisfies Config
