/** The landing page's marketing copy (docs/site.md); company details live in domain/business.ts. */
import type { Category } from '../../domain/business.ts'

export const BRAND_MESSAGES = ['Handmade', 'Premium Leather', 'Quality Guaranteed', 'British craftsmanship'] as const

export type Highlight = { title: string; text: string; icon: IconName }

export type IconName = 'hide' | 'needle' | 'compass' | 'seal' | 'awl' | 'shield' | 'crown' | 'hand'

export const HERITAGE_HIGHLIGHTS: Highlight[] = [
  {
    title: 'Premium Materials',
    text:
      'Full-grain hides from long-established British and European tanneries, ' +
      'chosen by hand for their grain, weight and the way they age.',
    icon: 'hide',
  },
  {
    title: 'Expert Craftsmanship',
    text:
      'Every piece is cut, stitched and burnished at the bench by ' +
      'craftspeople trained in the traditions of English shoe and saddle ' +
      'making.',
    icon: 'needle',
  },
  {
    title: 'Timeless Design',
    text:
      'Classic shapes refined over decades rather than seasons: made to be ' +
      'worn every day, resoled, restored and handed on.',
    icon: 'compass',
  },
]

export type CollectionCard = { title: string; category: Category; description: string; image: string; alt: string }

export const COLLECTION_CARDS: CollectionCard[] = [
  {
    title: 'Footwear',
    category: 'footwear',
    description:
      'Oxfords, brogues, loafers and boots, lasted and Goodyear-welted so they can be resoled for years to come.',
    image: '/images/collection-footwear.svg',
    alt: 'A dark brown Chelsea boot beside two chestnut leather lace-up shoes',
  },
  {
    title: 'Bags',
    category: 'bags',
    description:
      'Briefcases, holdalls and messenger bags in saddle leather, with solid brass fittings and hand-stitched seams.',
    image: '/images/collection-bags.svg',
    alt: 'A leather holdall, a briefcase with a brass lock and a tan tote bag',
  },
  {
    title: 'Belts',
    category: 'belts',
    description: 'Single-piece bridle leather belts with edges burnished by hand and buckles in solid brass or nickel.',
    image: '/images/collection-belts.svg',
    alt: 'Three coiled leather belts with brass and nickel buckles, one of them braided',
  },
]

export const QUALITY_VALUES: Highlight[] = [
  {
    title: 'Authenticity',
    text:
      'Genuine full-grain leather and honest materials throughout: no bonded ' +
      'leather, no coated splits, no shortcuts.',
    icon: 'seal',
  },
  {
    title: 'Craftsmanship',
    text: 'Made by hand in our own workshop, and inspected piece by piece before anything leaves the bench.',
    icon: 'awl',
  },
  {
    title: 'Durability',
    text:
      'Welted soles, saddle stitching and reinforced stress points, built for ' +
      'decades of daily wear and for repair.',
    icon: 'shield',
  },
  {
    title: 'Luxury',
    text: 'Supple leathers, fine finishing and quiet detail that you feel every time you put it on or pick it up.',
    icon: 'crown',
  },
]

export type Testimonial = { text: string; name: string; title: string; initials: string }

export const TESTIMONIALS: Testimonial[] = [
  {
    text:
      'My Oxfords have been worn to the office almost every day for three ' +
      'years and they look better now than when they arrived. Resoled once, ' +
      'and good for many more.',
    name: 'James Whitfield',
    title: 'Barrister',
    initials: 'JW',
  },
  {
    text:
      'The briefcase is beautifully made: even stitching, a lovely weight to ' +
      'the leather and brass fittings that feel solid. People stop me to ask ' +
      'where it is from.',
    name: 'Eleanor Hughes',
    title: 'Architect',
    initials: 'EH',
  },
  {
    text:
      'I asked for a belt in an unusual size and the team made it by hand ' +
      'without any fuss. Friendly, knowledgeable, and the quality is ' +
      'exceptional.',
    name: 'Rahul Mehta',
    title: 'Restaurant Owner',
    initials: 'RM',
  },
]

export const TESTIMONIAL_RATING = 5

/** The hero's background picture (1600×1000), also preloaded by pages/index/+preloadImage.ts. */
export const HERO_IMAGE = '/images/hero.svg'
