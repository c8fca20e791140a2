import type { PageContext } from 'vike/types'
import { PRODUCT_CARD_SIZES, productImagePreload } from '../../../components/product-image.ts'
import { filterFromParam } from '../../../domain/business.ts'
import { productsIn } from '../../../domain/catalogue.ts'
import type { Data } from './+data.ts'

// The first card's photograph is the largest paint on a phone, and in the first row on wider screens.
export default (pc: PageContext<Data>) => {
  const first = productsIn(pc.data.products, filterFromParam(pc.urlParsed.search.category))[0]
  return first && productImagePreload(first.mainImage, pc.data.avifImages.includes(first.mainImage), PRODUCT_CARD_SIZES)
}
