import { useEffect, useId, useRef, useState, type RefObject } from 'react'
import { productPath } from '../../domain/catalogue.ts'
import type { Product } from '../../domain/product.ts'
import { buildOrderNote, buildPaymentUrl, checkOrder, ORDER_FIELDS, type OrderField } from '../../domain/order.ts'
import { orderStore } from '../../stores/order-store.ts'
import { clearFields, readFields } from '../form/Field.tsx'
import { OrderFields, PaymentNote } from './OrderFields.tsx'

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])'

/**
 * 'Place Your Order'. A modal <dialog>: focus moves in, stays in while open (Tab wraps), and returns to
 * the 'Purchase Now' button after. A valid order opens the product's payment link in a new tab with
 * the order summary as `note`, closes the dialog and empties it; nothing is sent to our server.
 * Loaded when a visitor first shows interest in buying, not with the page.
 */
export default function OrderDialog({ returnFocusTo }: { returnFocusTo: RefObject<HTMLElement | null> }) {
  const product = orderStore.useSelector((s) => s.product)
  const close = orderStore.useSelector((s) => s.close)
  const dialogRef = useRef<HTMLDialogElement>(null)
  const id = useId()

  useEffect(() => {
    const dialog = dialogRef.current
    if (!dialog) return
    if (!dialog.open) dialog.showModal()
    dialog.querySelector<HTMLElement>('input, select, textarea')?.focus()
    const trigger = returnFocusTo.current
    return () => {
      // Focus goes back to the button that opened the dialog.
      if (trigger?.isConnected) trigger.focus()
    }
  }, [returnFocusTo])

  if (!product) return null

  const onKeyDown = (e: React.KeyboardEvent<HTMLDialogElement>) => {
    if (e.key !== 'Tab') return
    const focusable = [...e.currentTarget.querySelectorAll<HTMLElement>(FOCUSABLE)]
    const first = focusable[0]
    const last = focusable[focusable.length - 1]
    if (!first || !last) return
    if (e.shiftKey && document.activeElement === first) {
      e.preventDefault()
      last.focus()
    } else if (!e.shiftKey && document.activeElement === last) {
      e.preventDefault()
      first.focus()
    }
  }

  return (
    <dialog
      ref={dialogRef}
      className="order-dialog"
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-product`}
      onCancel={(e) => {
        e.preventDefault() // Escape: close through our state so React stays in charge
        close()
      }}
      onClick={(e) => {
        if (e.target === e.currentTarget) close() // a click on the backdrop
      }}
      onKeyDown={onKeyDown}
    >
      <div className="order-dialog__panel">
        <button type="button" className="order-dialog__close" aria-label="Close" onClick={close}>
          <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
            <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          </svg>
        </button>
        <h2 id={`${id}-title`} className="order-dialog__title">
          Place Your Order
        </h2>
        <OrderSummary id={`${id}-product`} product={product} />
        <OrderForm idPrefix={id} product={product} onPlaced={close} onCancel={close} newTab />
      </div>
    </dialog>
  )
}

/** The product being ordered: its name and price. */
export function OrderSummary({ id, product }: { id?: string; product: Pick<Product, 'name' | 'price'> }) {
  return (
    <p id={id} className="order-dialog__product">
      <span className="order-dialog__product-name">{product.name}</span>
      <span className="order-dialog__product-price">{product.price}</span>
    </p>
  )
}

type OrderFormProps = {
  idPrefix: string
  product: Product
  /** After a valid order has opened the payment page (the dialog closes). */
  onPlaced?: () => void
  onCancel?: () => void
  /** Where Cancel leads without JavaScript (the product page's own form). */
  cancelHref?: string
  /** Say that the payment page opens in a new tab (true wherever this runs with JavaScript only). */
  newTab: boolean
  initial?: import('../../domain/order.ts').OrderForm
  initialErrors?: Partial<Record<OrderField, string>>
}

/**
 * The order form, in the dialog and on a product page. It posts to the product's address, where the
 * server checks it with the same schema and sends a visitor without JavaScript on to the payment page;
 * with JavaScript it is checked here and the payment page opens in a new tab, nothing sent to us.
 */
export function OrderForm({ idPrefix, product, onPlaced, onCancel, cancelHref, newTab, initial, initialErrors }: OrderFormProps) {
  const [errors, setErrors] = useState<Partial<Record<OrderField, string>>>(initialErrors ?? {})

  const onSubmit = (e: React.FormEvent<HTMLFormElement>) => {
    e.preventDefault()
    const form = e.currentTarget
    const values = readFields(form, ORDER_FIELDS)
    const result = checkOrder(product.category, values)
    if (!result.success) {
      setErrors(result.errors)
      const first = ORDER_FIELDS.find((f) => result.errors[f])
      if (first) form.querySelector<HTMLElement>(`[name="${first}"]`)?.focus()
      return
    }
    window.open(buildPaymentUrl(product.paymentLink, buildOrderNote(product, values)), '_blank', 'noopener')
    clearFields(form, ORDER_FIELDS)
    setErrors({})
    onPlaced?.()
  }

  // Editing a field clears its message.
  const onInput = (e: React.FormEvent<HTMLFormElement>) => {
    const field = (e.target as HTMLInputElement).name as OrderField
    if (errors[field]) setErrors(({ [field]: _, ...rest }) => rest as Partial<Record<OrderField, string>>)
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
