import type { PageContext } from 'vike/types'
import { snippet } from '../../../domain/plain-text.ts'
import type { Data } from './+data.ts'

/** What search results show under the product's title, cut where they cut (about 155 characters): the price first. */
const SNIPPET_MAX = 155

export default (pc: PageContext<Data>) => {
  const { product } = pc.data
  return snippet(`${product.price}, handmade in Northampton. ${product.description}`, SNIPPET_MAX)
}
