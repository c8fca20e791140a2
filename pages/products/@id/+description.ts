import type { PageContext } from 'vike/types'
import type { Data } from './+data.ts'

export default (pc: PageContext<Data>) => {
  const { product } = pc.data
  return `${product.description} ${product.price}, handmade in Northampton.`
}
