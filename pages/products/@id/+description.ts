import type { PageContext } from 'vike/types'
import type { Data } from './+data.ts'

export default (pc: PageContext) => {
  const { product } = pc.data as Data
  return `${product.description} ${product.price}, handmade in Northampton.`
}
