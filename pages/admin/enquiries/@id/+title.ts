import type { PageContext } from 'vike/types'
import type { Data } from './+data.ts'

export default (pc: PageContext<Data>) => `Enquiry from ${pc.data.enquiry.name} | Ashbourne Leather`
