import type { PageContext } from 'vike/types'
import { productImagePreload } from '../../../components/product-image.ts'
import type { Data } from './+data.ts'
import { GALLERY_SIZES } from './Gallery.tsx'

export default (pc: PageContext<Data>) => {
  const main = pc.data.gallery[0]!
  return productImagePreload(main.src, main.avif === true, GALLERY_SIZES)
}
