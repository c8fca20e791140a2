import type { PageContext } from 'vike/types'
import { socialImagePath, SOCIAL_IMAGE } from '../../../domain/social-image.ts'
import type { Data } from './+data.ts'

// A JPEG of the product that chat apps preview (made once per photograph, server/routes/social-images.server.ts).
export default (pc: PageContext<Data>) => {
  const { product, gallery } = pc.data
  return {
    url: socialImagePath(product.id, gallery[0]!.src),
    width: SOCIAL_IMAGE.width,
    height: SOCIAL_IMAGE.height,
    alt: product.name,
  }
}
