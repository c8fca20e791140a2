import type { PageContext } from 'vike/types'
import { productImageSources } from '../../../components/product-image.ts'
import type { Data } from './+data.ts'

export default (pc: PageContext<Data>) => productImageSources(pc.data.gallery[0]!.src).src
