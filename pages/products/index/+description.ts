import type { PageContext } from 'vike/types'
import { CATEGORY_LABELS, filterFromParam } from '../../../domain/business.ts'

export default (pc: PageContext) => {
  const f = filterFromParam(pc.urlParsed?.search?.category)
  const what = f === 'all' ? 'footwear, bags and belts' : CATEGORY_LABELS[f].toLowerCase()
  return (
    `Browse our handmade British leather ${what}: full-grain leather, ` +
    `stitched in Northampton, with secure card payment.`
  )
}
