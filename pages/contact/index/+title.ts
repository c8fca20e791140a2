import type { PageContext } from 'vike/types'
import type { Data } from './+data.ts'

export default (pc: PageContext<Data>) =>
  pc.data?.orderGone ? `${pc.data.orderGone.heading} | Ashbourne Leather` : 'Contact Us | Ashbourne Leather'
