import type { PageContext } from 'vike/types'
import type { Data } from './+data.ts'

export default (pc: PageContext<Data>) => `${pc.data.product.name} | Ashbourne Leather`
