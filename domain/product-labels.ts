import type { ProductField } from './product-form.ts'

/**
 * What the product form calls each field, in the owner's words: the form itself, the history and a
 * snapshot's confirmation name a field the same way.
 */
export const PRODUCT_LABELS: Record<ProductField, string> = {
  name: 'Name',
  id: 'Web address of the product page',
  price: 'Price',
  category: 'Category',
  availability: 'Availability',
  leadTime: 'Time to make',
  stock: 'Pieces ready to send',
  showFewLeft: 'Say “Only 1 left” on its page',
  sku: 'SKU (stock code)',
  description: 'Description',
  mainImage: 'Photograph shown first',
  paymentLink: 'Card payment page',
}
