import type { PageContext } from 'vike/types'
import type { Data } from './+data.ts'

export default (pc: PageContext) => `${(pc.data as Data).product.name} | Ashbourne Leather`
