import { COMPANY } from '../../../domain/business.ts'
import type { ImageAngle } from '../../../domain/image-generation.ts'
import type { Product } from '../../../domain/product.ts'

/** Same set, light and framing in every prompt, so photographs taken months apart look like one shoot. */
export const STUDIO_STYLE = [
  `Professional e-commerce product photograph for ${COMPANY.brand}, a British maker of handmade leather goods.`,
  'Seamless warm off-white studio backdrop (parchment, #F7F1E8) with a soft graduated falloff.',
  'Soft diffused key light from the upper left, gentle fill from the ' +
    'right, a soft natural contact shadow beneath the product.',
  'True-to-life leather colour and texture, crisp focus, high detail, ' +
    'photorealistic, shot on a full-frame camera with a 100mm lens.',
  'Square 1:1 composition, the product centred with generous even margins.',
  'No people, no hands, no text, no logos, no price tags, no props, no watermark.',
].join(' ')

/** Where the camera stands for each angle (the four angles: main, 45-degree, side profile, detail). */
export const ANGLE_DIRECTIONS: Record<ImageAngle, string> = {
  main:
    'Hero shot: the whole product seen from the front at a slight ' +
    'three-quarter angle at eye level, filling about 70% of the frame.',
  '45-degree': 'The whole product seen from 45 degrees above and to one side, showing its top and one side.',
  'side profile':
    'The whole product in a straight side profile at eye level, its full silhouette visible from end to end.',
  detail:
    'Close-up macro detail of the craftsmanship: stitching, edges, grain and hardware, with a shallow depth of field.',
}

const CATEGORY_STAGING: Record<Product['category'], string> = {
  footwear: 'The right shoe of the pair on its own, laced or fastened as worn.',
  bags: 'The bag standing upright, closed, straps or handles arranged neatly.',
  belts: 'The belt loosely coiled with the buckle facing the camera.',
}

export function imagePrompt(product: Pick<Product, 'name' | 'description' | 'category'>, angle: ImageAngle): string {
  return [
    STUDIO_STYLE,
    `Product: ${product.name}. ${product.description}`,
    CATEGORY_STAGING[product.category],
    ANGLE_DIRECTIONS[angle],
  ].join('\n\n')
}
