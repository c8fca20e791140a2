import type { PageContext } from 'vike/types'

export default (pc: PageContext) =>
  pc.is404 ? 'Page Not Found | Ashbourne Leather' : 'Something went wrong | Ashbourne Leather'
