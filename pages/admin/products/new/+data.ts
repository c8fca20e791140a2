// https://vike.dev/data: an empty product form (or the one a post sent back with its messages).
import type { PageContextServer } from 'vike/types'
import { ownerOnly } from '../../owner-only.ts'
import { productFormData, type ProductFormData } from '../product-form-data.ts'

export type Data = ProductFormData

export function data(pageContext: PageContextServer): Data {
  ownerOnly(pageContext)
  return productFormData(pageContext, null, '')
}
