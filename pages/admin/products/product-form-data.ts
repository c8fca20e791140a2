import type { PageContextServer } from 'vike/types'
import { valuesOf, type ProductErrors, type ProductValues } from '../../../domain/product-form.ts'
import type { Product } from '../../../domain/product.ts'

export type ProductFormData = {
  values: ProductValues
  errors: ProductErrors
  /** The revision the form is saved against (another tab's save since then is a conflict). */
  revision: string
  /** The values as the form opened, so only what the owner changed is written. */
  base: string
  conflict: ProductValues | null
}

export function productFormData(
  pageContext: PageContextServer,
  product: Product | null,
  revision: string,
): ProductFormData {
  const sent = pageContext.productForm
  const opened: ProductValues = product
    ? valuesOf(product)
    : {
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
  if (sent?.conflict) {
    return {
      values: sent.values,
      errors: sent.errors,
      revision: sent.conflict.revision,
      base: JSON.stringify(sent.conflict.saved),
      conflict: sent.conflict.saved,
    }
  }
  return {
    values: sent?.values ?? opened,
    errors: sent?.errors ?? {},
    revision,
    base: JSON.stringify(opened),
    conflict: null,
  }
}
