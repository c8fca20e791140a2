import type { PageContext } from 'vike/types'
import type { Data } from './+data.ts'

export default (pc: PageContext<Data>) => `Order: ${pc.data.order.product} | Ashbourne Leather`
