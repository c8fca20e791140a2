import { availabilityOf, availabilityText } from '../../domain/availability.ts'
import { productPath } from '../../domain/catalogue.ts'
import { buildOrderNote, buildPaymentUrl, checkOrder, ORDER_FIELDS, type OrderField, type OrderForm as OrderValues } from '../../domain/order.ts'
import type { Product } from '../../domain/product.ts'
import { clearFields, readFields, useFieldErrors } from '../form/form-state.ts'
import { OrderFields, PaymentNote } from './OrderFields.tsx'

/** The terms ordered on: name, price and, for a product made to order, its lead time. */
export function OrderSummary({ id, product }: { id?: string; product: Pick<Product, 'name' | 'price' | 'availability' | 'leadTime'> }) {
  return (
    <p id={id} className="order-dialog__product">
      <span className="order-dialog__product-name">
        {product.name}
        {availabilityOf(product) === 'made-to-order' ? <span className="order-dialog__product-availability">{availabilityText(product)}</span> : null}
      </span>
      <span className="order-dialog__product-price">{product.price}</span>
    </p>
  )
}

type Props = {
  idPrefix: string
  product: Product
  onPlaced?: () => void
  onCancel?: () => void
  /** Where Cancel leads without JavaScript (the product page's own form). */
  cancelHref?: string
  newTab: boolean
  initial?: OrderValues
  initialErrors?: Partial<Record<OrderField, string>>
}

/** Posts to the product's address so it works without JavaScript; with it, the payment page opens in a new tab. */
export function OrderForm({ idPrefix, product, onPlaced, onCancel, cancelHref, newTab, initial, initialErrors }: Props) {
  const { errors, onInput, show: showErrors, clear: clearErrors } = useFieldErrors<OrderField>(initialErrors)

  const onSubmit = (e: React.FormEvent<HTMLFormElement>) => {
    e.preventDefault()
    const form = e.currentTarget
    const values = readFields(form, ORDER_FIELDS)
    const result = checkOrder(product.category, values)
    if (!result.success) {
      showErrors(form, result.errors, ORDER_FIELDS)
      return
    }
    window.open(buildPaymentUrl(product.paymentLink, buildOrderNote(product, values)), '_blank', 'noopener')
    clearFields(form, ORDER_FIELDS)
    clearErrors()
    onPlaced?.()
  }

  return (
    <form method="post" action={`${productPath(product)}?order=1#order`} noValidate onSubmit={onSubmit} onInput={onInput} className="order-form">
      <OrderFields idPrefix={idPrefix} category={product.category} errors={errors} initial={initial} />
      <PaymentNote newTab={newTab} />
      <div className="order-form__actions">
        {onCancel ? (
          <button type="button" className="btn btn-outline" onClick={onCancel}>
            Cancel
          </button>
        ) : cancelHref ? (
          <a className="btn btn-outline" href={cancelHref}>
            Cancel
          </a>
        ) : null}
        <button type="submit" className="btn btn-primary">
          Purchase
        </button>
      </div>
    </form>
  )
}
