import type { Config } from 'vike/types'

export default {
  title: 'Ashbourne Leather | Handmade British Leather Footwear, Bags & Belts',
  description:
    'Timeless footwear and accessories, handmade in Northampton from ' +
    'premium full-grain leather. Quality guaranteed, British craftsmanship ' +
    'since 1987.',
} satisfies Config
