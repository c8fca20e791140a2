import type { PageContextServer } from 'vike/types'
import { ownerOnly } from '../../owner-only.ts'
import { productFormData, type ProductFormData } from '../product-form-data.ts'

export type Data = ProductFormData

export function data(pageContext: PageContextServer): Data {
  ownerOnly(pageContext)
  return productFormData(pageContext, null)
}
