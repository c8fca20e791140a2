import type { PageContextServer } from 'vike/types'
import { valuesOf, type ProductErrors, type ProductField, type ProductValues } from '../../../domain/product-form.ts'
import type { Product } from '../../../domain/product.ts'

export type ProductFormData = {
  values: ProductValues
  errors: ProductErrors
  /** What the form is saved against (JSON): only the fields the owner changed from it are written. */
  base: string
  /** Changed both in this form and elsewhere: the version saved now, and which fields. */
  conflict: { saved: ProductValues; fields: ProductField[] } | null
}

const EMPTY: ProductValues = {
  id: '',
  name: '',
  description: '',
  price: '',
  sku: '',
  category: '',
  availability: 'in-stock',
  leadTime: '',
  stock: '',
  showFewLeft: '',
  mainImage: '',
  paymentLink: '',
}

/** The form as stored, or as a post sent it back (with the base it was made from). */
export function productFormData(pageContext: PageContextServer, product: Product | null): ProductFormData {
  const sent = pageContext.form?.product
  const opened = product ? valuesOf(product) : EMPTY
  return {
    values: sent?.values ?? opened,
    errors: sent?.errors ?? {},
    base: JSON.stringify(sent?.base ?? opened),
    conflict: sent?.conflict ?? null,
  }
}
